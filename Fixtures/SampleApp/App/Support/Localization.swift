import Foundation

/// The app's shorthand for NSLocalizedString with an empty comment.
func BPFLocalizedString(_ key: String) -> String {
    // linza:disable:next dynamic_key - the wrapper forwards its caller's key
    NSLocalizedString(key, comment: "")
}

/// Type-safe access to strings that take arguments.
enum L10n {
    static func deliveryEta(minutes: Int) -> String {
        String(format: BPFLocalizedString("delivery.eta"), minutes)
    }
}
