import LinzaBase

/// A String Catalog opened for editing. Xcode rewrites a catalog whole in its own layout
/// (`XcodeJSONLayout`), so a catalog is edited as a tree and written back whole; only a
/// file already in that layout is edited, so that every entry a plan leaves keeps its bytes
/// and the next Xcode build changes nothing. Its entries are its top-level `strings`.
package struct CatalogDocument: EditableTable {
    package let path: String
    package let bytes: [UInt8]
    package var encoding: TextEncoding { .utf8 }
    package var text: [UInt8] { bytes }
    /// True for a catalog that does not exist yet (`newFile`).
    package let isNew: Bool
    /// The catalog as read: what `keys`, `values` and `entryBytes` describe.
    package let read: CatalogValue
    /// The catalog as the plan has edited it so far.
    package private(set) var root: CatalogValue
    package let sourceLanguage: String
    let endsWithNewline: Bool
    let layout: XcodeJSONLayout

    package init(path: String, bytes: [UInt8]) throws {
        self.path = path
        self.bytes = bytes
        isNew = false
        guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]),
            bytes.withUnsafeBufferPointer({ UTF8Validation.firstInvalidOffset($0) }) == nil
        else {
            throw TableRefusal(
                path: path,
                reason: "a String Catalog Linza writes is UTF-8 without a byte-order mark, as Xcode writes it")
        }
        let node: JSONNode
        do {
            node = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
        } catch let error as JSONSyntaxError {
            let (line, column) = bytes.withUnsafeBufferPointer { LineIndex($0).position(of: error.offset) }
            throw TableRefusal(
                path: path, line: line, column: column, reason: "invalid JSON: \(error.message); fix the catalog first")
        }
        guard let root = CatalogValue(node), root["strings"]?.members != nil,
            let source = root["sourceLanguage"]?.string
        else {
            throw TableRefusal(
                path: path,
                reason: "not a String Catalog Linza can edit (it needs \"sourceLanguage\" and a "
                    + "\"strings\" object, and no key twice in one object)")
        }
        self.root = root
        read = root
        sourceLanguage = source
        endsWithNewline = bytes.last == 0x0A
        layout = XcodeJSONLayout(of: bytes)
        let rendered = rendering
        guard rendered == bytes else {
            let offset =
                zip(rendered, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(rendered.count, bytes.count)
            let (line, column) = bytes.withUnsafeBufferPointer { LineIndex($0).position(of: min(offset, bytes.count)) }
            throw TableRefusal(
                path: path, line: line, column: column,
                reason: "the catalog is not laid out as Xcode writes it "
                    + "(from here on); Linza writes only catalogs in Xcode's layout, so that it changes nothing but its edit. "
                    + "Build the target in Xcode once, or edit this catalog by hand")
        }
    }

    /// A catalog to create at `path`, with no entries yet, like `template` (the catalog its
    /// entries come from): its source language, `version`, final newline or none, and its
    /// way of writing U+2028 and U+2029, so that the new file is what Xcode would write for
    /// them and reads like the catalog they left.
    package static func newFile(at path: String, like template: CatalogDocument) -> CatalogDocument {
        var root = CatalogValue.object([])
        root.set("sourceLanguage", .string(template.sourceLanguage))
        root.set("strings", .object([]))
        if let version = template.read["version"] { root.set("version", version) }
        return CatalogDocument(
            path: path, root: root, sourceLanguage: template.sourceLanguage,
            endsWithNewline: template.endsWithNewline, layout: template.layout)
    }

    private init(
        path: String, root: CatalogValue, sourceLanguage: String, endsWithNewline: Bool, layout: XcodeJSONLayout
    ) {
        self.path = path
        bytes = []
        isNew = true
        self.root = root
        read = root
        self.sourceLanguage = sourceLanguage
        self.endsWithNewline = endsWithNewline
        self.layout = layout
    }

    /// The catalog in Xcode's layout, with the file's own final newline.
    package var rendering: [UInt8] {
        layout.render(root) + (endsWithNewline ? [0x0A] : [])
    }

    private var strings: [CatalogMember] { read["strings"]?.members ?? [] }

    package var keys: [String] { strings.map(\.key) }

    /// Empty: a catalog is written whole.
    package var entrySpans: [Range<Int>] { [] }

    /// Entry `key` as read, in Xcode's layout at the top level (what an archive keeps).
    package func entryText(_ key: String) -> String? {
        strings.first { $0.key == key }.map { String(decoding: layout.render($0.value), as: UTF8.self) }
    }

    /// The extraction state of entry `key` as read.
    package func readExtractionState(of key: String) -> String? {
        strings.first { $0.key == key }?.value["extractionState"]?.string
    }

    /// Puts entry `key` back at its place in Xcode's order.
    package mutating func restore(_ key: String, _ entry: CatalogValue) {
        editStrings { $0.set(key, entry) }
    }

    /// Sets the extraction state of entry `key` (nil removes it: extracted automatically).
    package mutating func setExtractionState(_ state: String?, of key: String) {
        editStrings { strings in
            strings.update(key) { entry in
                if let state { entry.set("extractionState", .string(state)) } else { entry.remove("extractionState") }
            }
        }
    }

    /// Whether every entry not in `touched` is in `reread` as here. Both files are in Xcode's
    /// layout (each was refused when read otherwise), where an entry's bytes are its tree
    /// rendered (`entryBytes`): with the same layout, equal trees are equal bytes, so a 12 MB
    /// catalog's entries are compared without rendering any. Another layout compares bytes.
    package func keepsEntries(in reread: any EditableTable, except touched: Set<String>) -> Bool {
        guard let reread = reread as? CatalogDocument,
            reread.layout.escapesLineSeparators == layout.escapesLineSeparators
        else {
            return bytesByKey.filter { !touched.contains($0.key) }
                == reread.bytesByKey.filter { !touched.contains($0.key) }
        }
        let kept = strings.filter { !touched.contains($0.key) }
        let rereadKept = reread.strings.filter { !touched.contains($0.key) }
        guard kept.count == rereadKept.count else { return false }
        // A catalog has each key once (a file with a key twice is refused when read).
        var rereadByKey: [String: CatalogValue] = [:]
        rereadByKey.reserveCapacity(rereadKept.count)
        for member in rereadKept { rereadByKey[member.key] = member.value }
        return kept.allSatisfy { rereadByKey[$0.key] == $0.value }
    }

    /// Each entry as Xcode writes it, indented as in the file.
    package var entryBytes: [ArraySlice<UInt8>] {
        strings.map { ArraySlice(layout.render(.object([$0]), indent: 2)) }
    }

    /// `key` → the entry's extraction state; `key` NUL `language` → that localization's
    /// string unit value, or its whole JSON when it has variations.
    package var values: [String: String?] {
        var result: [String: String?] = [:]
        for entry in strings { result.merge(Self.values(of: entry)) { _, last in last } }
        return result
    }

    /// What one entry contributes to `values`.
    package static func values(of entry: CatalogMember) -> [String: String?] {
        var result: [String: String?] = [:]
        result[entry.key] = .some(entry.value["extractionState"]?.string)
        for localization in entry.value["localizations"]?.members ?? [] {
            let unit = localization.value["stringUnit"]?["value"]?.string
            let text = unit ?? String(decoding: XcodeJSONLayout().render(localization.value), as: UTF8.self)
            result[entry.key + "\u{0}" + localization.key] = .some(text)
        }
        return result
    }

    /// The edit that writes the catalog as read without the entries at `indices`.
    package func deletions(of indices: Set<Int>) -> [TextEdit] {
        var edited = self
        edited.root = read
        edited.remove(Set(indices.map { keys[$0] }))
        return edited.edits
    }

    /// Removes the entries of `keys`.
    package mutating func remove(_ keys: Set<String>) {
        editStrings { $0 = .object(($0.members ?? []).filter { !keys.contains($0.key) }) }
    }

    /// The map the file should read as after a plan removes, adds and marks these keys
    /// (`values`): added entries carry their language, nil for a new entry.
    package func expectedValues(removing removed: [String], adding added: [NewStringsEntry], marking marked: [String])
        -> [String: String?]
    {
        var expected = values
        let removed = Set(removed)
        expected = expected.filter { !removed.contains(String($0.key.prefix { $0 != "\u{0}" })) }
        for key in marked { expected[key] = .some("stale") }
        for entry in added {
            if let language = entry.language {
                expected[entry.key + "\u{0}" + language] = .some(entry.value)
            } else {
                expected[entry.key] = .some(entry.value == entry.key ? nil : "extracted_with_value")
                if entry.value != entry.key { expected[entry.key + "\u{0}" + sourceLanguage] = .some(entry.value) }
            }
        }
        return expected
    }

    /// The whole-file edit that writes the tree as it now is (none when unchanged, nor for
    /// a new catalog that has no entry yet: no empty file is created).
    package var edits: [TextEdit] {
        if isNew && root["strings"]?.members?.isEmpty != false { return [] }
        let rendered = rendering
        return rendered == bytes ? [] : [TextEdit(range: 0..<bytes.count, replacement: rendered)]
    }

    mutating func editStrings(_ body: (inout CatalogValue) -> Void) {
        root.update("strings", body)
    }

    /// Adds `entry` as Xcode's extraction adds a key it finds in code: its comment, and when
    /// the call gives a default value other than the key, that value as the source
    /// language's `new` string unit with `extractionState: extracted_with_value`.
    package mutating func add(_ entry: NewStringsEntry) {
        var value = CatalogValue.object([])
        if let comment = entry.comment, !comment.isEmpty { value.set("comment", .string(comment)) }
        if entry.value != entry.key {
            value.set("extractionState", .string("extracted_with_value"))
            value.update("localizations") { $0.set(sourceLanguage, Self.unit(entry.value, state: "new")) }
        }
        editStrings { $0.set(entry.key, value) }
    }

    /// True when entry `key` has a `language` localization (a string unit or variations).
    package func hasLocalization(_ language: String, key: String) -> Bool {
        let wanted = LanguageCode.normalize(language) ?? language
        return (root["strings"]?[key]?["localizations"]?.members ?? []).contains {
            (LanguageCode.normalize($0.key) ?? $0.key) == wanted
        }
    }

    /// True when the catalog, as edited, has entry `key`.
    package func contains(_ key: String) -> Bool {
        root["strings"]?[key] != nil
    }

    /// The extraction state of entry `key`, as edited.
    package func extractionState(of key: String) -> String? {
        root["strings"]?[key]?["extractionState"]?.string
    }

    /// Adds the `language` localization of existing entry `key`, in state `needs_review`.
    package mutating func addLocalization(_ language: String, key: String, value: String) {
        editStrings { strings in
            strings.update(key) { entry in
                entry.update("localizations") { $0.set(language, Self.unit(value, state: "needs_review")) }
            }
        }
    }

    /// Marks entry `key` `stale`, as Xcode marks a key its extraction no longer finds.
    package mutating func markStale(_ key: String) {
        editStrings { strings in strings.update(key) { $0.set("extractionState", .string("stale")) } }
    }

    /// A localization of one string unit: `value` in `state`.
    package static func unit(_ value: String, state: String) -> CatalogValue {
        .object([
            CatalogMember(
                key: "stringUnit",
                value: .object([
                    CatalogMember(key: "state", value: .string(state)),
                    CatalogMember(key: "value", value: .string(value)),
                ]))
        ])
    }
}
