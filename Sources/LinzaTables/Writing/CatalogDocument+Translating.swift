import LinzaBase

/// `import`'s edits of a String Catalog: a localization's `stringUnit` (value and state),
/// at the entry's top or down a path of plural, device and substitution variations, or its
/// `stringSet` (an App Shortcut's phrases), set in
/// the entry's tree and written back in Xcode's layout (an unchanged catalog keeps every byte).
extension CatalogDocument {
    /// Sets each translation's string unit, creating the localization, variation or
    /// substitution it lacks (a substitution takes `argNum` and `formatSpecifier` from the
    /// source language's). An entry the catalog lacks is refused (a catalog's keys are its
    /// source language's, so a new key is not a translation) unless the translation brings
    /// the entry code's call makes (`TextTranslation.extracted`): it is added as Xcode's
    /// extraction adds it, with the translation, and only when the translation changes it.
    package mutating func translate(
        _ translations: [TextTranslation], like: (String) -> TableEntryPayload?,
        placing: (String) -> String?, edits: inout [TextEdit]
    ) -> TranslationOutcome {
        var outcome = TranslationOutcome()
        // Each entry translated is built once, and only those are.
        var changed: [String: CatalogValue] = [:]
        for translation in translations {
            guard
                var entry = changed[translation.key] ?? entry(translation.key)
                    ?? translation.extracted.map({ Self.extractedEntry($0, sourceLanguage: sourceLanguage) })
            else {
                outcome.results.append(.refused("the catalog has no entry \(translation.key)"))
                continue
            }
            let result = Self.set(translation, in: &entry, sourceLanguage: sourceLanguage)
            outcome.results.append(result)
            if result == .changed {
                outcome.touched.insert(translation.key)
                changed[translation.key] = entry
            }
        }
        guard !outcome.touched.isEmpty else { return outcome }
        for (key, entry) in changed {
            Self.collectValues(of: CatalogMember(key: key, value: entry), into: &outcome.expected)
            set(key, entry)
        }
        edits = self.edits
        return outcome
    }

    /// Sets one translation in `entry`, creating the localization it lacks (under the
    /// entry's own spelling of the language, when it has one).
    private static func set(_ translation: TextTranslation, in entry: inout CatalogValue, sourceLanguage: String)
        -> TranslationResult
    {
        let wanted = LanguageCode.normalize(translation.language) ?? translation.language
        let language =
            (entry["localizations"]?.members ?? []).first {
                (LanguageCode.normalize($0.key) ?? $0.key) == wanted
            }?.key ?? translation.language
        let source = entry["localizations"]?[sourceLanguage]
        var localization = entry["localizations"]?[language] ?? .object([])
        let result =
            translation.values.map { setSet($0, in: &localization, state: translation.state ?? "translated") }
            ?? setUnit(
                in: &localization, path: translation.path[...], source: source, value: translation.value,
                state: translation.state ?? "translated")
        guard result == .changed else { return result }
        entry.update("localizations") { $0.set(language, localization) }
        return .changed
    }

    /// Sets a localization's `stringSet` (an App Shortcut's phrases) to `values`, as Xcode
    /// writes one: `state`, then the `values` array.
    private static func setSet(_ values: [String], in localization: inout CatalogValue, state: String)
        -> TranslationResult
    {
        if localization["stringUnit"] != nil || localization["variations"] != nil {
            return .refused("the language holds a text here, not a set of phrases (stringSet)")
        }
        let set = CatalogValue.object([
            CatalogMember(key: "state", value: .string(state)),
            CatalogMember(key: "values", value: .array(values.map(CatalogValue.string))),
        ])
        if localization["stringSet"] == set { return .unchanged }
        localization.set("stringSet", set)
        return .changed
    }

    /// Sets the string unit at `path` below `node` (a localization, a variation case or a
    /// substitution); `source` is the same place in the source language, for what a new
    /// substitution needs.
    private static func setUnit(
        in node: inout CatalogValue, path: ArraySlice<String>, source: CatalogValue?, value: String, state: String
    ) -> TranslationResult {
        guard let kind = path.first else {
            if node["variations"] != nil || node["substitutions"] != nil && node["stringUnit"] == nil {
                return .refused("this text varies (by plural or device) in the language; set its variations")
            }
            if node["stringSet"] != nil {
                return .refused("the language holds a set of phrases here (stringSet), not one text")
            }
            if node["stringUnit"]?["value"]?.string == value { return .unchanged }
            node.set("stringUnit", unit(value, state: state)["stringUnit"] ?? .object([]))
            return .changed
        }
        guard path.count >= 2 else { return .refused("\(kind) names no case") }
        let name = path[path.startIndex + 1]
        let rest = path.dropFirst(2)
        switch kind {
        case "plural", "device":
            if kind == "plural", !PluralCategories.all.contains(name) {
                return .refused("\(name) is not a plural category")
            }
            if node["stringUnit"] != nil && node["variations"] == nil {
                return .refused("this text does not vary in the language; it has one string unit")
            }
            var variation = node["variations"]?[kind]?[name] ?? .object([])
            let result = setUnit(
                in: &variation, path: rest, source: source?["variations"]?[kind]?[name], value: value, state: state)
            guard result == .changed else { return result }
            node.update("variations") { $0.update(kind) { $0.set(name, variation) } }
            return .changed
        case "substitutions":
            var substitution = node["substitutions"]?[name] ?? .object([])
            let sourceSubstitution = source?["substitutions"]?[name]
            if substitution.members?.isEmpty != false {
                guard let sourceSubstitution else {
                    return .refused("the source language has no substitution \(name) to take its argument from")
                }
                for field in ["argNum", "formatSpecifier"] {
                    if let copied = sourceSubstitution[field] { substitution.set(field, copied) }
                }
            }
            let result = setUnit(in: &substitution, path: rest, source: sourceSubstitution, value: value, state: state)
            guard result == .changed else { return result }
            node.update("substitutions") { $0.set(name, substitution) }
            return .changed
        default:
            return .refused("\(kind) is not a kind of variation a String Catalog has")
        }
    }
}
