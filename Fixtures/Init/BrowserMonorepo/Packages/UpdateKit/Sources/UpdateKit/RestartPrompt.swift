// A product of its own package that MacSupport names by its bare name: embedded by the
// macOS app through MacSupport, so it reads the macOS app's tables.
public let restartTitle = NSLocalizedString("updater.restart", comment: "Button that restarts the app to update")
