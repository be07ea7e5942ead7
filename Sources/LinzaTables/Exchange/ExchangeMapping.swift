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
    /// Linza does not know, the development entry's categories. French and Portuguese get no
    /// `many` of their own: no Xcode export seen writes it (11.2.1, 14.2–15.0 Pockity, 15.0
    /// Elytra, 26.2 and 26.3 Kitsune's pt-BR), though CLDR and the run time have it.
    package static func pluralCategories(
        for language: String, development: [String], translated: [String]
    ) -> [String] {
        var categories = Set(PluralCategories.categories(for: language) ?? development)
        let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased()
        if categories.contains("many"), primary == "fr" || primary == "pt" {
            categories.remove("many")
        }
        categories.formUnion(translated)
        return categories.sorted()
    }

    /// Orders keys as Xcode orders a `.strings` or `.stringsdict` table's units: by their
    /// UTF-8 bytes (`Your pet:` before `years old`, in a real Xcode 12.4 export whose file
    /// has them the other way round), except that runs of ASCII digits compare by their
    /// numeric value (`FOCUSREMINDER_MESSAGE2` before `FOCUSREMINDER_MESSAGE10`, Xcode 13.1);
    /// equal values with a different number of leading zeros, shorter run first.
    package static func xcodeKeyOrder(_ left: String, _ right: String) -> Bool {
        // On the strings' own UTF-8 (no copy for a native string): this runs in every sort.
        var (left, right) = (left, right)
        return left.withUTF8 { a in right.withUTF8 { b in xcodeKeyOrder(a, b) } }
    }

    private static func xcodeKeyOrder(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var (i, j) = (0, 0)
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                var (endA, endB) = (i, j)
                while endA < a.count, isDigit(a[endA]) { endA += 1 }
                while endB < b.count, isDigit(b[endB]) { endB += 1 }
                // Compare the runs without their leading zeros: longer is larger, then digit by digit.
                var (startA, startB) = (i, j)
                while startA < endA - 1, a[startA] == 0x30 { startA += 1 }
                while startB < endB - 1, b[startB] == 0x30 { startB += 1 }
                let (digitsA, digitsB) = (a[startA..<endA], b[startB..<endB])
                if digitsA.count != digitsB.count { return digitsA.count < digitsB.count }
                if !digitsA.elementsEqual(digitsB) { return digitsA.lexicographicallyPrecedes(digitsB) }
                if endA - i != endB - j { return endA - i < endB - j }
                (i, j) = (endA, endB)
                continue
            }
            if a[i] != b[j] { return a[i] < b[j] }
            i += 1
            j += 1
        }
        return a.count - i < b.count - j
    }

    /// The units of a `.strings` table: one per key, in `xcodeKeyOrder` (a key defined twice
    /// appears once, with the value the run time uses).
    /// The note is the comment above the development entry (`<note/>` when it has none);
    /// the target is the target file's value, or the source itself when `targetLanguage`
    /// is the development language. A key the `.stringsdict` of the same table also has
    /// (`stringsdictKeys`) is exported as Xcode 14 to 15 export it (Pockity, Elytra): not to
    /// be translated, its note the comment followed by ` (Key in .stringsdict)`, since the
    /// `.stringsdict`'s entry is the one the app shows.
    package static func stringsUnits(
        development: [UInt8], path: String, target: [UInt8]?, targetPath: String?, sameLanguage: Bool,
        stringsdictKeys: Set<String> = []
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
            var unit = XLIFFUnit(
                id: entry.key, source: source, target: sameLanguage ? source : translations[entry.key],
                note: document.comment(of: index) ?? "")
            if stringsdictKeys.contains(entry.key) {
                unit.isTranslatable = false
                unit.note = (document.comment(of: index).map { $0 + " " } ?? "") + "(Key in .stringsdict)"
            }
            units.append(unit)
        }
        return units
    }

    /// The comment above each key of a `.strings` table (the first definition's for a key
    /// defined twice); keys without one are left out.
    package static func stringsComments(_ bytes: [UInt8], path: String) throws -> [String: String] {
        let document = try StringsDocument(path: path, bytes: bytes)
        var comments: [String: String] = [:]
        var seen = Set<String>()
        for (index, entry) in document.entries.enumerated() where seen.insert(entry.key).inserted {
            if let comment = document.comment(of: index) { comments[entry.key] = comment }
        }
        return comments
    }
}
