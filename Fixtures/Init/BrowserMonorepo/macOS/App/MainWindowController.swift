import AppKit

final class MainWindowController: NSWindowController {
    override func windowDidLoad() {
        super.windowDidLoad()
        window?.title = NSLocalizedString("window.title", comment: "Title of the main window")
    }
}
