/// Whether a key reads as text a user may see, or as an identifier nobody should see.
///
/// A key that is its own text (`"Turn on search suggestions?"`, `"Cancel"`, `"OK"`: genstrings'
/// and SwiftUI's style) may be written as its own value; an identifier (`settings.title`,
/// `Scene.Notification.Title`, `yourEmail`, `ERROR_TITLE`, `cancel`) must not be: the app
/// would show the raw key, the mistake genstrings made that sent the first Linza team away
/// from it.
enum KeyText {
    /// True when `key` may be shown as it is: it has a space or a character outside ASCII,
    /// or it is a capitalised word with no identifier marks (`.`, `_`, an inner capital
    /// after a lowercase letter, digits).
    static func isText(_ key: String) -> Bool {
        guard !key.isEmpty else { return false }
        if key.unicodeScalars.contains(where: { $0.properties.isWhitespace || !$0.isASCII }) { return true }
        if key.contains(".") || key.contains("_") || key.contains(where: \.isNumber) { return false }
        var previous: Character?
        for character in key {
            if let previous, previous.isLowercase, character.isUppercase { return false }
            previous = character
        }
        // `cancel`, `e-mail`: a lowercase word is how identifiers start; text starts with a capital.
        return key.first!.isUppercase || !key.contains(where: \.isLetter)
    }
}
