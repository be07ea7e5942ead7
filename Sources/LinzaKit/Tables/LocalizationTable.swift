/// The file formats that hold translations.
public enum TableFormat: String, Sendable, Hashable {
    case strings
}

/// A table file found on disk: which language and table it holds.
public struct TableFile: Hashable, Sendable {
    public var path: String
    /// Normalised language code (`pt-BR`), or `Base`.
    public var language: String
    /// The table name: the file name without extension (`Localizable`).
    public var name: String
    public var format: TableFormat
    /// `ru.lproj/Localizable.strings`: how messages name the file.
    public var displayName: String

    public init(path: String, language: String, name: String, format: TableFormat, displayName: String) {
        self.path = path
        self.language = language
        self.name = name
        self.format = format
        self.displayName = displayName
    }
}

/// A translation as found in a table file.
public struct TableEntry: Hashable, Sendable {
    public var key: String
    /// Nil when the file gives the key a value that is not a string.
    public var value: String?
    public var location: Location
}

/// A syntax problem in a table file, with what it costs the app at run time.
public struct TableProblem: Hashable, Sendable {
    public var message: String
    public var location: Location
    public var effect: StringsProblem.Effect
}

/// One table file after loading: its entries in file order, duplicates included.
public struct LoadedTableFile: Hashable, Sendable {
    public var file: TableFile
    public var entries: [TableEntry]
    public var problems: [TableProblem]
    /// Set when the file could not be read at all.
    public var failure: InputFailure?
    /// The position after the last line, where a new entry would be added.
    public var endLocation: Location

    /// True when a problem costs more than single entries: the app loses the whole
    /// table or its tail, so per-key findings against it would only repeat that news.
    public var isBroken: Bool {
        failure != nil || problems.contains { $0.effect != .losesEntry }
    }
}

/// All files of one language and table name, merged: what `NSLocalizedString` reads.
public struct LocalizationTable: Sendable {
    public var language: String
    public var name: String
    public var files: [LoadedTableFile]
    /// The effective entry per key, keys compared exactly: the last definition wins, as
    /// at run time.
    public private(set) var entries: [ExactString: TableEntry]

    public init(language: String, name: String, files: [LoadedTableFile]) {
        self.language = language
        self.name = name
        self.files = files
        var entries: [ExactString: TableEntry] = [:]
        for file in files {
            for entry in file.entries where entry.value != nil { entries[ExactString(entry.key)] = entry }
        }
        self.entries = entries
    }

    /// The effective entry for `key`, compared code unit by code unit.
    public func entry(for key: String) -> TableEntry? {
        entries[ExactString(key)]
    }

    /// True when any of the table's files is broken (see `LoadedTableFile.isBroken`).
    public var isBroken: Bool { files.contains(where: \.isBroken) }

    /// `ru.lproj/Localizable.strings` (the first file's name when several are merged).
    public var displayName: String { files.first?.file.displayName ?? "\(language).lproj/\(name).strings" }
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
        var grouped: [ID: [LoadedTableFile]] = [:]
        var order: [ID] = []
        for file in files {
            let id = ID(language: file.file.language, name: file.file.name)
            if grouped[id] == nil { order.append(id) }
            grouped[id, default: []].append(file)
        }
        var tables: [ID: LocalizationTable] = [:]
        for id in order {
            tables[id] = LocalizationTable(language: id.language, name: id.name, files: grouped[id]!)
        }
        self.tables = tables
    }

    public func table(language: String, name: String) -> LocalizationTable? {
        tables[ID(language: language, name: name)]
    }

    /// Every language that has at least one table, `Base` excluded, sorted.
    public var languages: [String] {
        Set(tables.keys.map(\.language)).subtracting([LanguageCode.base]).sorted()
    }

    /// Every loaded file, in a stable order.
    public var allFiles: [LoadedTableFile] {
        tables.values.flatMap(\.files).sorted { $0.file.path < $1.file.path }
    }
}
