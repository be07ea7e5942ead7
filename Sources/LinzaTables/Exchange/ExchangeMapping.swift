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

    /// Orders keys as Xcode orders a `.strings` or `.stringsdict` table's units: by their
    /// UTF-8 bytes (`Your pet:` before `years old`, in a real Xcode 12.4 export whose file
    /// has them the other way round).
    package static func xcodeKeyOrder(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// The units of a `.strings` table: one per key, in `xcodeKeyOrder` (a key defined twice
    /// appears once, with the value the run time uses).
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
        // The comment of a key defined twice is the first definition's.
        let ordered = document.entries.enumerated().sorted {
            $0.element.key == $1.element.key ? $0.offset < $1.offset : xcodeKeyOrder($0.element.key, $1.element.key)
        }
        for (index, entry) in ordered where seen.insert(entry.key).inserted {
            let source = lastValue[entry.key] ?? entry.key
            units.append(
                XLIFFUnit(
                    id: entry.key, source: source, target: sameLanguage ? source : translations[entry.key],
                    note: document.comment(of: index) ?? ""))
        }
        return units
    }
}
