import AppKit

final class MainWindowController: NSWindowController {
    override func windowDidLoad() {
        super.windowDidLoad()
        // R.swift accessors, generated during the build.
        window?.title = R.string.localizable.macWindowTitle()
        window?.toolbar?.items.first?.label = R.string.localizable.macToolbarNew()
        window?.subtitle = NSLocalizedString("notes.title", comment: "List title")
    }
}
