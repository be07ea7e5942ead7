import Foundation

/// An extension that ships only a German table but names its text by identifier: in English
/// it shows "intent.override.title", a gap lint must report rather than hide.
final class IntentHandler {
    let title = NSLocalizedString("intent.override.title", comment: "Override intent title")
}
