import AppKit

// A macOS login item without tables of its own, embedded by the macOS app only: its keys
// are the macOS app's (de lacks updater.ready), not the iOS app's.
enum UpdateNotifier {
    static let ready = NSLocalizedString("updater.ready", comment: "Notification when an update is downloaded")
    static let restart = NSLocalizedString("updater.restart", comment: "Button that restarts the app to update")
}
