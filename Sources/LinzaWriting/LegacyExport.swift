import LinzaBase
import LinzaTables

/// A String Catalog back as one `.strings` file (and a `.stringsdict` file for plural
/// entries) per language: `linza migrate --to strings`, what Apple's `xcstringstool` does
/// on a Mac. The inverse of `CatalogMigration` wherever the old formats can say the same
/// thing; what they cannot (device variations, a plural inside a plural) is refused, and
/// what they say less precisely (states, extraction states, a plural's variable name) is
/// returned as notes, one sentence each.
package enum LegacyExport {
    /// The files of one language: bytes of its `.strings` and `.stringsdict` (nil when it
    /// has no entry of that kind).
    package struct Files: Sendable, Equatable {
        package var strings: [UInt8]?
        package var stringsdict: [UInt8]?
    }

    /// The name a collapsed plural's variable gets back: the catalog no longer knows it.
    package static let collapsedVariable = "value"

    /// Language → its files, and the notes; throws `MigrationRefusal` at the first entry
    /// the old formats cannot hold.
    package static func files(of catalog: CatalogValue, path: String) throws -> (
        files: [String: Files], notes: [String]
    ) {
        guard let sourceLanguage = catalog["sourceLanguage"]?.string, let strings = catalog["strings"]?.members else {
            throw MigrationRefusal(path: path, reason: "not a String Catalog (no sourceLanguage or strings)")
        }
        var texts: [String: [String]] = [:]
        var plurals: [String: [String]] = [:]
        var states: [String: Int] = [:]
        var extractionStates: [String: Int] = [:]
        var untranslatable = 0
        for member in strings {
            let key = member.key
            let entry = member.value
            let refuse = { (reason: String) in
                MigrationRefusal(path: path, reason: "\(Messages.quoted(key)): \(reason)")
            }
            if let state = entry["extractionState"]?.string, state != "migrated" {
                extractionStates[state, default: 0] += 1
            }
            if entry["shouldTranslate"] == .literal("false") { untranslatable += 1 }
            let comment = entry["comment"]?.string
            if let comment, comment.contains("*/") {
                throw refuse("its comment holds */, which ends a .strings comment")
            }
            var localizations = entry["localizations"]?.members ?? []
            if !localizations.contains(where: { $0.key == sourceLanguage }) {
                // No source-language unit: the key is its own text, as the app shows it.
                localizations.append(
                    CatalogMember(key: sourceLanguage, value: CatalogMigration.unit(key, state: "translated")))
            }
            for localization in localizations {
                let language = localization.key
                let value = localization.value
                let unknown = (value.members ?? []).map(\.key).filter {
                    !["stringUnit", "substitutions", "variations"].contains($0)
                }
                guard unknown.isEmpty else {
                    throw refuse("\(language) has \(unknown.joined(separator: ", ")), which .strings cannot hold")
                }
                if let state = value["stringUnit"]?["state"]?.string, state != "translated" {
                    states[state, default: 0] += 1
                }
                if let variations = value["variations"] {
                    guard value["substitutions"] == nil, value["stringUnit"] == nil,
                        variations.members?.map(\.key) == ["plural"],
                        let forms = try pluralForms(variations["plural"], refuse)
                    else {
                        throw refuse(
                            "\(language) varies by something a .stringsdict cannot hold (by device, or more than a plural)"
                        )
                    }
                    let conversion = LegacyWriting.valueType(of: forms)
                    let variable = LegacyTable.Variable(name: collapsedVariable, valueType: conversion, forms: forms)
                    plurals[language, default: []].append(
                        LegacyWriting.stringsdictEntry(
                            LegacyTable.Plural(key: key, format: "%#@\(collapsedVariable)@", variables: [variable])))
                    continue
                }
                guard let format = value["stringUnit"]?["value"]?.string else {
                    throw refuse("\(language) has no text")
                }
                guard let substitutions = value["substitutions"]?.members else {
                    texts[language, default: []].append(
                        LegacyWriting.stringsEntry(key: key, value: format, comment: comment))
                    continue
                }
                plurals[language, default: []].append(
                    LegacyWriting.stringsdictEntry(try plural(key: key, format: format, substitutions, refuse)))
            }
        }
        var files: [String: Files] = [:]
        for language in Set(texts.keys).union(plurals.keys) {
            files[language] = Files(
                strings: texts[language].map { LegacyWriting.stringsFile($0) },
                stringsdict: plurals[language].map { LegacyWriting.stringsdictFile($0) })
        }
        var notes: [String] = []
        for (state, count) in states.sorted(by: { $0.key < $1.key }) {
            notes.append("\(count) unit\(count == 1 ? "" : "s") in state \(state): a .strings file has no states")
        }
        for (state, count) in extractionStates.sorted(by: { $0.key < $1.key }) {
            notes.append(
                "\(count) entr\(count == 1 ? "y" : "ies") with extractionState \(state): .strings files have none")
        }
        if untranslatable > 0 {
            notes.append(
                "\(untranslatable) entr\(untranslatable == 1 ? "y" : "ies") marked shouldTranslate: false are written like the others"
            )
        }
        let collapsed = plurals.values.joined().count { $0.contains("<key>\(collapsedVariable)</key>") }
        if collapsed > 0 {
            notes.append(
                "plural variations get the variable name \(Messages.quoted(collapsedVariable)) in .stringsdict "
                    + "(\(collapsed) entr\(collapsed == 1 ? "y" : "ies")): the catalog does not keep the original name")
        }
        return (files, notes)
    }

    /// A `.stringsdict` entry from a string unit and its substitutions: `argNum` back as
    /// the reference's position, `%arg` back as the number's conversion.
    static func plural(
        key: String, format: String, _ substitutions: [CatalogMember], _ refuse: (String) -> MigrationRefusal
    ) throws -> LegacyTable.Plural {
        var format = format
        var variables: [LegacyTable.Variable] = []
        for substitution in substitutions {
            let name = substitution.key
            let value = substitution.value
            let extra = (value.members ?? []).map(\.key).filter {
                !["argNum", "formatSpecifier", "variations"].contains($0)
            }
            guard extra.isEmpty, value["variations"]?.members?.map(\.key) == ["plural"],
                let forms = try pluralForms(value["variations"]?["plural"], refuse)
            else {
                throw refuse(
                    "substitution \(Messages.quoted(name)) is not a plain plural; a .stringsdict cannot hold it")
            }
            let specifier = value["formatSpecifier"]?.string
            if forms.contains(where: { $0.text.contains("%arg") }), specifier == nil {
                throw refuse("substitution \(Messages.quoted(name)) writes %arg but has no formatSpecifier")
            }
            if case .literal(let number) = value["argNum"], let argument = Int(number) {
                guard let range = format.firstRange(of: "%#@\(name)@") else {
                    throw refuse("argNum of \(Messages.quoted(name)), which the text does not use")
                }
                format.replaceSubrange(range, with: "%\(argument)$#@\(name)@")
            }
            variables.append(
                LegacyTable.Variable(
                    name: name, valueType: specifier,
                    forms: forms.map { form in
                        (form.category, specifier.map { form.text.replacing("%arg", with: "%" + $0) } ?? form.text)
                    }))
        }
        // The variables in the order the text uses them, as a .stringsdict is usually written.
        let order = FormatSpecifier.variableReferences(in: format)
        variables.sort { (order.firstIndex(of: $0.name) ?? Int.max) < (order.firstIndex(of: $1.name) ?? Int.max) }
        return LegacyTable.Plural(key: key, format: format, variables: variables)
    }

    /// A plural's forms in Apple's category order; nil when one is not a plain string unit.
    static func pluralForms(_ plural: CatalogValue?, _ refuse: (String) -> MigrationRefusal) throws
        -> [(category: String, text: String)]?
    {
        guard let members = plural?.members else { return nil }
        var forms: [(category: String, text: String)] = []
        for member in members {
            guard member.value.members?.map(\.key) == ["stringUnit"],
                let text = member.value["stringUnit"]?["value"]?.string
            else { return nil }
            forms.append((member.key, text))
        }
        return forms.sorted {
            (PluralCategories.all.firstIndex(of: $0.category) ?? 99)
                < (PluralCategories.all.firstIndex(of: $1.category) ?? 99)
        }
    }
}
