import LinzaBase
import LinzaConfiguration
import LinzaSources
import LinzaTables

/// Checks one module language by language: the development language's tables (with Base
/// and String Catalogs) stay loaded, and each other language's `.lproj` tables are loaded,
/// checked against them and dropped, on every core at once. Memory then holds the
/// development tables and a few languages instead of all of them (100 languages of a big
/// app are over a gigabyte as parsed tables), and the findings are those of a whole-project
/// check (`LintProject.Scope` describes how rules split their work between passes).
package struct LanguagePasses {
    let configuration: Configuration
    let sources: [ScannedSource]
    /// The module's table files in discovery order (sorted by path).
    let tableFiles: [TableFile]
    let interfaceNames: Set<String>
    /// Reads and parses a table file (tests read from memory).
    var load: @Sendable (TableFile) -> [LoadedTableFile] = TableLoader.load

    package struct Result {
        package var diagnostics: [Diagnostic]
        package var failures: [InputFailure]
        package var requiredLanguages: [String]
    }

    package func check() -> Result {
        let development = configuration.developmentLanguage
        let developmentLanguages: Set<String> = [development, LanguageCode.base]
        // Files are referred to by their index in `tableFiles` (discovery order), so each
        // pass finds its own without hashing every path of the module again.
        let lprojIndices = Dictionary(grouping: tableFiles.indices.filter { tableFiles[$0].language != nil }) {
            tableFiles[$0].language!
        }
        let catalogIndices = tableFiles.indices.filter { tableFiles[$0].format == .xcstrings }
        // String Catalogs hold every language in one file: read once, split by language.
        let catalogs = loaded(catalogIndices)
        let developmentIndices = developmentLanguages.flatMap { lprojIndices[$0] ?? [] }
        let developmentLproj = loaded(developmentIndices)
        // An unreadable catalog (language "") stands for every language, so it is in every view.
        let developmentView = inOrder(developmentIndices, lproj: developmentLproj, catalogIndices: catalogIndices,
                                      catalogs: catalogs, languages: developmentLanguages.union([""]))

        let catalogLanguages = catalogs.values.flatMap { $0.map(\.language) }
        let languages = Set(Array(lprojIndices.keys) + catalogLanguages).subtracting([LanguageCode.base, ""]).sorted()
        let developmentTables = TableCatalog(files: developmentView)
        let index = ProjectIndex(sources: sources, tables: developmentTables, configuration: configuration,
                                 tableNames: Set(tableFiles.map(\.name)).sorted(), languages: languages,
                                 interfaceNames: interfaceNames)
        let project = LintProject(index: index, developmentTables: developmentTables)

        // Rules whose development findings gain notes from the other languages (missing_key's
        // "defined in de here") say what to locate; each pass answers for its language.
        let noteRules = RuleEngine.languagePassNoteRules(configuration)
        let wanted = noteRules.map { $0.keysToLocate(project) }
        let others = Set(languages + project.requiredLanguages).subtracting(developmentLanguages).sorted()
        let passes = others.concurrentMap { language -> (diagnostics: [Diagnostic], failures: [InputFailure],
                                                         locations: [[TableKey: Location]]) in
            let indices = lprojIndices[language] ?? []
            let lproj = loaded(indices)
            let files = inOrder(indices, lproj: lproj, catalogIndices: catalogIndices, catalogs: catalogs,
                                languages: [language])
            let pass = project.pass(for: language, adding: files)
            return (RuleEngine.check(pass), lproj.values.flatMap { $0.compactMap(\.failure) },
                    zip(noteRules, wanted).map { rule, keys in rule.locations(of: keys, language: language, in: pass) })
        }

        var diagnostics = RuleEngine.check(project) + passes.flatMap(\.diagnostics)
        for (index, rule) in noteRules.enumerated() {
            var locations: [TableKey: [(language: String, location: Location)]] = [:]
            for (language, pass) in zip(others, passes) {
                for (key, location) in pass.locations[index] { locations[key, default: []].append((language, location)) }
            }
            diagnostics = rule.addingNotes(diagnostics, locations: locations)
        }
        let failures = (developmentLproj.values.flatMap { $0 } + catalogs.values.flatMap { $0 }).compactMap(\.failure)
            + passes.flatMap(\.failures)
        return Result(diagnostics: diagnostics, failures: failures, requiredLanguages: project.requiredLanguages)
    }

    /// The files at `indices` read and parsed, by index.
    private func loaded(_ indices: [Int]) -> [Int: [LoadedTableFile]] {
        Dictionary(uniqueKeysWithValues: zip(indices, indices.concurrentMap { load(tableFiles[$0]) }))
    }

    /// The loaded `.lproj` files and the catalog parts of `languages`, in discovery order,
    /// the order a whole-project check merges them in.
    private func inOrder(_ lprojIndices: [Int], lproj: [Int: [LoadedTableFile]], catalogIndices: [Int],
                         catalogs: [Int: [LoadedTableFile]], languages: Set<String>) -> [LoadedTableFile] {
        (lprojIndices + catalogIndices).sorted().flatMap { index -> [LoadedTableFile] in
            if let parts = catalogs[index] { return parts.filter { languages.contains($0.language) } }
            return lproj[index] ?? []
        }
    }

    package init(configuration: Configuration, sources: [ScannedSource], tableFiles: [TableFile], interfaceNames: Set<String>, load: @escaping @Sendable (TableFile) -> [LoadedTableFile] = TableLoader.load) {
        self.configuration = configuration
        self.sources = sources
        self.tableFiles = tableFiles
        self.interfaceNames = interfaceNames
        self.load = load
    }
}
