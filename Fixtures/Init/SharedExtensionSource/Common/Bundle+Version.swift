import Foundation

// Compiled by the app and by its intent extension. Only the app names
// localizedNameAndVersion: its key is read from the app's tables.
extension Bundle {
    var localizedNameAndVersion: String {
        String(format: NSLocalizedString("%1$@ v%2$@", comment: "App name and version"), displayName, shortVersion)
    }

    var displayName: String {
        object(forInfoDictionaryKey: "CFBundleDisplayName") as? String ?? ""
    }

    var shortVersion: String {
        object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? ""
    }

    var appGroupSuiteName: String {
        object(forInfoDictionaryKey: "AppGroupIdentifier") as? String ?? ""
    }
}
