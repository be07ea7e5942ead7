import LinzaBase

/// A table file opened for editing: what a write plan needs of every format. The planners
/// (`sync`, `prune`, `rename`, `move`, `prune --restore`) ask for operations and never
/// name a format; each format carries them out its own way: `.strings` and `.stringsdict`
/// files by splices that keep every other byte, a String Catalog as a tree written back
/// whole in Xcode's layout (`TableChange`, `TableEntryPayload`, `TableArchive`).
package protocol EditableTable: Sendable {
    var path: String { get }
    /// The file as read.
    var bytes: [UInt8] { get }
    var encoding: TextEncoding { get }
    /// The file's text as UTF-8, BOM removed; edits are ranges of it.
    var text: [UInt8] { get }
    /// True for a file that does not exist yet and is to be created.
    var isNew: Bool { get }
    /// The file's format.
    var format: TableFormat { get }
    /// The file's line break (`\r\n` or `\n`), for styling a file made like it.
    var lineEnding: [UInt8] { get }
    /// The source language of a file that holds every language (a String Catalog); nil for
    /// a file of one language.
    var sharedSourceLanguage: String? { get }
    /// The keys in file order, duplicates included.
    var keys: [String] { get }
    /// Which of `wanted` the file has, without a string of every key held at once.
    func present(_ wanted: Set<String>) -> Set<String>
    /// Key → the text the run time reads for it (the last definition wins), for checking
    /// that an edited file reads back as planned.
    var values: [String: String?] { get }
    /// `values` of the entries of `keys` only (in a String Catalog, each key's localizations
    /// too), made without the values of the other entries.
    func values(ofKeys keys: Set<String>) -> [String: String?]
    /// Reads the file; throws `TableRefusal` when Linza would not write it back exactly.
    init(path: String, bytes: [UInt8]) throws
    /// Reads the bytes a plan's own edit of the file made, for checking that they read back
    /// as planned (`WritePlan.verify`): the same reading as `init(path:bytes:)`, without the
    /// checks that only a file from elsewhere needs.
    static func reread(path: String, bytes: [UInt8]) throws -> Self
    /// The edits that remove the entries at `indices` (of `keys`), each whole.
    func deletions(of indices: Set<Int>) -> [TextEdit]
    /// Each entry's bytes (comment block included), in file order, parallel to `keys`.
    var entryBytes: [ArraySlice<UInt8>] { get }
    /// Where each entry lies in `text`, parallel to `keys` (empty for a file written whole).
    var entrySpans: [Range<Int>] { get }
    /// The `values` the file should read as after a plan removes, adds and marks (String
    /// Catalogs mark entries stale) these keys, starting from `base`: `values`, or the
    /// `values(ofKeys:)` of the keys the plan touches (what it makes of those keys alone).
    func expectedValues(
        _ base: [String: String?], removing removed: [String], adding added: [NewStringsEntry], marking marked: [String]
    ) -> [String: String?]
    /// `values` as they read after `renames` (old → new): each old key's value under its new key.
    func valuesRenaming(_ values: [String: String?], _ renames: [String: String]) -> [String: String?]
    /// Each key's note for translators, where its entry has one.
    var comments: [String: String] { get }
    /// One level of the file's indentation (its entries' own, as a `.stringsdict` indents its
    /// `<key>` lines); a tab when it shows none.
    var indentation: [UInt8] { get }
    /// Whether entry `key` has a text in `language` (in a file of one language: whether it has the key).
    func holds(_ key: String, language: String) -> Bool

    // Planning edits (TableChange.swift and each format's `+Planning` file).

    /// Plans `change` (removals, renames, additions at the file's order, whole entries
    /// arriving) on the file as read and as edited so far: splice formats append their
    /// edits to `edits`, a String Catalog edits its tree and sets `edits` to its whole-file edit.
    mutating func plan(_ change: TableChange, edits: inout [TextEdit]) -> TableChangeOutcome
    /// Plans what `prune` does with the unused `keys`: splice formats delete their entries
    /// (`removed` becomes those keys, in file order); a String Catalog marks them `stale` as
    /// Xcode does (appended to `marked`), or deletes them when `deleting` (appended to `removed`).
    /// Returns the file's edits.
    mutating func retire(_ keys: Set<String>, deleting: Bool, removed: inout [String], marked: inout [String])
        -> [TextEdit]
    /// The last entry of `key`, whole, for giving to another table (`move`); nil when absent.
    func payload(of key: String) -> TableEntryPayload?
    /// Takes `payload` from another table of this format (`TableFormatConversion` converts
    /// between formats first): whether the file has the key already, and with what.
    mutating func receive(_ payload: TableEntryPayload) -> TableReceipt

    /// Sets translated texts (`import`): each `TextTranslation` changes one text of one
    /// language's entry, or adds the entry where the file lacks it (`like` gives the
    /// development language's entry of a key, for the shape a new entry takes; `placing`
    /// the key a new key follows where the file is not sorted). A text equal to the one
    /// there changes nothing. Splice formats append their edits to `edits`; a String
    /// Catalog sets `edits` to its whole-file edit (TextTranslation.swift).
    mutating func translate(
        _ translations: [TextTranslation], like: (String) -> TableEntryPayload?,
        placing: (String) -> String?, edits: inout [TextEdit]
    ) -> TranslationOutcome

    // The archive `prune --archive` writes and `--restore` reads (TableArchive.swift).

    /// What an archive keeps of this file's part of a prune (`removed` and `marked` keys,
    /// planned as `edits`), as JSON object fields.
    func archived(removed: [String], marked: [String], edits: [TextEdit]) -> [(String, JSONValue)]
    /// Puts back what `archived` recorded (the file's object in the archive).
    mutating func restoring(_ archived: JSONNode) -> TableRestoring
}

extension EditableTable {
    package var entryBytes: [ArraySlice<UInt8>] { entrySpans.map { text[$0] } }

    package func present(_ wanted: Set<String>) -> Set<String> {
        wanted.intersection(keys)
    }

    package static func reread(path: String, bytes: [UInt8]) throws -> Self {
        try Self(path: path, bytes: bytes)
    }

    /// `expectedValues(_:removing:adding:marking:)` of the whole file.
    package func expectedValues(removing removed: [String], adding added: [NewStringsEntry], marking marked: [String])
        -> [String: String?]
    {
        expectedValues(values, removing: removed, adding: added, marking: marked)
    }

    package func expectedValues(
        _ base: [String: String?], removing removed: [String], adding added: [NewStringsEntry], marking marked: [String]
    ) -> [String: String?] {
        var expected = base
        for key in removed { expected[key] = nil }
        for entry in added { expected[entry.key] = entry.value }
        return expected
    }

    package func values(ofKeys keys: Set<String>) -> [String: String?] {
        values.filter { keys.contains($0.key) }
    }

    package func valuesRenaming(_ values: [String: String?], _ renames: [String: String]) -> [String: String?] {
        renamingValues(values, renames)
    }

    package var sharedSourceLanguage: String? { nil }

    package var comments: [String: String] { [:] }

    package var indentation: [UInt8] { [0x09] }

    package func holds(_ key: String, language: String) -> Bool { values[key] != nil }

    /// Each key's entries as bytes, without the line breaks and spaces around them (a last
    /// entry gains a line break when an entry is added after it; an entry that shares its
    /// line with a removed one may lose or keep the spaces between them): what must stay
    /// the same for every key an edit does not touch.
    package var bytesByKey: [String: [[UInt8]]] {
        var result: [String: [[UInt8]]] = [:]
        for (key, bytes) in zip(keys, entryBytes) {
            result[key, default: []].append(Array(trimmedEntry(bytes)))
        }
        return result
    }

    /// The bytes of the file after `edits` (non-overlapping ranges of `text`), in its own encoding.
    package func applying(_ edits: [TextEdit]) -> [UInt8] {
        encoding.encode(TextEdit.apply(edits, to: text))
    }

    /// The file's text, refusing files that cannot be decoded or would not encode back to
    /// the same bytes (an unpaired UTF-16 surrogate becomes U+FFFD when read).
    static func decode(_ bytes: [UInt8], path: String) throws -> (text: [UInt8], encoding: TextEncoding) {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw TableRefusal(
                path: path,
                reason: "a binary property list: Linza checks binary tables but does not "
                    + "edit them; it is left as it is")
        }
        guard case .success(let decoded) = TextDecoding.utf8(from: bytes) else {
            throw TableRefusal(path: path, reason: "the file cannot be decoded as text")
        }
        if decoded.encoding.isDeclaredSingleByte {
            throw TableRefusal(
                path: path,
                reason: "the file declares the encoding \(decoded.encoding.rawValue.uppercased()) "
                    + "in its XML declaration: Linza checks such tables but edits only UTF-8, UTF-16 and UTF-32 ones; "
                    + "save it as UTF-8 to have it edited")
        }
        guard decoded.encoding.encode(decoded.text) == bytes else {
            throw TableRefusal(
                path: path,
                reason: "the file's text does not encode back to the same bytes "
                    + "(an unpaired UTF-16 surrogate or a stray byte); it is left as it is")
        }
        return decoded
    }

    /// The start of the line holding `offset` when only spaces and tabs precede it there.
    static func ownLineStart(_ text: [UInt8], of offset: Int, notBefore floor: Int = 0) -> Int? {
        var index = offset
        while index > floor, text[index - 1] == 0x20 || text[index - 1] == 0x09 { index -= 1 }
        if index == 0 || text[index - 1] == 0x0A || text[index - 1] == 0x0D { return index }
        return nil
    }
}

/// An entry's bytes without the line breaks and spaces after it and the spaces before it
/// (`EditableTable.bytesByKey`): what an edit of its neighbours may change around it.
package func trimmedEntry(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var trimmed = bytes
    while let last = trimmed.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 {
        trimmed = trimmed.dropLast()
    }
    while let first = trimmed.first, first == 0x20 || first == 0x09 { trimmed = trimmed.dropFirst() }
    return trimmed
}

/// Why a file cannot be edited safely: Linza refuses rather than guess.
package struct TableRefusal: PathNamingError, Sendable {
    package var path: String
    /// Where in the file the reason lies (1:1 for the file as a whole).
    package var line: Int
    package var column: Int
    package var reason: String
    package func description(paths: DisplayPaths) -> String {
        "\(paths.location(Location(file: path, line: line, column: column))): \(reason)"
    }

    package init(path: String, line: Int = 1, column: Int = 1, reason: String) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }
}
