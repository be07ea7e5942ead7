import LinzaBase
import LinzaTables

/// The layout `linza migrate --to strings` writes `.strings` and `.stringsdict` files in:
/// UTF-8, LF, one entry per paragraph with its `/* comment */` above it, entries in the
/// catalog's order; `.stringsdict` as Xcode's property-list editor writes it (tabs, the
/// plist DOCTYPE, `NSStringFormatSpecTypeKey` then `NSStringFormatValueTypeKey` then the
/// categories in CLDR order). A table in this layout migrates and comes back byte for byte.
package enum LegacyWriting {
    /// One `.strings` entry, its comment above it.
    static func stringsEntry(key: String, value: String, comment: String?) -> String {
        (comment.map { "/* \($0) */\n" } ?? "") + "\"\(escaped(key))\" = \"\(escaped(value))\";\n"
    }

    /// A `.strings` file of `entries`, a blank line between each.
    static func stringsFile(_ entries: [String]) -> [UInt8] {
        Array(entries.joined(separator: "\n").utf8)
    }

    /// `text` inside a `"…"` literal: the quote, the backslash and the control characters
    /// a reader could lose escaped, everything else raw.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// One `.stringsdict` entry, indented one tab.
    static func stringsdictEntry(_ plural: LegacyTable.Plural) -> String {
        var lines = [
            "\t<key>\(StringsdictDocument.plistEscaped(plural.key))</key>", "\t<dict>",
            "\t\t<key>NSStringLocalizedFormatKey</key>",
            "\t\t<string>\(StringsdictDocument.plistEscaped(plural.format))</string>",
        ]
        for variable in plural.variables {
            lines += [
                "\t\t<key>\(StringsdictDocument.plistEscaped(variable.name))</key>", "\t\t<dict>",
                "\t\t\t<key>NSStringFormatSpecTypeKey</key>", "\t\t\t<string>NSStringPluralRuleType</string>",
            ]
            if let valueType = variable.valueType {
                lines += [
                    "\t\t\t<key>NSStringFormatValueTypeKey</key>",
                    "\t\t\t<string>\(StringsdictDocument.plistEscaped(valueType))</string>",
                ]
            }
            for form in variable.forms {
                lines += [
                    "\t\t\t<key>\(form.category)</key>",
                    "\t\t\t<string>\(StringsdictDocument.plistEscaped(form.text))</string>",
                ]
            }
            lines.append("\t\t</dict>")
        }
        lines.append("\t</dict>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A `.stringsdict` file of `entries`.
    static func stringsdictFile(_ entries: [String]) -> [UInt8] {
        let header = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        return Array((header + entries.joined() + "</dict>\n</plist>\n").utf8)
    }

    /// The number's conversion a collapsed plural's forms show (`lld` for `%lld items`),
    /// `d` when none shows it.
    static func valueType(of forms: [(category: String, text: String)]) -> String {
        let ordered = forms.filter { $0.category == "other" } + forms.filter { $0.category != "other" }
        for form in ordered {
            if let specifier = FormatSpecifier.parse(form.text).first {
                return CatalogMigration.conversion(of: specifier.text)
            }
        }
        return "d"
    }
}
