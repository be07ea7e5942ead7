import LinzaKit

/// Writes a module's tables in every language: `<lang>.lproj/Localizable.strings` (UTF-16
/// for a few languages, as older Xcode projects have them), `<lang>.lproj/Plurals.stringsdict`
/// with each language's CLDR plural forms, and one String Catalog with all languages.
struct TableWriter {
    let module: CorpusModule
    let languages: [String]
    /// Keys left out of one language's table: `missing_key` findings.
    let missing: [(key: String, language: String)]
    /// Keys in every table that no code uses: `unused_key` findings.
    let unused: [String]

    /// Languages whose `.strings` files are UTF-16 (little-endian, with a byte order mark).
    static func isUTF16(languageIndex: Int) -> Bool {
        languageIndex % 25 == 7
    }

    /// Relative path -> bytes of every table file.
    func files() -> [(path: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        for (index, language) in languages.enumerated() {
            let folder = "\(language).lproj/"
            let strings = localizableStrings(language)
            files.append(
                (
                    folder + "Localizable.strings",
                    Self.isUTF16(languageIndex: index) ? Self.utf16LittleEndian(strings) : Array(strings.utf8)
                ))
            if module.keys.contains(where: { $0.kind == .plural }) {
                files.append((folder + "Plurals.stringsdict", Array(stringsdict(language).utf8)))
            }
        }
        if module.hasCatalog && module.keys.contains(where: { $0.kind == .catalog }) {
            files.append(("\(module.catalogName).xcstrings", Array(catalog().utf8)))
        }
        return files
    }

    private func localizableStrings(_ language: String) -> String {
        let omitted = Set(missing.filter { $0.language == language }.map(\.key))
        var text = ""
        for key in module.keys where key.kind == .plain && !omitted.contains(key.name) {
            text +=
                "/* \(key.comment) */\n\"\(key.name)\" = \"\(PhraseMaker.translate(key.english, into: language))\";\n\n"
        }
        for (step, name) in module.dynamicKeyNames.enumerated() {
            text +=
                "/* Onboarding step \(step + 1) */\n\"\(name)\" = \"\(PhraseMaker.translate("Step \(step + 1) of your order", into: language))\";\n\n"
        }
        for name in unused {
            text +=
                "/* No longer shown */\n\"\(name)\" = \"\(PhraseMaker.translate("Old promo banner", into: language))\";\n\n"
        }
        return text
    }

    private func stringsdict(_ language: String) -> String {
        let categories = PluralCategories.categories(for: language) ?? ["one", "other"]
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for key in module.keys where key.kind == .plural {
            text += "\t<key>\(key.name)</key>\n\t<dict>\n"
            text += "\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@count@</string>\n"
            text += "\t\t<key>count</key>\n\t\t<dict>\n"
            text += "\t\t\t<key>NSStringFormatSpecTypeKey</key>\n\t\t\t<string>NSStringPluralRuleType</string>\n"
            text += "\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>lld</string>\n"
            for category in categories {
                text +=
                    "\t\t\t<key>\(category)</key>\n\t\t\t<string>\(pluralForm(key.english, category, language))</string>\n"
            }
            text += "\t\t</dict>\n\t</dict>\n"
        }
        return text + "</dict>\n</plist>\n"
    }

    /// A plural form: `%lld` and the translated noun, marked by category so forms differ.
    private func pluralForm(_ english: String, _ category: String, _ language: String) -> String {
        let translated = PhraseMaker.translate(english, into: language)
        return category == "other" || category == "many" ? translated + "s" : translated
    }

    /// The catalog in Xcode's layout: keys and languages sorted, two-space indents.
    private func catalog() -> String {
        let keys = module.keys.filter { $0.kind == .catalog }.sorted {
            Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8))
        }
        var entries: [String] = []
        for key in keys {
            var localizations: [String] = []
            for language in languages.sorted() {
                let unit: String
                if key.english.hasPrefix("%lld ") {
                    let categories = PluralCategories.categories(for: language) ?? ["one", "other"]
                    let forms = categories.map { category in
                        "            \"\(category)\" : {\n              \"stringUnit\" : {\n"
                            + "                \"state\" : \"translated\",\n"
                            + "                \"value\" : \"\(pluralForm(key.english, category, language))\"\n"
                            + "              }\n            }"
                    }
                    unit =
                        "        \"variations\" : {\n          \"plural\" : {\n" + forms.joined(separator: ",\n")
                        + "\n          }\n        }"
                } else {
                    unit =
                        "        \"stringUnit\" : {\n          \"state\" : \"translated\",\n"
                        + "          \"value\" : \"\(PhraseMaker.translate(key.english, into: language))\"\n        }"
                }
                localizations.append("      \"\(language)\" : {\n\(unit)\n      }")
            }
            entries.append(
                "    \"\(key.name)\" : {\n      \"comment\" : \"\(key.comment)\",\n"
                    + "      \"localizations\" : {\n"
                    + localizations.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
                    .joined(separator: ",\n") + "\n      }\n    }")
        }
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n")
            + "\n  },\n  \"version\" : \"1.0\"\n}\n"
    }

    static func utf16LittleEndian(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xFE]
        bytes.reserveCapacity(2 + text.utf16.count * 2)
        for unit in text.utf16 {
            bytes.append(UInt8(unit & 0xFF))
            bytes.append(UInt8(unit >> 8))
        }
        return bytes
    }
}
