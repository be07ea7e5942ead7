/// All files of one language and table name, merged: what `NSLocalizedString` reads.
public struct LocalizationTable: Sendable {
    public var language: String
    public var name: String
    /// Fixed once built: `entries` holds positions in these files.
    public private(set) var files: [LoadedTableFile]
    /// The effective entry per key, keys compared exactly: the last definition wins, as
    /// at run time.
    public private(set) var entries: TableEntries

    public init(language: String, name: String, files: [LoadedTableFile]) {
        self.language = language
        self.name = name
        self.files = files
        entries = TableEntries(files)
    }

    /// The effective entry for `key`, compared code unit by code unit.
    public func entry(for key: String) -> TableEntry? {
        entries[ExactString(key)]
    }

    /// True when any of the table's files is broken (see `LoadedTableFile.isBroken`).
    public var isBroken: Bool { files.contains(where: \.isBroken) }

    /// `ru.lproj/Localizable.strings` (the first file's name when several are merged).
    public var displayName: String { files.first?.file.displayName ?? "\(language).lproj/\(name).strings" }

    /// Every entry of every file, duplicates included, in file order.
    public var allEntries: [TableEntry] { files.flatMap(\.entries) }
}

/// A table's effective entries by key. Kept as positions in the table's files, so
/// building it copies no entries (a big app's language passes build a hundred thousand).
public struct TableEntries: Sendable, Sequence {
    private struct Position: Sendable {
        var file: Int32
        var entry: Int32
    }

    private let files: [LoadedTableFile]
    private var positions: [ExactString: Position] = [:]

    init(_ files: [LoadedTableFile]) {
        self.files = files
        positions.reserveCapacity(files.reduce(0) { $0 + $1.entries.count })
        // A .stringsdict entry wins over a .strings one, as NSBundle looks there first.
        let order = files.indices.sorted { (files[$0].file.format == .strings ? 0 : 1, $0) < (files[$1].file.format == .strings ? 0 : 1, $1) }
        for fileIndex in order {
            for (entryIndex, entry) in files[fileIndex].entries.enumerated() where entry.isUsable {
                positions[ExactString(entry.key)] = Position(file: Int32(fileIndex), entry: Int32(entryIndex))
            }
        }
    }

    /// Whether the table has `key` (without copying its entry out).
    public func contains(_ key: ExactString) -> Bool {
        positions[key] != nil
    }

    public subscript(key: ExactString) -> TableEntry? {
        positions[key].map { files[Int($0.file)].entries[Int($0.entry)] }
    }

    /// Calls `body` with the file and entry index (into `LocalizationTable.files`) of every
    /// effective entry: for checks that look at a field or two of each entry, without
    /// copying whole entries.
    public func forEachPosition(_ body: (_ file: Int, _ entry: Int) -> Void) {
        for position in positions.values { body(Int(position.file), Int(position.entry)) }
    }

    public var count: Int { positions.count }
    public var keys: some Collection<ExactString> { positions.keys }
    public var values: some Sequence<TableEntry> {
        positions.values.lazy.map { files[Int($0.file)].entries[Int($0.entry)] }
    }

    public func makeIterator() -> some IteratorProtocol<(key: ExactString, value: TableEntry)> {
        positions.lazy.map { (key: $0.key, value: files[Int($0.value.file)].entries[Int($0.value.entry)]) }.makeIterator()
    }
}

/// Every table Linza loaded, by language and name.
public struct TableCatalog: Sendable {
    public struct ID: Hashable, Sendable {
        public var language: String
        public var name: String
    }

    public private(set) var tables: [ID: LocalizationTable]

    /// Groups loaded files into tables. Files keep the order given (discovery order).
    public init(files: [LoadedTableFile]) {
        self = TableCatalog(tables: [:]).adding(files)
    }

    private init(tables: [ID: LocalizationTable]) {
        self.tables = tables
    }

    /// This catalog plus `files`: tables of new languages and names are built from them;
    /// a table that already exists is rebuilt with the new files after its own.
    public func adding(_ files: [LoadedTableFile]) -> TableCatalog {
        var copy = self
        var grouped: [ID: [LoadedTableFile]] = [:]
        var order: [ID] = []
        for file in files {
            let id = ID(language: file.language, name: file.file.name)
            if grouped[id] == nil { order.append(id) }
            grouped[id, default: []].append(file)
        }
        for id in order {
            copy.tables[id] = LocalizationTable(language: id.language, name: id.name,
                                                files: (tables[id]?.files ?? []) + grouped[id]!)
        }
        return copy
    }

    /// The table of `language` named `name`. A String Catalog that could not be read stands
    /// for every language: its table is returned broken, so no per-key findings pile up.
    public func table(language: String, name: String) -> LocalizationTable? {
        tables[ID(language: language, name: name)] ?? tables[ID(language: "", name: name)]
    }

    /// Every table name, sorted.
    public var tableNames: [String] {
        Set(tables.keys.map(\.name)).sorted()
    }

    /// Every language that has at least one table, `Base` excluded, sorted.
    public var languages: [String] {
        Set(tables.keys.map(\.language)).subtracting([LanguageCode.base, ""]).sorted()
    }

    /// Every loaded file, in a stable order.
    public var allFiles: [LoadedTableFile] {
        tables.values.flatMap(\.files).sorted { $0.file.path < $1.file.path }
    }
}
