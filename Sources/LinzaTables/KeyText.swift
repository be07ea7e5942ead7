/// Whether a key is text an app could show as it is. A call without a default value shows
/// its key when the table lacks it, so a key such as `Cancel` or `Don't save` is the text
/// the developer meant; `settings.title`, `SETTINGS_TITLE` or `appIconSelection` is a name
/// for a text someone still has to write, and writing the name into a table as the
/// development text would hide the missing text from `lint`.
package enum KeyText {
    /// False for identifier-like keys: ASCII letters, digits, `_` and `-` in parts joined by
    /// single dots, with a dot or `_`, with a camelCase hump after two lowercase letters
    /// (`appIcon`, but not `iCloud`), or in lowercase only (`cancel`). Format specifiers
    /// and the spaces around them are set aside first, as keys name their arguments
    /// (`climate.current_value_%@`, SwiftUI's `feed.posts %lld`); what is left must then
    /// have a dot, `_` or hump (`%lld posts` is text). True for anything else: spaces,
    /// punctuation, other scripts, a capitalised word (`Cancel`, `OK`, `iPhone`).
    package static func readsAsText(_ key: String) -> Bool {
        let specifiers = FormatSpecifier.parse(key)
        guard !specifiers.isEmpty else { return readsAsText(name: key, lowercaseIsName: true) }
        var name = key
        for specifier in specifiers { name = name.replacing(specifier.text, with: " ") }
        let trimmed = name.split(separator: " ", omittingEmptySubsequences: true)
        // Spaces inside what is left (`Hello, %@ and %@` aside) make it text.
        return trimmed.count != 1 || readsAsText(name: String(trimmed[0]), lowercaseIsName: false)
    }

    private static func readsAsText(name key: String, lowercaseIsName: Bool) -> Bool {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        let isNameCharacter: (Character) -> Bool = {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-")
        }
        guard let first = key.first, first.isASCII && (first.isLetter || first == "_"),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isNameCharacter) })
        else { return true }
        if parts.count > 1 || key.contains("_") { return false }
        if !key.contains(where: \.isUppercase) { return !lowercaseIsName }
        // A camelCase hump: an uppercase letter after at least two lowercase ones.
        var lowercaseRun = 0
        for character in key {
            if character.isLowercase {
                lowercaseRun += 1
            } else {
                if character.isUppercase && lowercaseRun >= 2 { return false }
                lowercaseRun = 0
            }
        }
        return true
    }
}
