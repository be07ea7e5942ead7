import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaTables

/// A development table an export reads: where it is, how `<file original>` names it, and
/// its bytes (a String Catalog also parsed, once for every language).
package struct ExportTable: Sendable {
    package var path: String
    /// The path relative to the folder of `.linza.yml`: the `original` of its `<file>`.
    package var original: String
    package var name: String
    package var format: TableFormat
    package var bytes: [UInt8]
    /// The catalog's tree, for a String Catalog.
    package var catalog: ExchangeMapping.ParsedCatalog?
    /// Each other language's table file of the same folder, name and format
    /// (`.strings`/`.stringsdict`), by language.
    package var translations: [String: String]
    /// The module the table belongs to (nil without modules).
    package var module: String?
    /// For a `.strings` table: the keys the `.stringsdict` of the same folder and name has.
    package var stringsdictKeys: Set<String> = []
    /// For a `.stringsdict` table: the comments the `.strings` table of the same folder and
    /// name gives its keys.
    package var stringsComments: [String: String] = [:]
}

/// One module's files as the export sees them.
package struct ExportModule: Sendable {
    package var name: String?
    package var configuration: Configuration
    package var tables: [TableFile]
    /// Names of Interface Builder tables (storyboards, xibs): exported by Xcode from the
    /// storyboard itself, which Linza does not read.
    package var interfaceNames: Set<String>
    /// Keys code uses that no table of theirs has (`--include-missing`), by table name.
    package var missing: [String: [UsageIndex.Key]]
    /// The tables the module keeps in code (`--include-missing`), exported as the
    /// development files they would be.
    package var codeTables: [CodeDevelopmentTable]

    package init(
        name: String?, configuration: Configuration, tables: [TableFile], interfaceNames: Set<String>,
        missing: [String: [UsageIndex.Key]] = [:], codeTables: [CodeDevelopmentTable] = []
    ) {
        self.name = name
        self.configuration = configuration
        self.tables = tables
        self.interfaceNames = interfaceNames
        self.codeTables = codeTables
        // A code table's keys are its own units, not keys missing from another table.
        self.missing = missing.filter { entry in !codeTables.contains { $0.file.name == entry.key } }
    }
}

extension ExportModule {
    /// The keys code in a loaded module uses that the module's development table of the
    /// same name does not have (nor Base's), by table: what `--include-missing` adds.
    package static func missingKeys(of project: LintProject) -> [String: [UsageIndex.Key]] {
        var missing: [String: [UsageIndex.Key]] = [:]
        let development = project.developmentLanguage
        for (table, keys) in project.usageIndex.tables where project.isCodeTable(table) {
            let developmentTable = project.table(language: development, name: table)
            let base = project.table(language: LanguageCode.base, name: table)
            let lacking = keys.filter { key in
                developmentTable?.entries.contains(key.key) != true && base?.entries.contains(key.key) != true
            }
            if !lacking.isEmpty { missing[table] = lacking }
        }
        return missing
    }
}

extension ExportPlanner {
    /// The development tables of `modules` (each file once, in path order), with the other
    /// languages' files beside them, and the tables modules keep in code (`codeTables`) as
    /// the files they would be; Interface Builder tables and other tables without a
    /// development file are left out and said so in `skipped`.
    func developmentTables(_ modules: [ExportModule], skipped: inout [String]) throws -> [ExportTable] {
        var tables: [ExportTable] = []
        var seen = Set<String>()
        var interface = Set<String>()
        var orphans = Set<String>()
        for module in modules where options.includes(module: module.name) {
            let development = module.configuration.developmentLanguage
            // Lookup: (folder holding the .lproj folders, name, format) → language → path.
            var byFolder: [String: [String: String]] = [:]
            func folderKey(_ file: TableFile) -> String {
                "\(Path.parent(Path.parent(file.path)))\u{0}\(file.name)\u{0}\(file.format.rawValue)"
            }
            for file in module.tables where file.format != .xcstrings {
                byFolder[folderKey(file), default: [:]][file.language ?? ""] = file.path
            }
            let codeFolders = Set(module.codeTables.map { folderKey($0.file) })
            for file in module.tables where seen.insert(file.path).inserted {
                if module.interfaceNames.contains(file.name) {
                    interface.insert(file.name)
                    continue
                }
                let languages = file.format == .xcstrings ? [:] : byFolder[folderKey(file)] ?? [:]
                if file.format != .xcstrings {
                    let isDevelopment =
                        file.language == development
                        || (file.language == LanguageCode.base && languages[development] == nil)
                    guard isDevelopment else {
                        if languages[development] == nil && languages[LanguageCode.base] == nil
                            && !codeFolders.contains(folderKey(file))
                        {
                            orphans.insert(file.displayName)
                        }
                        continue
                    }
                }
                let bytes: [UInt8]
                do {
                    bytes = try FileReader.read(file.path)
                } catch {
                    throw TableRefusal(
                        path: file.path, reason: "cannot be read: \((error as? FileReadError)?.reason ?? "\(error)")")
                }
                var table = ExportTable(
                    path: file.path, original: Path.relativeWithParents(file.path, to: options.projectRoot),
                    name: file.name, format: file.format, bytes: bytes, catalog: nil,
                    translations: languages.filter { $0.key != development && $0.key != LanguageCode.base },
                    module: module.name)
                if file.format == .xcstrings {
                    table.catalog = try ExchangeMapping.parseCatalog(bytes, path: file.path)
                }
                tables.append(table)
            }
            for code in module.codeTables where seen.insert(code.file.path).inserted {
                let languages = byFolder[folderKey(code.file)] ?? [:]
                tables.append(
                    ExportTable(
                        path: code.file.path,
                        original: Path.relativeWithParents(code.file.path, to: options.projectRoot),
                        name: code.file.name, format: .strings, bytes: code.bytes, catalog: nil,
                        translations: languages.filter { $0.key != development && $0.key != LanguageCode.base },
                        module: module.name))
            }
        }
        if !interface.isEmpty {
            skipped.append(
                "Interface Builder tables (\(interface.sorted().joined(separator: ", "))) are not exported: "
                    + "Xcode exports them from the storyboards and xibs, which Linza does not read")
        }
        if !orphans.isEmpty {
            skipped.append(
                "tables without a development-language file are not exported (nothing to translate from): "
                    + orphans.sorted().joined(separator: ", "))
        }
        try pairStringsAndStringsdicts(&tables)
        return tables.sorted { Self.xcodeFileOrder($0.original, $1.original) }
    }

    /// Tells each `.strings` table the keys of its `.stringsdict` (same folder, same name),
    /// and each `.stringsdict` the comments of its `.strings`: Xcode exports a key both have
    /// from the `.stringsdict`, with the `.strings` comment as its note.
    func pairStringsAndStringsdicts(_ tables: inout [ExportTable]) throws {
        var stringsdicts: [String: Int] = [:]
        for (index, table) in tables.enumerated() where table.format == .stringsdict {
            stringsdicts[Path.parent(table.path) + "/" + table.name] = index
        }
        for index in tables.indices where tables[index].format == .strings {
            guard let other = stringsdicts[Path.parent(tables[index].path) + "/" + tables[index].name] else {
                continue
            }
            let keys = Set(
                try ExchangeMapping.stringsdictEntries(tables[other].bytes, path: tables[other].path).map(\.0))
            let comments = try ExchangeMapping.stringsComments(tables[index].bytes, path: tables[index].path)
            tables[index].stringsdictKeys = keys
            tables[other].stringsComments = comments.filter { keys.contains($0.key) }
        }
    }

    /// Orders `<file>` elements as Xcode does: by original path, ignoring case
    /// (`FocusedWorkWidget/…` before `FocusSessionIntents/…`, `iOS/…` before `macOS/…`
    /// before `SelectAccountIntent/…`, in Xcode 13.1 to 26.3 exports); byte by byte when
    /// the paths differ only in case.
    static func xcodeFileOrder(_ left: String, _ right: String) -> Bool {
        let (lower, otherLower) = (left.lowercased(), right.lowercased())
        if lower != otherLower { return Array(lower.utf8).lexicographicallyPrecedes(Array(otherLower.utf8)) }
        return Array(left.utf8).lexicographicallyPrecedes(Array(right.utf8))
    }
}
