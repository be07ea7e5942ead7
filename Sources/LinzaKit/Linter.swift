import LinzaBase
import LinzaConfiguration
import LinzaRules
import LinzaSources
import LinzaTables

/// The outcome of a lint run.
public struct LintResult: Sendable {
    /// Findings in print order, duplicates removed.
    public var diagnostics: [Diagnostic]
    public var sourceFileCount: Int
    public var tableFileCount: Int
    /// Languages checked.
    public var languages: [String]
    /// True when some input could not be read: the findings are incomplete (exit code 2).
    public var hasInputFailures: Bool

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
}

/// The pipeline: discovery -> parallel source scanning and table loading -> rules, per
/// module. Returns data; printing and exit codes belong to the executable.
public struct Linter: Sendable {
    /// The rule id of findings about input Linza could not read.
    public static let inputErrorID = "input_error"

    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// A module's files, its sources scanned and its tables loaded.
    public struct LoadedModule: Sendable {
        /// The module's name under `modules:`; nil for a configuration without modules.
        public var name: String?
        public var configuration: Configuration
        public var sources: [ScannedSource]
        public var tables: [LoadedTableFile]
        public var interfaceNames: Set<String>

        public var project: LintProject {
            LintProject(sources: sources, tables: TableCatalog(files: tables), configuration: configuration,
                        interfaceNames: interfaceNames)
        }
    }

    /// Discovers, reads and checks the whole project. Modules are checked on all cores at
    /// once (a module's own steps, scanning and language passes, wait for each other, so
    /// one module at a time would leave cores idle); within a module, sources are scanned
    /// and tables checked language by language (`LanguagePasses`) on all cores too.
    public func lint() -> LintResult {
        struct CheckedModule: Sendable {
            var diagnostics: [Diagnostic]
            var failures: [InputFailure]
            var languages: [String]
            var sourceFileCount: Int
        }
        let discovered = discover()
        let checked = discovered.concurrentMap { module, files -> CheckedModule in
            let sources = Self.scan(files.sources, with: module)
            let passes = LanguagePasses(configuration: module, sources: sources, tableFiles: files.tables,
                                        interfaceNames: files.interfaceNames).check()
            return CheckedModule(diagnostics: RuleEngine.applySuppressions(passes.diagnostics, sources: sources),
                                 failures: files.failures + sources.compactMap(\.failure) + passes.failures,
                                 languages: passes.requiredLanguages, sourceFileCount: sources.count)
        }
        var languages: [String] = []
        for module in checked { languages += module.languages.filter { !languages.contains($0) } }
        let failures = checked.flatMap(\.failures)
        return LintResult(diagnostics: (checked.flatMap(\.diagnostics) + failures.map(Self.diagnostic)).sortedForOutput(),
                          sourceFileCount: checked.reduce(0) { $0 + $1.sourceFileCount },
                          tableFileCount: Set(discovered.flatMap { $0.files.tables.map(\.path) }).count,
                          languages: languages, hasInputFailures: !failures.isEmpty)
    }

    /// Discovers and reads every module: each source file belongs to the first module that
    /// includes it; a table file shared by modules is read once.
    public func load() -> (modules: [LoadedModule], failures: [InputFailure]) {
        let discovered = discover()
        var failures = discovered.flatMap(\.files.failures)
        let uniqueTables = Array(Set(discovered.flatMap(\.files.tables))).sorted { $0.path < $1.path }
        let loadedTables = Dictionary(uniqueKeysWithValues: zip(uniqueTables.map(\.path),
                                                                uniqueTables.concurrentMap(TableLoader.load)))
        failures += loadedTables.values.flatMap { $0.compactMap(\.failure) }.sorted { $0.location < $1.location }

        var modules: [LoadedModule] = []
        let names: [String?] = configuration.modules.isEmpty ? [nil] : configuration.modules.map(\.name)
        for ((module, files), name) in zip(discovered, names) {
            let sources = Self.scan(files.sources, with: module)
            failures += sources.compactMap(\.failure)
            modules.append(LoadedModule(name: name, configuration: module, sources: sources,
                                        tables: files.tables.flatMap { loadedTables[$0.path] ?? [] },
                                        interfaceNames: files.interfaceNames))
        }
        return (modules, failures)
    }

    /// Each module's files: a source file belongs to the first module that includes it.
    public func discover() -> [(module: Configuration, files: DiscoveredFiles)] {
        let configurations = configuration.modules.isEmpty ? [configuration] : configuration.modules.map(\.configuration)
        // Modules' folders are walked on all cores; which module claims a file is then
        // settled in order.
        var claimed = Set<String>()
        return zip(configurations, configurations.concurrentMap(FileDiscovery.discover)).map { module, found in
            var files = found
            files.sources.removeAll { !claimed.insert($0).inserted }
            return (module, files)
        }
    }

    /// Discovers and scans the sources only: every call site, for `linza usages`.
    public func scanUsages() -> (sources: [ScannedSource], failures: [Diagnostic]) {
        let discovered = discover()
        var failures = discovered.flatMap(\.files.failures)
        let sources = discovered.flatMap { Self.scan($0.files.sources, with: $0.module) }
        failures += sources.compactMap(\.failure)
        return (sources.sorted { $0.path < $1.path }, failures.map(Self.diagnostic).sortedForOutput())
    }

    /// Scans `paths` on all cores; string literals are kept only when a rule needs them
    /// (`status` never does).
    static func scan(_ paths: [String], with configuration: Configuration,
                     collectsLiterals: Bool? = nil) -> [ScannedSource] {
        let scanner = SourceScanner(recognizer: CallRecognizer(functions: configuration.functions,
                                                               defaultTable: configuration.defaultTable),
                                    collectsLiterals: collectsLiterals ?? RuleEngine.needsSourceLiterals(configuration))
        return paths.concurrentMap { scanner.scanFile(at: $0) }
    }

    private static func diagnostic(_ failure: InputFailure) -> Diagnostic {
        Diagnostic(ruleID: inputErrorID, severity: .error, message: failure.message, location: failure.location)
    }
}
