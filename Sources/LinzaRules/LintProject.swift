import LinzaBase
import LinzaConfiguration
import LinzaSources
import LinzaTables

/// What rules see: the call sites, the tables, and the settings that shape the checks.
///
/// A project is either checked whole (`scope == .everything`, every table loaded), or in
/// passes that keep memory small on projects with many languages: a development pass
/// (the development language's tables, Base, and everything about code) and one pass per
/// other language (the development tables plus that language's). A pass reports only
/// findings in its scope; facts about the whole project (table names, languages) come
/// from every table file, loaded or not.
public struct LintProject: Sendable {
    /// Which findings a project view reports.
    public enum Scope: Hashable, Sendable {
        /// Everything: all tables are loaded.
        case everything
        /// Findings about code and about the development language's (and Base's) tables.
        case development
        /// Findings about this language's tables.
        case language(String)
    }

    public var sources: [ScannedSource]
    /// The tables loaded for this view: all of them, or the development tables plus the
    /// pass's language.
    public var tables: TableCatalog
    public var configuration: Configuration
    public var developmentLanguage: String
    /// The languages every key must exist in, resolved from the configuration (or, when
    /// it names none, every language that has tables).
    public var requiredLanguages: [String]
    /// Tables of Interface Builder files and InfoPlist, which code does not read.
    public var interfaceTables: Set<String>
    /// Every table name of the project, sorted, whether loaded in this view or not.
    public var tableNames: [String]
    /// Every language with tables, `Base` excluded, sorted, whether loaded or not.
    public var languages: [String]
    public private(set) var scope: Scope
    /// The development entries that read format arguments, parsed once for every pass.
    public private(set) var developmentFormats = DevelopmentFormats([:])
    /// The literal keys code uses, by table, with their calls.
    public private(set) var usageIndex = UsageIndex([])
    /// The development language's tables with `Base.lproj` merged in, when
    /// `base_language: Base` says Base holds that language's text.
    private var baseBackedTables: [String: LocalizationTable] = [:]

    /// The whole project at once.
    public init(sources: [ScannedSource], tables: TableCatalog, configuration: Configuration,
                interfaceNames: Set<String> = []) {
        self.init(sources: sources, developmentTables: tables, configuration: configuration,
                  tableNames: tables.tableNames, languages: tables.languages, interfaceNames: interfaceNames)
        scope = .everything
    }

    /// The development pass of a project checked language by language: `developmentTables`
    /// holds the development language's and Base's tables (and every language's tables
    /// that could not be split by language, such as an unreadable String Catalog);
    /// `tableNames` and `languages` describe all table files.
    public init(sources: [ScannedSource], developmentTables: TableCatalog, configuration: Configuration,
                tableNames: [String], languages: [String], interfaceNames: Set<String> = []) {
        self.sources = sources
        self.tables = developmentTables
        self.configuration = configuration
        self.tableNames = tableNames
        self.languages = languages
        scope = .development
        developmentLanguage = configuration.developmentLanguage
        if let configured = configuration.requiredLanguages {
            requiredLanguages = configured
        } else {
            requiredLanguages = languages.isEmpty ? [configuration.developmentLanguage] : languages
        }
        interfaceTables = Self.interfaceTables(developmentTables, developmentLanguage: developmentLanguage,
                                               names: interfaceNames, allNames: tableNames)
        if configuration.baseLanguage != nil {
            for name in tableNames {
                let files = (developmentTables.table(language: LanguageCode.base, name: name)?.files ?? [])
                    + (developmentTables.table(language: developmentLanguage, name: name)?.files ?? [])
                if !files.isEmpty {
                    baseBackedTables[name] = LocalizationTable(language: developmentLanguage, name: name, files: files)
                }
            }
        }
        self.sources = resolveTemplates(sources)
        var developmentTables: [String: LocalizationTable] = [:]
        for name in tableNames { developmentTables[name] = table(language: developmentLanguage, name: name) }
        developmentFormats = DevelopmentFormats(developmentTables)
        usageIndex = UsageIndex(self.sources)
    }

    /// The pass for `language`: this view's tables plus `files` (that language's), reporting
    /// only findings about that language.
    public func pass(for language: String, adding files: [LoadedTableFile]) -> LintProject {
        var copy = self
        copy.tables = tables.adding(files)
        copy.scope = .language(language)
        return copy
    }

    /// Whether this view reports findings about `language`'s tables.
    public func reports(_ language: String) -> Bool {
        switch scope {
        case .everything: true
        case .development: language == developmentLanguage || language == LanguageCode.base || language.isEmpty
        case .language(let passLanguage): language == passLanguage
        }
    }

    /// Whether this view reports findings about code and about the project as a whole.
    public var reportsCode: Bool {
        if case .language = scope { return false }
        return true
    }

    /// An interpolated `LocalizationValue` key whose template matches exactly one key of the
    /// development language's table is that key, and is checked like a literal.
    private func resolveTemplates(_ sources: [ScannedSource]) -> [ScannedSource] {
        sources.map { source in
            var source = source
            for index in source.usages.indices {
                let usage = source.usages[index]
                guard let template = usage.template, case .dynamic = usage.key, let name = usage.table.name,
                      let table = table(language: developmentLanguage, name: name) else { continue }
                let matches = table.entries.keys.filter { template.matches($0.value) }
                if matches.count == 1 { source.usages[index].key = .literal(matches[0].value) }
            }
            return source
        }
    }

    /// The table of `language` named `name`; for the development language, with Base merged
    /// when the configuration says so.
    public func table(language: String, name: String) -> LocalizationTable? {
        if language == developmentLanguage, configuration.baseLanguage != nil { return baseBackedTables[name] }
        return tables.table(language: language, name: name)
    }

    /// Every table name of the development language.
    public var developmentTableNames: [String] {
        tableNames.filter { table(language: developmentLanguage, name: $0) != nil }
    }

    /// Whether rules that compare tables with code look at this table.
    public func isCodeTable(_ name: String) -> Bool {
        configuration.checkInterfaceTables || !interfaceTables.contains(name)
    }

    /// InfoPlist, tables named after a storyboard or xib, and tables whose development
    /// (or Base) keys are all Interface Builder object ids (`pPR-vp-xuM.text`).
    private static func interfaceTables(_ tables: TableCatalog, developmentLanguage: String, names: Set<String>,
                                        allNames: [String]) -> Set<String> {
        var result: Set<String> = ["InfoPlist"]
        var keysByName: [String: [String]] = [:]
        for (id, table) in tables.tables
            where id.language == developmentLanguage || id.language == LanguageCode.base || id.language.isEmpty {
            keysByName[id.name, default: []] += table.allEntries.map(\.key)
        }
        for name in allNames {
            if names.contains(name) { result.insert(name); continue }
            if let keys = keysByName[name], !keys.isEmpty, keys.allSatisfy(isInterfaceBuilderKey) { result.insert(name) }
        }
        return result
    }

    /// `abc-de-fgh.text`: an Interface Builder object id and a property.
    static func isInterfaceBuilderKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard bytes.count > 11, bytes[3] == ascii("-"), bytes[6] == ascii("-"), bytes[10] == ascii(".") else { return false }
        return [0, 1, 2, 4, 5, 7, 8, 9].allSatisfy { index in
            let byte = bytes[index]
            return (byte | 0x20 >= ascii("a") && byte | 0x20 <= ascii("z")) || (byte >= ascii("0") && byte <= ascii("9"))
        }
    }
}
