import AppKit

// Linked by the macOS app only: its keys are in the macOS app's tables.
public enum PreferencesWindow {
    public static let title = NSLocalizedString("preferences.title", comment: "Title of the settings window")
}
