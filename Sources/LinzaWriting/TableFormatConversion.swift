import LinzaBase
import LinzaTables

/// One key's translations between the two ways a table can be kept: `.strings` plus
/// `.stringsdict` files per language, or one String Catalog entry. Only shapes both sides
/// can hold are converted: a plain text, and plural forms of one number that make the whole
/// text (`%#@items@`); anything else (text around the plural, several plurals, device
/// variations) is refused by the caller, never approximated.
enum TableFormatConversion {
    /// The plural forms (category → text) of a `.stringsdict` entry whose format is one
    /// plural variable and nothing else; nil for any other shape.
    static func pluralForms(of entry: TableEntry) -> [String: String]? {
        guard let format = entry.value else { return nil }
        let specifiers = FormatSpecifier.parse(format)
        guard specifiers.count == 1, specifiers[0].type == .variable, specifiers[0].text == format else { return nil }
        var forms: [String: String] = [:]
        for text in entry.texts {
            guard case .plural(_, let category) = text.role else { continue }
            forms[category] = text.text
        }
        let rules = Set(entry.pluralRules.map(\.name))
        return rules.count == 1 && !forms.isEmpty ? forms : nil
    }

    /// A catalog entry holding `texts` and `plurals` (language → forms; a language with both
    /// takes its plural, as the run time reads the `.stringsdict` first), in Xcode's order.
    static func catalogEntry(comment: String?, texts: [String: String], plurals: [String: [String: String]])
        -> CatalogValue
    {
        var localizations = CatalogValue.object([])
        for (language, text) in texts where plurals[language] == nil {
            localizations.set(language, unit(text))
        }
        for (language, forms) in plurals {
            var variations = CatalogValue.object([])
            for (category, text) in forms { variations.set(category, unit(text)) }
            localizations.set(
                language,
                .object([
                    CatalogMember(key: "variations", value: .object([CatalogMember(key: "plural", value: variations)]))
                ]))
        }
        var entry = CatalogValue.object([])
        if let comment, !comment.isEmpty { entry.set("comment", .string(comment)) }
        entry.set("localizations", localizations)
        return entry
    }

    private static func unit(_ text: String) -> CatalogValue {
        .object([
            CatalogMember(
                key: "stringUnit",
                value: .object([
                    CatalogMember(key: "state", value: .string("translated")),
                    CatalogMember(key: "value", value: .string(text)),
                ]))
        ])
    }

    /// One language of a catalog entry as `.strings` and `.stringsdict` hold it.
    enum Localization {
        case text(String)
        case plural([String: String])
    }

    /// Each localization of catalog entry `entry` (language → what it holds); nil when one
    /// has a shape `.strings` and `.stringsdict` cannot hold (device variations,
    /// substitutions, a unit without a value).
    static func localizations(of entry: CatalogValue) -> [String: Localization]? {
        var result: [String: Localization] = [:]
        for member in entry["localizations"]?.members ?? [] {
            let localization = member.value
            guard localization.members?.count == 1 else { return nil }
            if let text = localization["stringUnit"]?["value"]?.string {
                result[member.key] = .text(text)
                continue
            }
            guard let plural = localization["variations"]?["plural"]?.members,
                localization["variations"]?.members?.count == 1
            else { return nil }
            var forms: [String: String] = [:]
            for form in plural {
                guard form.value.members?.count == 1, let text = form.value["stringUnit"]?["value"]?.string else {
                    return nil
                }
                forms[form.key] = text
            }
            result[member.key] = .plural(forms)
        }
        return result
    }

    /// The categories in the order Apple's tools write them.
    static let categoryOrder = ["zero", "one", "two", "few", "many", "other"]

    /// A `.stringsdict` entry for `key` with `forms`, tab-indented one level, and the format
    /// it reads as. The number's conversion (`NSStringFormatValueTypeKey`) is the one the
    /// forms use (`lld` for `%lld items`), `d` when none shows it.
    static func stringsdictEntry(_ key: String, forms: [String: String]) -> (block: [UInt8], format: String) {
        let shown =
            forms["other"].flatMap { FormatSpecifier.parse($0).first }
            ?? forms.values.lazy.compactMap { FormatSpecifier.parse($0).first }.first
        let conversion = shown.map { String($0.text.drop { $0 == "%" || $0.isNumber || $0 == "$" }) } ?? "d"
        let ordered = forms.keys.sorted {
            (categoryOrder.firstIndex(of: $0) ?? 99, $0) < (categoryOrder.firstIndex(of: $1) ?? 99, $1)
        }
        var lines = [
            "\t<key>\(XMLEscaping.escape(key))</key>", "\t<dict>",
            "\t\t<key>NSStringLocalizedFormatKey</key>", "\t\t<string>%#@value@</string>",
            "\t\t<key>value</key>", "\t\t<dict>",
            "\t\t\t<key>NSStringFormatSpecTypeKey</key>", "\t\t\t<string>NSStringPluralRuleType</string>",
            "\t\t\t<key>NSStringFormatValueTypeKey</key>", "\t\t\t<string>\(XMLEscaping.escape(conversion))</string>",
        ]
        for category in ordered {
            lines += [
                "\t\t\t<key>\(XMLEscaping.escape(category))</key>",
                "\t\t\t<string>\(XMLEscaping.escape(forms[category]!))</string>",
            ]
        }
        lines += ["\t\t</dict>", "\t</dict>"]
        return (Array((lines.joined(separator: "\n") + "\n").utf8), "%#@value@")
    }
}
