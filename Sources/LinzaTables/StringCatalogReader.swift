import LinzaBase

/// Reads `.xcstrings` String Catalogs: one `LoadedTableFile` per language the catalog
/// holds, each entry with its string unit, plural and device variations, substitutions,
/// state, and the line of its key.
enum StringCatalogReader {
    static func read(_ file: TableFile, text: UnsafeBufferPointer<UInt8>, locate: (Int) -> Location) -> [LoadedTableFile] {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch let error as JSONSyntaxError {
            return [TableLoader.broken(file, TableProblem(message: "invalid JSON: \(error.message)",
                                                          location: locate(error.offset), effect: .rejectsFile))]
        } catch {
            return [TableLoader.broken(file, TableProblem(message: "\(error)", location: locate(0), effect: .rejectsFile))]
        }
        guard let sourceCode = root["sourceLanguage"]?.string, let sourceLanguage = LanguageCode.normalize(sourceCode),
              let strings = root["strings"]?.members else {
            return [TableLoader.broken(file, TableProblem(
                message: "a String Catalog needs \"sourceLanguage\" and a \"strings\" object",
                location: locate(root.offset), effect: .rejectsFile))]
        }

        var entries: [String: [TableEntry]] = [sourceLanguage: []]
        var duplicates = TableLoader.duplicates(strings.map { ($0.key, locate($0.keyOffset)) })
        for (key, keyOffset, value) in strings {
            let keyLocation = locate(keyOffset)
            let localizations = value["localizations"]?.members ?? []
            duplicates += TableLoader.duplicates(localizations.map { (key + " (" + $0.key + ")", locate($0.keyOffset)) })
            let extractionState = value["extractionState"]?.string
            for (code, codeOffset, localization) in localizations {
                guard let language = LanguageCode.normalize(code) else { continue }
                var entry = TableEntry(key: key, location: locate(codeOffset), format: .xcstrings)
                entry.extractionState = extractionState
                collect(localization, rule: nil, into: &entry, locate: locate)
                entries[language, default: []].append(entry)
            }
            // The source language needs no explicit text: the key is its value.
            if !localizations.contains(where: { LanguageCode.normalize($0.key) == sourceLanguage }) {
                var entry = TableEntry(key: key, location: keyLocation,
                                       texts: [EntryText(text: key, role: .value, location: keyLocation)], format: .xcstrings)
                entry.extractionState = extractionState
                entries[sourceLanguage]?.append(entry)
            }
        }
        // `shouldTranslate: false`: every language shows the source text.
        for (key, keyOffset, value) in strings where value["shouldTranslate"]?.bool == false {
            if let index = entries[sourceLanguage]?.lastIndex(where: { $0.key == key }) {
                entries[sourceLanguage]?[index].isTranslatable = false
            }
            let source = entries[sourceLanguage]?.last { $0.key == key }
            for language in entries.keys where !(entries[language] ?? []).contains(where: { $0.key == key }) {
                entries[language]?.append(source ?? TableEntry(key: key, location: locate(keyOffset), format: .xcstrings))
            }
        }
        let end = locate(text.count)
        return entries.keys.sorted().map { language in
            var part = file
            part.language = language
            return LoadedTableFile(file: part, entries: entries[language] ?? [], problems: [], failure: nil,
                                   endLocation: end, duplicates: language == sourceLanguage ? duplicates : [])
        }
    }

    /// Adds a localization's string unit, variations and substitutions to `entry`.
    private static func collect(_ node: JSONNode, rule: String?, into entry: inout TableEntry,
                                locate: (Int) -> Location, role: EntryText.Role = .value) {
        if let unit = node["stringUnit"] {
            if let value = unit.members?.last(where: { $0.key == "value" }), let text = value.value.string {
                entry.texts.append(EntryText(text: text, role: role, location: locate(value.keyOffset)))
            }
            entry.state = worse(entry.state, unit["state"]?.string)
        }
        if let variations = node["variations"] {
            if let plural = variations.members?.last(where: { $0.key == "plural" }), let forms = plural.value.members {
                var pluralRule = PluralRule(name: rule, categories: [:], location: locate(plural.keyOffset))
                for (category, categoryOffset, form) in forms {
                    pluralRule.categories[category] = locate(categoryOffset)
                    collect(form, rule: rule, into: &entry, locate: locate, role: .plural(rule: rule, category: category))
                }
                entry.pluralRules.append(pluralRule)
            }
            for (device, _, form) in variations["device"]?.members ?? [] {
                collect(form, rule: rule, into: &entry, locate: locate, role: .device(device))
            }
        }
        for (name, _, substitution) in node["substitutions"]?.members ?? [] {
            collect(substitution, rule: name, into: &entry, locate: locate, role: .plural(rule: name, category: "other"))
        }
    }

    /// The state that needs attention more: anything not `translated` wins.
    private static func worse(_ current: String?, _ new: String?) -> String? {
        guard let new else { return current }
        guard let current, current != "translated" else { return new }
        return current
    }
}
