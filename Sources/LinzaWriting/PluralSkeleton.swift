import LinzaBase
import LinzaTables

/// The `.stringsdict` entry `sync` writes for a new key whose text counts something
/// (`"%d items"`, `"You have %lld new messages"`): one variable, the development language's
/// CLDR categories, every form holding the call's text. The app shows what a plain entry
/// would, and the entry has the forms a person then words (`one`: "%d item").
enum PluralSkeleton {
    /// The variable's name in the skeleton.
    static let variable = "count"

    /// The count `text` reads: its only conversion, an integer one, followed by a space and a
    /// letter (a noun it counts). `"Version %d"` and `"Page %d of %d"` are not counts.
    static func countSpecifier(in text: String) -> FormatSpecifier? {
        let specifiers = FormatSpecifier.parse(text)
        guard specifiers.count == 1, let only = specifiers.first, only.type == .int32 || only.type == .int64,
            let range = text.firstRange(of: only.text)
        else { return nil }
        let after = text[range.upperBound...]
        guard after.first == " ", let next = after.dropFirst().first, next.isLetter else { return nil }
        return only
    }

    /// The conversion without `%`, position, flags or width: `lld` for `%1$5lld`
    /// (`NSStringFormatValueTypeKey`).
    static func valueType(of specifier: FormatSpecifier) -> String {
        let modifiers = Set("hlqztjL")
        var text = Substring(specifier.text)
        let conversion = text.removeLast()
        return String(text.reversed().prefix { modifiers.contains($0) }.reversed()) + String(conversion)
    }

    /// The entry's lines (`<key>` to its `</dict>`, each line ending in a line feed), with
    /// `unit` as one level of indentation and the entry itself one level in.
    static func block(key: String, text: String, specifier: FormatSpecifier, categories: [String], unit: String)
        -> [UInt8]
    {
        let type = valueType(of: specifier)
        // Inside a form the variable's own argument is read: the conversion without its position.
        let form = text.replacing(specifier.text, with: "%" + type)
        let one = unit, two = unit + unit, three = unit + unit + unit
        var lines = [
            "\(one)<key>\(XMLEscaping.escape(key))</key>",
            "\(one)<dict>",
            "\(two)<key>NSStringLocalizedFormatKey</key>",
            "\(two)<string>\(formatKey(for: specifier))</string>",
            "\(two)<key>\(variable)</key>",
            "\(two)<dict>",
            "\(three)<key>NSStringFormatSpecTypeKey</key>",
            "\(three)<string>NSStringPluralRuleType</string>",
            "\(three)<key>NSStringFormatValueTypeKey</key>",
            "\(three)<string>\(type)</string>",
        ]
        for category in categories {
            lines += ["\(three)<key>\(category)</key>", "\(three)<string>\(XMLEscaping.escape(form))</string>"]
        }
        lines += ["\(two)</dict>", "\(one)</dict>"]
        return Array(lines.map { $0 + "\n" }.joined().utf8)
    }

    /// What `NSStringLocalizedFormatKey` holds for `specifier`.
    static func formatKey(for specifier: FormatSpecifier) -> String {
        "%" + (specifier.text.contains("$") ? "\(specifier.argument)$" : "") + "#@\(variable)@"
    }
}
