/// All files of one language and table name, merged: what `NSLocalizedString` reads.
package struct LocalizationTable: Sendable {
    package var language: String
    package var name: String
    /// Fixed once built: `entries` holds positions in these files.
    package private(set) var files: [LoadedTableFile]
    /// The effective entry per key, keys compared exactly: the last definition wins, as
    /// at run time.
    package private(set) var entries: TableEntries

    package init(language: String, name: String, files: [LoadedTableFile]) {
        self.language = language
        self.name = name
        self.files = files
        entries = TableEntries(files)
    }

    /// The effective entry for `key`, compared code unit by code unit.
    package func entry(for key: String) -> TableEntry? {
        entries[ExactString(key)]
    }

    /// True when any of the table's files is broken (see `LoadedTableFile.isBroken`).
    package var isBroken: Bool { files.contains(where: \.isBroken) }

    /// `ru.lproj/Localizable.strings` (the first file's name when several are merged).
    package var displayName: String { files.first?.file.displayName ?? "\(language).lproj/\(name).strings" }

    /// Every entry of every file, duplicates included, in file order.
    package var allEntries: [TableEntry] { files.flatMap(\.entries) }
}

/// A table's effective entries by key. Kept as positions in the table's files and indexed
/// by the keys' bytes, so building it copies no entries and makes no strings (a big app's
/// language passes build a hundred thousand).
package struct TableEntries: Sendable, Sequence {
    private struct Position: Sendable {
        var file: Int32
        var entry: Int32
    }

    private let files: [LoadedTableFile]
    /// The effective entry of each key, in the order the keys first appear.
    private var positions: [Position] = []
    /// Key → index into `positions`.
    private var index: KeyIndex

    init(_ files: [LoadedTableFile]) {
        self.files = files
        let total = files.reduce(0) { $0 + $1.entries.count }
        var index = KeyIndex(capacity: total)
        var positions: [Position] = []
        positions.reserveCapacity(total)
        // A .stringsdict entry wins over a .strings one, as NSBundle looks there first.
        let order = files.indices.sorted {
            (files[$0].file.format == .strings ? 0 : 1, $0) < (files[$1].file.format == .strings ? 0 : 1, $1)
        }
        for fileIndex in order {
            let entries = files[fileIndex].entries
            for entryIndex in entries.indices where entries[entryIndex].isUsable {
                let position = Position(file: Int32(fileIndex), entry: Int32(entryIndex))
                let earlier = entries[entryIndex].withKeyBytes { key in
                    index.insert(Int32(positions.count), key: key) { number in
                        let other = positions[Int(number)]
                        return files[Int(other.file)].entries[Int(other.entry)].withKeyBytes { KeyIndex.equal($0, key) }
                    }
                }
                // The last definition wins, as at run time.
                if let earlier { positions[Int(earlier)] = position } else { positions.append(position) }
            }
        }
        self.index = index
        self.positions = positions
    }

    private func entry(at position: Position) -> TableEntry {
        files[Int(position.file)].entries[Int(position.entry)]
    }

    private func find(_ key: ExactString) -> Position? {
        var bytes = key.value
        return bytes.withUTF8 { key in
            index.find(key) { number in entry(at: positions[Int(number)]).withKeyBytes { KeyIndex.equal($0, key) } }
        }.map { positions[Int($0)] }
    }

    /// Whether the table has `key` (without copying its entry out).
    package func contains(_ key: ExactString) -> Bool {
        find(key) != nil
    }

    /// The number of `key`'s effective entry in the order `forEachPosition` visits them (the
    /// order keys first appear), or nil when the table lacks it. The same files give the same
    /// numbers, so a number stands for a key between runs that read unchanged files.
    package func ordinal(of key: ExactString) -> Int? {
        var bytes = key.value
        return bytes.withUTF8 { ordinal(ofKeyBytes: $0) }
    }

    /// `ordinal(of:)` for a key given as UTF-8 bytes.
    package func ordinal(ofKeyBytes key: UnsafeBufferPointer<UInt8>) -> Int? {
        index.find(key) { number in entry(at: positions[Int(number)]).withKeyBytes { KeyIndex.equal($0, key) } }.map(
            Int.init)
    }

    package subscript(key: ExactString) -> TableEntry? {
        find(key).map(entry(at:))
    }

    /// Calls `body` with the file and entry index (into `LocalizationTable.files`) of every
    /// effective entry: for checks that look at a field or two of each entry, without
    /// copying whole entries.
    package func forEachPosition(_ body: (_ file: Int, _ entry: Int) -> Void) {
        for position in positions { body(Int(position.file), Int(position.entry)) }
    }

    package var count: Int { positions.count }
    /// Every key, as strings made now.
    package var keys: some Collection<ExactString> { positions.lazy.map { ExactString(entry(at: $0).key) } }
    package var values: some Sequence<TableEntry> {
        positions.lazy.map(entry(at:))
    }

    package func makeIterator() -> some IteratorProtocol<(key: ExactString, value: TableEntry)> {
        positions.lazy.map { position -> (key: ExactString, value: TableEntry) in
            let entry = entry(at: position)
            return (ExactString(entry.key), entry)
        }.makeIterator()
    }
}

/// Every table Linza loaded, by language and name.
package struct TableCatalog: Sendable {
    package struct ID: Hashable, Sendable {
        package var language: String
        package var name: String
    }

    package private(set) var tables: [ID: LocalizationTable]

    /// Groups loaded files into tables. Files keep the order given (discovery order).
    package init(files: [LoadedTableFile]) {
        self = TableCatalog(tables: [:]).adding(files)
    }

    private init(tables: [ID: LocalizationTable]) {
        self.tables = tables
    }

    /// This catalog plus `files`: tables of new languages and names are built from them;
    /// a table that already exists is rebuilt with the new files after its own.
    package func adding(_ files: [LoadedTableFile]) -> TableCatalog {
        var copy = self
        var grouped: [ID: [LoadedTableFile]] = [:]
        var order: [ID] = []
        for file in files {
            let id = ID(language: file.language, name: file.file.name)
            if grouped[id] == nil { order.append(id) }
            grouped[id, default: []].append(file)
        }
        for id in order {
            copy.tables[id] = LocalizationTable(
                language: id.language, name: id.name,
                files: (tables[id]?.files ?? []) + grouped[id]!)
        }
        return copy
    }

    /// The table of `language` named `name`. A String Catalog that could not be read stands
    /// for every language: its table is returned broken, so no per-key findings pile up.
    package func table(language: String, name: String) -> LocalizationTable? {
        tables[ID(language: language, name: name)] ?? tables[ID(language: "", name: name)]
    }

    /// Every table name, sorted.
    package var tableNames: [String] {
        Set(tables.keys.map(\.name)).sorted()
    }

    /// Every language that has at least one table, `Base` excluded, sorted.
    package var languages: [String] {
        Set(tables.keys.map(\.language)).subtracting([LanguageCode.base, ""]).sorted()
    }

    /// Every loaded file, in a stable order.
    package var allFiles: [LoadedTableFile] {
        tables.values.flatMap(\.files).sorted { $0.file.path < $1.file.path }
    }
}
