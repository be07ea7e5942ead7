import LinzaBase

/// A String Catalog key read to be parsed when asked (`StringCatalogReader`'s
/// `whenAsked` mode): the catalog's text, shared by every key of the file, and what each
/// language's entry of the key shares. An entry then holds this record and its
/// localization's place (`CatalogEntrySpan`), a few words, where a parsed entry holds its
/// texts, plural rules and locations: a writer's load of a large catalog keeps about the
/// catalog's size instead of three times it.
package final class CatalogKeyRecord: Sendable {
    /// The catalog's text (no escapes: a catalog's strings are read by the JSON parser).
    package let text: TableText
    package let key: String
    /// The key's `extractionState`.
    package let extractionState: String?

    package init(text: TableText, key: String, extractionState: String?) {
        self.text = text
        self.key = key
        self.extractionState = extractionState
    }
}

/// One language's entry of a `CatalogKeyRecord`: where its localization's value lies in
/// the catalog's text, and where its location points. 32-bit offsets, as `TextRange`'s.
package struct CatalogEntrySpan: Hashable, Sendable {
    /// The localization's value (`{ "stringUnit" : … }`); empty for the source language's
    /// entry of a key the catalog gives no source text, whose text is its key.
    package var localizationStart: Int32
    package var localizationEnd: Int32
    /// The offset the entry's location names: its language code's, or the key's.
    package var locationOffset: Int32
    /// False for an entry of a key marked `shouldTranslate: false`.
    package var isTranslatable: Bool

    package init(localization: Range<Int>?, locationOffset: Int, isTranslatable: Bool = true) {
        localizationStart = Int32(localization?.lowerBound ?? 0)
        localizationEnd = Int32(localization?.upperBound ?? 0)
        self.locationOffset = Int32(locationOffset)
        self.isTranslatable = isTranslatable
    }

    /// The localization's value, nil for the key standing as its own source text.
    var localization: Range<Int>? {
        localizationEnd > localizationStart ? Int(localizationStart)..<Int(localizationEnd) : nil
    }
}

extension CatalogKeyRecord {
    /// The fields of the entry at `span`, parsed now as `StringCatalogReader` parses a
    /// localization when it reads the whole catalog (its problems were reported then).
    func fields(_ span: CatalogEntrySpan) -> TableEntry.Fields {
        let location = text.location(of: Int(span.locationOffset))
        var entry = TableEntry(key: key, location: location, format: .xcstrings)
        entry.extractionState = extractionState
        entry.isTranslatable = span.isTranslatable
        guard let localization = span.localization else {
            entry.texts = [EntryText(text: key, role: .value, location: location)]
            return entry.fields
        }
        // Parsed when the catalog was read, from the same bytes: it parses again (a
        // localization is at depth 4: the file, `strings`, the entry, `localizations`).
        guard
            let node = text.text.withUnsafeBufferPointer({
                try? JSONParser.parseValue($0, at: localization, depth: 4)
            })
        else { return entry.fields }
        var problems = TypeProblems()
        StringCatalogReader.collect(
            node, rule: nil, into: &entry, locate: { self.text.location(of: $0) }, problems: &problems)
        return entry.fields
    }
}
