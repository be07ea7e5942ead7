import LinzaBase

/// A String Catalog opened for editing. Xcode rewrites a catalog whole in its own layout
/// (`XcodeJSONLayout`), so only a file already in that layout is edited: then every entry a
/// plan leaves keeps its bytes and the next Xcode build changes nothing. Its entries are
/// its top-level `strings`.
///
/// A catalog can be tens of megabytes, and a tree of all of it takes several times that:
/// the document keeps the file's bytes and where each entry lies in them, builds the tree of
/// an entry only when it is read or edited, and holds only the entries a plan changed, each
/// written out (`edited`). Its edits rewrite only the stretches between entries kept as
/// read (`edits`), the rest of the file copied as it is.
package struct CatalogDocument: EditableTable {
    /// One entry of `strings` as read: its key, and where its member (`"key" : value`) and
    /// its value lie in `bytes`.
    struct ReadEntry: Sendable {
        var key: String
        var member: Range<Int>
        var value: Range<Int>
    }

    package let path: String
    package let bytes: [UInt8]
    package var encoding: TextEncoding { .utf8 }
    package var text: [UInt8] { bytes }
    /// True for a catalog that does not exist yet (`newFile`).
    package let isNew: Bool
    package let sourceLanguage: String
    let endsWithNewline: Bool
    let layout: XcodeJSONLayout
    /// The top-level members in file order, `strings` as an empty object (its entries are
    /// `readEntries` and the edits).
    let head: [CatalogMember]
    /// `strings` as read, in file order, and each key's place there.
    let readEntries: [ReadEntry]
    let readIndex: [String: Int]
    /// Where the `strings` object's `{` and `}` are (nil for a new catalog).
    let stringsBraces: Range<Int>?

    /// The keys of `strings` as the plan has edited it so far, in order.
    private(set) var order: [String]
    /// Entries the plan changed or added, as edited, each written as Xcode writes an entry's
    /// value (its bytes take a fraction of its tree's memory, and a plan may change every
    /// entry); a key of `order` not here is as read.
    private(set) var edited: [String: [UInt8]] = [:]
    /// Keys read that the plan removed (and has not put back).
    private var removed: Set<String> = []

    package init(path: String, bytes: [UInt8]) throws {
        try self.init(path: path, bytes: bytes, checkingLayout: true)
    }

    /// The catalog a plan's edit made (`WritePlan.verify`), read without checking that it is
    /// in Xcode's layout: that check renders every entry, a sixth of a large import's work,
    /// and the edit's bytes are in that layout by construction (its entries as read, which
    /// passed the check, and entries written by `XcodeJSONLayout`). What verification asks,
    /// the values and the untouched entries' bytes, is checked all the same.
    package static func reread(path: String, bytes: [UInt8]) throws -> CatalogDocument {
        try CatalogDocument(path: path, bytes: bytes, checkingLayout: false)
    }

    private init(path: String, bytes: [UInt8], checkingLayout: Bool) throws {
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
        let skimmed: JSONParser.Skimmed
        do {
            skimmed = try bytes.withUnsafeBufferPointer { try JSONParser.skim($0) }
        } catch let error as JSONSyntaxError {
            let (line, column) = bytes.withUnsafeBufferPointer { LineIndex($0).position(of: error.offset) }
            throw TableRefusal(
                path: path, line: line, column: column, reason: "invalid JSON: \(error.message); fix the catalog first")
        }
        let notACatalog = TableRefusal(
            path: path,
            reason: "not a String Catalog Linza can edit (it needs \"sourceLanguage\" and a "
                + "\"strings\" object, and no key twice in one object)")
        guard case .object(let top) = skimmed, Set(top.map(\.key)).count == top.count,
            let strings = top.first(where: { $0.key == "strings" }), bytes[strings.value.lowerBound] == ascii("{")
        else { throw notACatalog }
        // The members besides `strings` are small: built whole.
        var head: [CatalogMember] = []
        for member in top {
            guard member.key != "strings" else {
                head.append(CatalogMember(key: member.key, value: .object([])))
                continue
            }
            guard
                let node = try? bytes.withUnsafeBufferPointer({
                    try JSONParser.parseValue($0, at: member.value, depth: 1)
                }),
                let value = CatalogValue(node)
            else { throw notACatalog }
            head.append(CatalogMember(key: member.key, value: value))
        }
        guard let source = head.first(where: { $0.key == "sourceLanguage" })?.value.string else { throw notACatalog }
        let members = try bytes.withUnsafeBufferPointer {
            try JSONParser.members(of: $0, objectAt: strings.value.lowerBound, depth: 1)
        }
        var readEntries: [ReadEntry] = []
        readEntries.reserveCapacity(members.count)
        var readIndex: [String: Int] = [:]
        readIndex.reserveCapacity(members.count)
        for member in members {
            guard readIndex.updateValue(readEntries.count, forKey: member.key) == nil else { throw notACatalog }
            readEntries.append(
                ReadEntry(key: member.key, member: member.keyOffset..<member.value.upperBound, value: member.value))
        }
        self.head = head
        self.readEntries = readEntries
        self.readIndex = readIndex
        order = readEntries.map(\.key)
        stringsBraces = strings.value.lowerBound..<(strings.value.upperBound - 1)
        sourceLanguage = source
        endsWithNewline = bytes.last == 0x0A
        layout = XcodeJSONLayout(of: bytes)
        guard checkingLayout else { return }
        // Whether the file is exactly what Xcode writes for it, entry by entry, so that no tree of the
        // whole catalog is ever held; a key twice in any object refuses the file before its layout does.
        var check = LayoutCheck(bytes: bytes)
        try writeWhole(into: &check) { index in
            guard
                let node = try? bytes.withUnsafeBufferPointer({
                    try JSONParser.parseValue($0, at: readEntries[index].value, depth: 2)
                }),
                let value = CatalogValue(node)
            else { throw notACatalog }
            return value
        }
        if let offset = check.mismatch ?? (check.position == bytes.count ? nil : check.position) {
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
        if let version = template.head.first(where: { $0.key == "version" })?.value { root.set("version", version) }
        return CatalogDocument(
            path: path, head: root.members ?? [], sourceLanguage: template.sourceLanguage,
            endsWithNewline: template.endsWithNewline, layout: template.layout)
    }

    private init(
        path: String, head: [CatalogMember], sourceLanguage: String, endsWithNewline: Bool, layout: XcodeJSONLayout
    ) {
        self.path = path
        bytes = []
        isNew = true
        self.head = head
        readEntries = []
        readIndex = [:]
        stringsBraces = nil
        order = []
        self.sourceLanguage = sourceLanguage
        self.endsWithNewline = endsWithNewline
        self.layout = layout
    }

    /// The catalog in Xcode's layout, with the file's own final newline.
    package var rendering: [UInt8] {
        guard !isNew else {
            var output = Rendering()
            writeWhole(into: &output) { readEntry(at: $0) ?? .object([]) }
            return output.bytes
        }
        return TextEdit.apply(edits, to: bytes)
    }

    /// The whole catalog as edited, a tree (for tests and small catalogs: a large one is
    /// never held whole).
    package var root: CatalogValue {
        .object(
            head.map { member in
                guard member.key == "strings" else { return member }
                return CatalogMember(
                    key: member.key,
                    value: .object(order.map { CatalogMember(key: $0, value: entry($0) ?? .object([])) }))
            })
    }

    /// The whole catalog as read, a tree (for tests and small catalogs, as `root`).
    package var read: CatalogValue {
        .object(
            head.map { member in
                guard member.key == "strings" else { return member }
                return CatalogMember(
                    key: member.key,
                    value: .object(
                        readEntries.indices.map {
                            CatalogMember(key: readEntries[$0].key, value: readEntry(at: $0) ?? .object([]))
                        }))
            })
    }

    package var keys: [String] { readEntries.map(\.key) }

    /// Empty: a catalog is planned as a tree of entries, not by splices of the file's text.
    package var entrySpans: [Range<Int>] { [] }

    /// Each entry's member (`"key" : value`) as read, parallel to `keys`.
    package var entryBytes: [ArraySlice<UInt8>] {
        readEntries.map { bytes[$0.member] }
    }

    /// Entry `key` as read, in Xcode's layout at the top level (what an archive keeps).
    package func entryText(_ key: String) -> String? {
        readEntry(key).map { String(decoding: layout.render($0), as: UTF8.self) }
    }

    /// The extraction state of entry `key` as read.
    package func readExtractionState(of key: String) -> String? {
        readEntry(key)?["extractionState"]?.string
    }

    /// Entry `key` as read, built from its bytes.
    func readEntry(_ key: String) -> CatalogValue? {
        readIndex[key].flatMap { readEntry(at: $0) }
    }

    /// Entry `index` of `readEntries`, built from its bytes (checked when the file was read).
    private func readEntry(at index: Int) -> CatalogValue? {
        let range = readEntries[index].value
        return (try? bytes.withUnsafeBufferPointer { try JSONParser.parseValue($0, at: range, depth: 2) })
            .flatMap(CatalogValue.init)
    }

    /// Entry `key` as edited (nil when the catalog, as edited, lacks it).
    package func entry(_ key: String) -> CatalogValue? {
        if let bytes = edited[key] {
            return (try? bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }).flatMap(CatalogValue.init)
        }
        guard !removed.contains(key) else { return nil }
        return readEntry(key)
    }

    /// Puts entry `key` back at its place in Xcode's order.
    package mutating func restore(_ key: String, _ entry: CatalogValue) {
        set(key, entry)
    }

    /// Sets the extraction state of entry `key` (nil removes it: extracted automatically).
    package mutating func setExtractionState(_ state: String?, of key: String) {
        update(key) { entry in
            if let state { entry.set("extractionState", .string(state)) } else { entry.remove("extractionState") }
        }
    }

    /// `key` → the entry's extraction state; `key` NUL `language` → that localization's
    /// string unit value, or its whole JSON when it has variations (as read).
    package var values: [String: String?] {
        var result: [String: String?] = [:]
        for index in readEntries.indices {
            guard let entry = readEntry(at: index) else { continue }
            Self.collectValues(of: CatalogMember(key: readEntries[index].key, value: entry), into: &result)
        }
        return result
    }

    /// `values` of the entries of `keys` only (as read), built from those entries alone.
    package func values(ofKeys keys: Set<String>) -> [String: String?] {
        var result: [String: String?] = [:]
        for key in keys {
            guard let entry = readEntry(key) else { continue }
            Self.collectValues(of: CatalogMember(key: key, value: entry), into: &result)
        }
        return result
    }

    /// What one entry contributes to `values`.
    package static func values(of entry: CatalogMember) -> [String: String?] {
        var result: [String: String?] = [:]
        collectValues(of: entry, into: &result)
        return result
    }

    /// Adds what one entry contributes to `values` to `result`, replacing what is there (a
    /// dictionary per entry merged into the whole cost an import of every text of a 12 MB
    /// catalog a twentieth of its work).
    static func collectValues(of entry: CatalogMember, into result: inout [String: String?]) {
        result[entry.key] = .some(entry.value["extractionState"]?.string)
        for localization in entry.value["localizations"]?.members ?? [] {
            let unit = localization.value["stringUnit"]?["value"]?.string
            let text = unit ?? String(decoding: XcodeJSONLayout().render(localization.value), as: UTF8.self)
            result[entry.key + "\u{0}" + localization.key] = .some(text)
        }
    }

    /// The edit that writes the catalog as read without the entries at `indices`.
    package func deletions(of indices: Set<Int>) -> [TextEdit] {
        var edited = self
        edited.order = keys
        edited.edited = [:]
        edited.removed = []
        edited.remove(Set(indices.map { readEntries[$0].key }))
        return edited.edits
    }

    /// Removes the entries of `keys`.
    package mutating func remove(_ keys: Set<String>) {
        guard !keys.isEmpty else { return }
        order.removeAll { keys.contains($0) }
        for key in keys {
            edited[key] = nil
            if readIndex[key] != nil { removed.insert(key) }
        }
    }

    /// The map the file should read as after a plan removes, adds and marks these keys,
    /// starting from `base` (`values`, or `values(ofKeys:)` of the touched keys): added entries
    /// carry their language, nil for a new entry.
    package func expectedValues(
        _ base: [String: String?], removing removed: [String], adding added: [NewStringsEntry], marking marked: [String]
    ) -> [String: String?] {
        var expected = base
        if !removed.isEmpty {
            let removed = Set(removed)
            expected = expected.filter { !removed.contains(String($0.key.prefix { $0 != "\u{0}" })) }
        }
        for key in marked { expected[key] = .some("stale") }
        for entry in added {
            if let language = entry.language {
                expected[entry.key + "\u{0}" + language] = .some(entry.value)
            } else {
                expected[entry.key] = .some(Self.extractionState(of: entry))
                if entry.value != entry.key { expected[entry.key + "\u{0}" + sourceLanguage] = .some(entry.value) }
            }
        }
        return expected
    }

    /// The edits that write the catalog as it now is: none when unchanged, nor for a new
    /// catalog that has no entry yet (no empty file is created); for a new catalog the
    /// whole file. Else the entries kept as read, in their order as read, anchor the
    /// edits: each stretch between two of them (or a brace) that changed is written again,
    /// so an entry moved far (a key renamed to one sorting last) is two small edits, not a
    /// splice of everything between its old and new places.
    package var edits: [TextEdit] {
        guard let braces = stringsBraces else {
            if order.isEmpty { return [] }
            return [TextEdit(range: 0..<0, replacement: rendering)]
        }
        // Each anchor's place in `order` and in `readEntries`, ascending in both; the ends
        // stand for the braces.
        var anchors: [(position: Int, index: Int)] = [(-1, -1)]
        for (position, key) in order.enumerated() where edited[key] == nil {
            if let index = readIndex[key], index > anchors[anchors.count - 1].index {
                anchors.append((position, index))
            }
        }
        anchors.append((order.count, readEntries.count))
        var edits: [TextEdit] = []
        for (left, right) in zip(anchors, anchors.dropFirst())
        where right.position > left.position + 1 || right.index > left.index + 1 {
            if let edit = stretch(after: left, before: right, braces: braces) { edits.append(edit) }
        }
        return edits
    }

    /// The edit that writes the entries of `order` between two anchors (`edits`) as
    /// `writeStrings` writes that stretch, from the end of the left one's member (or the
    /// `{`) to the start of the right one's (or the `}`); nil when it reads as it is.
    private func stretch(
        after left: (position: Int, index: Int), before right: (position: Int, index: Int), braces: Range<Int>
    ) -> TextEdit? {
        let count = order.count
        let start = left.index >= 0 ? readEntries[left.index].member.upperBound : braces.lowerBound + 1
        let end = right.index < readEntries.count ? readEntries[right.index].member.lowerBound : braces.upperBound
        let positions = (left.position + 1)..<right.position
        var replacement: [UInt8] = []
        // At most the stretch as read and its edited entries: an array grown by doubling
        // would take up to twice a long stretch.
        replacement.reserveCapacity(
            positions.reduce(end - start + 16) { total, position in
                total + (edited[order[position]].map { order[position].utf8.count * 2 + $0.count + 16 } ?? 0)
            })
        if left.position >= 0 {
            if left.position + 1 < count { replacement.append(ascii(",")) }
            replacement.append(0x0A)
        } else {
            replacement.append(0x0A)
            if count == 0 { replacement.append(0x0A) }
        }
        for position in positions {
            replacement += [UInt8](repeating: 0x20, count: 4)
            writeMember(order[position], into: &replacement)
            if position < count - 1 { replacement.append(ascii(",")) }
            replacement.append(0x0A)
        }
        replacement += [UInt8](repeating: 0x20, count: right.position < count ? 4 : 2)
        if replacement.elementsEqual(bytes[start..<end]) { return nil }
        return TextEdit(range: start..<end, replacement: replacement)
    }

    /// Adds `entry` as Xcode's extraction adds a key it finds in code: its comment, and when
    /// the call gives a default value other than the key, that value as the source
    /// language's `new` string unit with `extractionState: extracted_with_value`. A manual
    /// entry (`isManual`) is added as a key is in Xcode's editor: `extractionState: manual`,
    /// its value, when other than the key, `translated`.
    package mutating func add(_ entry: NewStringsEntry) {
        set(entry.key, Self.extractedEntry(entry, sourceLanguage: sourceLanguage))
    }

    /// The entry Xcode's extraction, or for a manual entry its editor, makes (see `add`).
    static func extractedEntry(_ entry: NewStringsEntry, sourceLanguage: String) -> CatalogValue {
        var value = CatalogValue.object([])
        if let comment = entry.comment, !comment.isEmpty { value.set("comment", .string(comment)) }
        if let state = extractionState(of: entry) { value.set("extractionState", .string(state)) }
        if entry.value != entry.key {
            value.update("localizations") {
                $0.set(sourceLanguage, Self.unit(entry.value, state: entry.isManual ? "translated" : "new"))
            }
        }
        return value
    }

    /// A new entry's `extractionState`: nil (extracted automatically) for a key given only as
    /// itself.
    static func extractionState(of entry: NewStringsEntry) -> String? {
        entry.isManual ? "manual" : entry.value != entry.key ? "extracted_with_value" : nil
    }

    /// True when entry `key` has a `language` localization (a string unit or variations).
    package func hasLocalization(_ language: String, key: String) -> Bool {
        let wanted = LanguageCode.normalize(language) ?? language
        return (entry(key)?["localizations"]?.members ?? []).contains {
            (LanguageCode.normalize($0.key) ?? $0.key) == wanted
        }
    }

    /// True when the catalog, as edited, has entry `key`.
    package func contains(_ key: String) -> Bool {
        edited[key] != nil || (readIndex[key] != nil && !removed.contains(key))
    }

    /// The extraction state of entry `key`, as edited.
    package func extractionState(of key: String) -> String? {
        entry(key)?["extractionState"]?.string
    }

    /// Adds the `language` localization of existing entry `key`, in state `needs_review`.
    package mutating func addLocalization(_ language: String, key: String, value: String) {
        update(key) { entry in
            entry.update("localizations") { $0.set(language, Self.unit(value, state: "needs_review")) }
        }
    }

    /// Marks entry `key` `stale`, as Xcode marks a key its extraction no longer finds.
    package mutating func markStale(_ key: String) {
        update(key) { $0.set("extractionState", .string("stale")) }
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

    /// Sets entry `key`: replaced where it is, or inserted at its place in Xcode's order
    /// (the keys are in that order, so a binary search), as `CatalogValue.set` places members.
    mutating func set(_ key: String, _ value: CatalogValue) {
        if !contains(key) {
            var low = 0, high = order.count
            while low < high {
                let middle = (low + high) / 2
                if CatalogCollation.precedes(key, order[middle]) { high = middle } else { low = middle + 1 }
            }
            order.insert(key, at: low)
            removed.remove(key)
        }
        edited[key] = layout.render(value, indent: 4)
    }

    /// Changes entry `key` (created empty when absent) with `body`.
    mutating func update(_ key: String, _ body: (inout CatalogValue) -> Void) {
        var value = entry(key) ?? .object([])
        body(&value)
        set(key, value)
    }
}

/// Writing a catalog in Xcode's layout, whole or compared with the file as it goes.
extension CatalogDocument {
    /// Where a rendering goes: bytes (`Rendering`), or a comparison with the file (`LayoutCheck`).
    protocol Sink {
        mutating func emit(_ bytes: [UInt8])
    }

    /// A rendering kept as bytes.
    struct Rendering: Sink {
        var bytes: [UInt8] = []

        mutating func emit(_ chunk: [UInt8]) {
            bytes += chunk
        }
    }

    /// Compares what is written with `bytes`, remembering where they first differ, so that
    /// a whole catalog is checked against its rendering without the rendering being held.
    struct LayoutCheck: Sink {
        let bytes: [UInt8]
        var position = 0
        var mismatch: Int?

        mutating func emit(_ chunk: [UInt8]) {
            defer { position += chunk.count }
            guard mismatch == nil else { return }
            let end = min(position + chunk.count, bytes.count)
            guard !chunk.elementsEqual(bytes[position..<end]) else { return }
            mismatch =
                position
                + (zip(chunk, bytes[position..<end]).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? (end - position))
        }
    }

    /// The whole catalog as `rendering` writes it, each read entry built by `entry` (of
    /// its index in `readEntries`) and written in Xcode's layout; entries the plan edited
    /// as edited.
    func writeWhole<Output: Sink>(into output: inout Output, entry: (Int) throws -> CatalogValue) rethrows {
        output.emit([ascii("{"), 0x0A] + (head.isEmpty ? [0x0A] : []))
        for (position, member) in head.enumerated() {
            var line = [UInt8](repeating: 0x20, count: 2)
            layout.quote(member.key, into: &line)
            line += Array(" : ".utf8)
            if member.key == "strings" {
                line += [ascii("{"), 0x0A] + (order.isEmpty ? [0x0A] : [])
                output.emit(line)
                for (index, key) in order.enumerated() {
                    var item = [UInt8](repeating: 0x20, count: 4)
                    if let value = edited[key] {
                        layout.quote(key, into: &item)
                        item += Array(" : ".utf8)
                        item += value
                    } else {
                        let read = readIndex[key]!
                        layout.quote(key, into: &item)
                        item += Array(" : ".utf8)
                        layout.write(try entry(read), indent: 4, into: &item)
                    }
                    if index < order.count - 1 { item.append(ascii(",")) }
                    item.append(0x0A)
                    output.emit(item)
                }
                line = [UInt8](repeating: 0x20, count: 2) + [ascii("}")]
            } else {
                layout.write(member.value, indent: 2, into: &line)
            }
            if position < head.count - 1 { line.append(ascii(",")) }
            line.append(0x0A)
            output.emit(line)
        }
        output.emit([ascii("}")] + (endsWithNewline ? [0x0A] : []))
    }

    /// Entry `key` as `"key" : value`: its bytes in the file when the plan left it, else
    /// written in Xcode's layout.
    func writeMember(_ key: String, into output: inout [UInt8]) {
        if let value = edited[key] {
            layout.quote(key, into: &output)
            output += Array(" : ".utf8)
            output += value
        } else {
            output += bytes[readEntries[readIndex[key]!].member]
        }
    }
}
