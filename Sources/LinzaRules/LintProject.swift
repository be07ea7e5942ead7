import LinzaBase
import LinzaConfiguration
import LinzaSources
import LinzaTables

/// What rules see: the module's `ProjectIndex` (bound once) and the tables of one view.
///
/// A project is either checked whole (`scope == .everything`, every table loaded), or in
/// passes that keep memory small on projects with many languages: a development pass
/// (the development language's tables, Base, and everything about code) and one pass per
/// other language (the development tables plus that language's). A pass reports only
/// findings in its scope; facts about the whole module (table names, languages) come
/// from the index, which saw every table file, loaded or not.
package struct LintProject: Sendable {
    /// Which findings a project view reports.
    package enum Scope: Hashable, Sendable {
        /// Everything: all tables are loaded.
        case everything
        /// Findings about code and about the development language's (and Base's) tables.
        case development
        /// Findings about this language's tables.
        case language(String)
    }

    /// What the bind step learnt about the module, shared by every pass.
    package let index: ProjectIndex
    /// The tables loaded for this view: all of them, or the development tables plus the
    /// pass's language.
    package private(set) var tables: TableCatalog
    package private(set) var scope: Scope
    /// The XLIFF `<file>` this view checks (`lint --xliff`), whose sources and targets are
    /// its tables; nil for a view of the project's own tables.
    package var exchange: ExchangeSection?

    /// The whole project at once.
    package init(
        sources: [ScannedSource], tables: TableCatalog, configuration: Configuration,
        interfaceNames: Set<String> = []
    ) {
        index = ProjectIndex(
            sources: sources, tables: tables, configuration: configuration,
            tableNames: tables.tableNames, languages: tables.languages, interfaceNames: interfaceNames)
        self.tables = tables
        scope = .everything
    }

    /// The development pass of a module checked language by language (see `ProjectIndex`).
    package init(index: ProjectIndex, developmentTables: TableCatalog) {
        self.index = index
        tables = developmentTables
        scope = .development
    }

    /// The pass for `language`: this view's tables plus `files` (that language's), reporting
    /// only findings about that language.
    package func pass(for language: String, adding files: [LoadedTableFile]) -> LintProject {
        var copy = self
        copy.tables = tables.adding(files)
        copy.scope = .language(language)
        return copy
    }

    /// A language pass answered from its record (`LanguagePassRecord`): the development
    /// view, reporting about `language`, whose tables presence rules (`PresenceRule`) read
    /// from `presences` (by table name) instead of loading them. Only they run on such a view.
    func replaying(_ language: String, presences: [String: TablePresence]) -> LintProject {
        var copy = self
        copy.scope = .language(language)
        copy.presences = presences.mapValues(\.view)
        return copy
    }

    /// The tables of a replayed pass's language, by name.
    private var presences: [String: TablePresence.View]?

    /// The table of `language` named `name` as presence rules read it: loaded, or from a
    /// replayed pass's record.
    func keyedTable(language: String, name: String) -> (any KeyedTable)? {
        if let presences, case .language(let passLanguage) = scope, language == passLanguage { return presences[name] }
        return table(language: language, name: name)
    }

    /// Whether this view reports findings about `language`'s tables.
    package func reports(_ language: String) -> Bool {
        switch scope {
        case .everything: true
        case .development: language == developmentLanguage || language == LanguageCode.base || language.isEmpty
        case .language(let passLanguage): language == passLanguage
        }
    }

    /// Whether this view reports findings about code and about the project as a whole.
    package var reportsCode: Bool {
        if case .language = scope { return false }
        return true
    }

    /// The table of `language` named `name`; for the development language, the index's
    /// (with Base merged when the configuration says so).
    package func table(language: String, name: String) -> LocalizationTable? {
        if language == developmentLanguage { return index.developmentTables[name] }
        return tables.table(language: language, name: name)
    }

    /// Every table name of the development language.
    package var developmentTableNames: [String] {
        tableNames.filter { index.developmentTables[$0] != nil }
    }

    /// Whether rules that compare tables with code look at this table.
    package func isCodeTable(_ name: String) -> Bool {
        configuration.checkInterfaceTables || !interfaceTables.contains(name)
    }

    // The index's facts, as rules read them.
    package var configuration: Configuration { index.configuration }
    package var sources: [ScannedSource] { index.sources }
    package var developmentLanguage: String { index.developmentLanguage }
    package var requiredLanguages: [String] { index.requiredLanguages }
    package var interfaceTables: Set<String> { index.interfaceTables }
    package var tableNames: [String] { index.tableNames }
    package var languages: [String] { index.languages }
    package var developmentFormats: DevelopmentFormats { index.developmentFormats }
    package var usageIndex: UsageIndex { index.usageIndex }
}
