import AppKit

final class CPUView: NSView {
    private let title = NSTextField(labelWithString: "")
    private let detail = NSTextField(labelWithString: "")

    func show(cores: Int, used: String, total: String) {
        title.stringValue = localizedString("Number of cores", "\(cores)")
        detail.stringValue = localizedString("Used disk memory", used, total)
        toolTip = String(format: NSLocalizedString("Load %d%%", comment: "CPU load"), 42)
    }
}
