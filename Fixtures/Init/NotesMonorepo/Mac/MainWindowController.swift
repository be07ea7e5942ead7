import AppKit

final class MainWindowController: NSWindowController {
    override func windowDidLoad() {
        super.windowDidLoad()
        // R.swift accessors, generated during the build.
        window?.title = R.string.localizable.macWindowTitle()
        window?.toolbar?.items.first?.label = R.string.localizable.macToolbarNew()
        window?.toolbar?.items.last?.label = R.string.localizable.macToolbarDelete()
        window?.subtitle = NSLocalizedString("notes.title", comment: "List title")
    }

    func buildMenu(languages: [String]) -> NSMenu {
        let menu = NSMenu(title: R.string.localizable.macPrefsTitle.key)
        menu.addItem(withTitle: R.string(preferredLanguages: languages).localizable.macMenuExport(), action: nil, keyEquivalent: "e")
        menu.addItem(withTitle: R.string.localizable.macMenuPrint(preferredLanguages: languages), action: nil, keyEquivalent: "p")
        menu.addItem(withTitle: R.string.localizable.macPrefsSync(), action: nil, keyEquivalent: "")
        menu.addItem(withTitle: R.string.localizable.noteUntitled(), action: nil, keyEquivalent: "")
        return menu
    }
}
