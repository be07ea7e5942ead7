import LinzaBase
import LinzaConfiguration
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

    package init(
        name: String?, configuration: Configuration, tables: [TableFile], interfaceNames: Set<String>,
        missing: [String: [UsageIndex.Key]] = [:]
    ) {
        self.name = name
        self.configuration = configuration
        self.tables = tables
        self.interfaceNames = interfaceNames
        self.missing = missing
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
    /// languages' files beside them; Interface Builder tables and tables without a
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
                        if languages[development] == nil && languages[LanguageCode.base] == nil {
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
                    path: file.path, original: Path.relative(file.path, to: options.projectRoot) ?? file.path,
                    name: file.name, format: file.format, bytes: bytes, catalog: nil,
                    translations: languages.filter { $0.key != development && $0.key != LanguageCode.base },
                    module: module.name)
                if file.format == .xcstrings {
                    table.catalog = try ExchangeMapping.parseCatalog(bytes, path: file.path)
                }
                tables.append(table)
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
        // Xcode's order: by original path, byte by byte.
        return tables.sorted { Array($0.original.utf8).lexicographicallyPrecedes(Array($1.original.utf8)) }
    }
}
