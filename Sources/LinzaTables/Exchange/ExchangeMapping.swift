/// The reversible mapping between a table's entries and the XLIFF units Xcode exports for
/// one target language (`docs/ROUNDTRIP.md`): each function reads the development table (and,
/// for `.strings`/`.stringsdict`, the target language's table when it exists) and returns the
/// units in Xcode's order; `ExchangeUnitAddress(id:format:)` turns a unit id back into the
/// key and variation path. A table Linza could not read exactly is a `TableRefusal`.
package enum ExchangeMapping {
    /// The plural categories Xcode exports for `language`: the ones CLDR gives the language
    /// (the ru sample of Xcode 11.2.1 has few, many, one, other for an English one/other
    /// entry; the ja sample only other) plus any the translation already holds, so nothing
    /// translated is dropped; in alphabetical order, as Xcode writes them. For a language
    /// Linza does not know, the development entry's categories.
    package static func pluralCategories(
        for language: String, development: [String], translated: [String]
    ) -> [String] {
        var categories = Set(PluralCategories.categories(for: language) ?? development)
        categories.formUnion(translated)
        return categories.sorted()
    }

    /// The units of a `.strings` table: one per key, in the development file's order (a key
    /// defined twice appears once, where first defined, with the value the run time uses).
    /// The note is the comment above the development entry (`<note/>` when it has none);
    /// the target is the target file's value, or the source itself when `targetLanguage`
    /// is the development language.
    package static func stringsUnits(
        development: [UInt8], path: String, target: [UInt8]?, targetPath: String?, sameLanguage: Bool
    ) throws -> [XLIFFUnit] {
        let document = try StringsDocument(path: path, bytes: development)
        var translations: [String: String] = [:]
        if let target, let targetPath {
            let translated = try StringsDocument(path: targetPath, bytes: target)
            for entry in translated.entries { translations[entry.key] = entry.value ?? entry.key }
        }
        var lastValue: [String: String] = [:]
        for entry in document.entries { lastValue[entry.key] = entry.value ?? entry.key }
        var seen = Set<String>()
        var units: [XLIFFUnit] = []
        for (index, entry) in document.entries.enumerated() where seen.insert(entry.key).inserted {
            let source = lastValue[entry.key] ?? entry.key
            units.append(
                XLIFFUnit(
                    id: entry.key, source: source, target: sameLanguage ? source : translations[entry.key],
                    note: document.comment(of: index) ?? ""))
        }
        return units
    }
}
