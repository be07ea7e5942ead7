import Foundation

/// Every string of the app goes through here, so that the bundle can change in one place.
func PizzaLocalizedString(_ key: String, comment: String) -> String {
    NSLocalizedString(key, comment: comment)
}

extension String {
    /// `"menu.title".localized`
    var localized: String {
        NSLocalizedString(self, comment: "")
    }
}
