import LinzaBase
import LinzaConfiguration
import LinzaRules
import LinzaSources
import LinzaTables

/// The outcome of a lint run.
package struct LintResult: Sendable {
    /// Findings in print order, duplicates removed.
    package var diagnostics: [Diagnostic]
    package var sourceFileCount: Int
    package var tableFileCount: Int
    /// Languages checked.
    package var languages: [String]
    /// True when some input could not be read: the findings are incomplete (exit code 2).
    package var hasInputFailures: Bool
    /// Entries of the baseline given to `lint` that matched no finding (fixed since).
    package var staleBaselineEntries = 0
    /// Findings left out because the baseline records them.
    package var heldByBaseline = 0
    /// Why the run checked (almost) nothing: no source file, or no development-language
    /// table, in a module that requires them (`ProjectShapeCheck`); an error (exit code 2).
    package var shapeProblems: [String] = []

    package init(
        diagnostics: [Diagnostic], sourceFileCount: Int, tableFileCount: Int, languages: [String],
        hasInputFailures: Bool, staleBaselineEntries: Int = 0, heldByBaseline: Int = 0, shapeProblems: [String] = []
    ) {
        self.diagnostics = diagnostics
        self.sourceFileCount = sourceFileCount
        self.tableFileCount = tableFileCount
        self.languages = languages
        self.hasInputFailures = hasInputFailures
        self.staleBaselineEntries = staleBaselineEntries
        self.heldByBaseline = heldByBaseline
        self.shapeProblems = shapeProblems
    }

    package var errorCount: Int { count(of: .error) }
    package var warningCount: Int { count(of: .warning) }

    /// Counted through the array's subscript: `count(where:)` copies every finding out
    /// (eight reference counts each), a tenth of the summary's cost at 10,000 findings.
    private func count(of severity: Severity) -> Int {
        var count = 0
        for index in diagnostics.indices where diagnostics[index].severity == severity { count += 1 }
        return count
    }
}

/// The pipeline: discovery -> parallel source scanning and table loading -> rules, per
/// module. Returns data; printing and exit codes belong to the executable.
package struct Linter: Sendable {
    /// The rule id of findings about input Linza could not read.
    package static let inputErrorID = "input_error"

    package let configuration: Configuration
    /// Scan results of earlier runs (`lint` and `status`; the writers and `export` read
    /// them through `load()`); nil scans every file.
    package var scanCache: ScanCache?
    /// The only files a run may read, when not every file found is part of what is checked:
    /// `lint --staged` checks what git's index holds, so a file that was never added is left
    /// out. Nil reads every file discovery finds.
    package var trackedFiles: Set<String>?

    package init(configuration: Configuration, scanCache: ScanCache? = nil, trackedFiles: Set<String>? = nil) {
        self.configuration = configuration
        self.scanCache = scanCache
        self.trackedFiles = trackedFiles
    }

    /// A module's files, its sources scanned and its tables loaded.
    package struct LoadedModule: Sendable {
        /// The module's name under `modules:`; nil for a configuration without modules.
        package let name: String?
        package let configuration: Configuration
        package let sources: [ScannedSource]
        package let tables: [LoadedTableFile]
        package let interfaceNames: Set<String>
        /// The module bound once (its table catalog and index): planners read it in loops.
        package let project: LintProject

        package init(
            name: String?, configuration: Configuration, sources: [ScannedSource], tables: [LoadedTableFile],
            interfaceNames: Set<String>
        ) {
            self.name = name
            self.configuration = configuration
            self.sources = sources
            self.tables = tables
            self.interfaceNames = interfaceNames
            project = LintProject(
                sources: sources, tables: TableCatalog(files: tables), configuration: configuration,
                interfaceNames: interfaceNames)
        }
    }

    /// Discovers, reads and checks the whole project. Modules are checked on all cores at
    /// once (a module's own steps, scanning and language passes, wait for each other, so
    /// one module at a time would leave cores idle); within a module, sources are scanned
    /// and tables checked language by language (`LanguagePasses`) on all cores too.
    ///
    /// Findings in `baseline` are left out. With `groupingLanguages`, a call site's
    /// `missing_key` findings become one naming every language (`MissingKeyGrouping`),
    /// after the baseline, which records findings per language.
    package func lint(baseline: Baseline? = nil, groupingLanguages: Bool = false) -> LintResult {
        struct CheckedModule: Sendable {
            var diagnostics: [Diagnostic]
            var failures: [InputFailure]
            var languages: [String]
        }
        let discovered = discover()
        // Modules answered from their records read nothing of their files but their hashes:
        // those are decoded only for a module checked again (`LanguagePasses`).
        let scanned = Self.scanModules(discovered, names: moduleNames, cache: scanCache, deferringRecords: true)
        // Without a baseline (which filters findings language by language) or modules sharing
        // sources (whose findings are named after their module first), a module's findings
        // are grouped with its check, on all cores (on the main thread it was a tenth of a
        // warm run of DuckDuckGo), and its record keeps them grouped
        // (`LanguagePasses.groupsLanguages`).
        let groupsWithCheck =
            groupingLanguages && baseline == nil && !discovered.contains { !$0.module.shared.isEmpty }
        var checked = Array(zip(discovered.indices, zip(discovered, scanned))).concurrentMap {
            index, found -> CheckedModule in
            let ((module, files), sources) = found
            var check = LanguagePasses(
                configuration: module, sources: sources, tableFiles: files.tables,
                interfaceNames: files.interfaceNames,
                store: scanCache.map { ($0, "module \(index)") })
            check.groupsLanguages = groupsWithCheck
            let passes = check.check()
            return CheckedModule(
                diagnostics: RuleEngine.applySuppressions(passes.diagnostics, sources: sources),
                failures: files.failures + sources.compactMap(\.failure) + passes.failures,
                languages: passes.requiredLanguages)
        }
        var languages: [String] = []
        for module in checked { languages += module.languages.filter { !languages.contains($0) } }
        let failures = checked.flatMap(\.failures)
        var diagnostics = Self.namingModules(checked.map(\.diagnostics), discovered, names: moduleNames)
        // Held once: each step below replaces the findings, and the ones it replaced are freed.
        for index in checked.indices { checked[index].diagnostics = [] }
        var stale = 0
        var held = 0
        if let baseline {
            // In print order, so that of two identical findings the first is the one recorded.
            let filtered = baseline.filter(
                Array(diagnostics.joined()).sortedForOutput(), root: configuration.baseDirectory)
            let kept = Set(filtered.new)
            let before = diagnostics.reduce(0) { $0 + $1.count }
            diagnostics = diagnostics.map { $0.filter(kept.contains) }
            held = before - diagnostics.reduce(0) { $0 + $1.count }
            stale = filtered.stale
        }
        if groupingLanguages && !groupsWithCheck {
            diagnostics = zip(diagnostics, checked).map {
                MissingKeyGrouping.grouped($0, checkedLanguages: $1.languages.count)
            }
            // Grouping writes new messages.
            diagnostics = Self.namingModules(diagnostics, discovered, names: moduleNames)
        }
        // A single module's findings are taken whole, not copied finding by finding.
        var all: [Diagnostic] = []
        let withFindings = diagnostics.indices.filter { !diagnostics[$0].isEmpty }
        if withFindings.count == 1 {
            swap(&all, &diagnostics[withFindings[0]])
        } else {
            all = Array(diagnostics.joined())
        }
        all += failures.map(Self.diagnostic)
        diagnostics = []
        all = all.sortedForOutput()
        KeptUntilExit.keep((scanned, discovered, checked))
        return LintResult(
            diagnostics: all,
            sourceFileCount: Set(scanned.joined().map(\.path)).count,
            tableFileCount: Set(discovered.flatMap { $0.files.tables.map(\.path) }).count,
            languages: languages, hasInputFailures: !failures.isEmpty, staleBaselineEntries: stale,
            heldByBaseline: held, shapeProblems: ProjectShapeCheck.problems(discovered, root: configuration))
    }

    /// Discovers and reads every module: each source file belongs to the first module that
    /// includes it; a table file shared by modules is read once. Sources are taken from
    /// `scanCache` where it has them (the writers' use of it: `scansMatch`); every table is
    /// read, since writers edit them. With `catalogEntriesWhenAsked`, String Catalogs'
    /// entries are parsed only when a field is asked for (`TableLoader.load`).
    package func load(catalogEntriesWhenAsked: Bool = false) -> (modules: [LoadedModule], failures: [InputFailure]) {
        load(scanningSources: true, catalogEntriesWhenAsked: catalogEntriesWhenAsked)
    }

    /// `load()` without scanning a source: every module's tables, for what reads only
    /// tables (`import`, `lint --xliff`); the modules have no sources. Without
    /// `parsingCatalogs`, each String Catalog is only read (`TableLoader.unparsedCatalog`):
    /// `import` parses the catalogs it edits itself.
    package func loadTables(parsingCatalogs: Bool = true) -> (modules: [LoadedModule], failures: [InputFailure]) {
        load(scanningSources: false, parsingCatalogs: parsingCatalogs)
    }

    private func load(scanningSources: Bool, parsingCatalogs: Bool = true, catalogEntriesWhenAsked: Bool = false) -> (
        modules: [LoadedModule], failures: [InputFailure]
    ) {
        let discovered = discover()
        var failures = discovered.flatMap(\.files.failures)
        let uniqueTables = Array(Set(discovered.flatMap(\.files.tables))).sorted { $0.path < $1.path }
        let loadedTables = Dictionary(
            uniqueKeysWithValues: zip(
                uniqueTables.map(\.path),
                uniqueTables.concurrentMap { file in
                    parsingCatalogs || file.format != .xcstrings
                        ? TableLoader.load(file, catalogEntriesWhenAsked: catalogEntriesWhenAsked)
                        : [TableLoader.unparsedCatalog(file)]
                }))
        failures += loadedTables.values.flatMap { $0.compactMap(\.failure) }.sorted { $0.location < $1.location }

        var modules: [LoadedModule] = []
        let names = moduleNames
        let scanned =
            scanningSources
            ? Self.scanModules(discovered, names: names, cache: scanCache)
            : Array(repeating: [], count: discovered.count)
        for (((module, files), name), sources) in zip(zip(discovered, names), scanned) {
            failures += sources.compactMap(\.failure)
            modules.append(
                LoadedModule(
                    name: name, configuration: module, sources: sources,
                    tables: files.tables.flatMap { loadedTables[$0.path] ?? [] },
                    interfaceNames: files.interfaceNames))
        }
        return (modules, failures)
    }

    /// Each module's files: a source file belongs to the first module that includes it, and
    /// to each later module whose `shared:` selects it.
    package func discover() -> [(module: Configuration, files: DiscoveredFiles)] {
        let configurations =
            configuration.modules.isEmpty ? [configuration] : configuration.modules.map(\.configuration)
        // Modules' folders are walked on all cores; which module claims a file is then
        // settled in order.
        var claimed = Set<String>()
        // From the cache's discovery records where their folders are unchanged; not for
        // `lint --staged`, which reads another tree, nor for declared input files, which
        // are no walk (a record of the whole module would answer for them).
        let cache = trackedFiles == nil ? scanCache : nil
        let found = Array(configurations.enumerated()).concurrentMap { index, module in
            module.inputFiles == nil
                ? cache?.discover(module, module: index) ?? FileDiscovery.discover(module)
                : FileDiscovery.discover(module)
        }
        return zip(configurations, found).map { module, found in
            var files = found
            if let tracked = trackedFiles {
                files.sources.removeAll { !tracked.contains($0) }
                files.tables.removeAll { !tracked.contains($0.path) }
                files.interfaceFiles.removeAll { !tracked.contains($0) }
                // An untracked storyboard or Settings.bundle table names no table of the commit.
                files.interfaceNames = Set(
                    files.tables.filter { Path.hasComponent($0.path, named: "Settings.bundle") }.map(\.name)
                        + files.interfaceFiles.map { file in
                            let name = Path.lastComponent(file)
                            return String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)])
                        })
            }
            files.sources.removeAll { path in
                !claimed.insert(path).inserted && !FileDiscovery.selects(module.shared, path)
            }
            return (module, files)
        }
    }

    /// Findings in a source that several modules check (`shared:`) end with the module whose
    /// tables they are about: each module reports the same call against its own tables. Named
    /// before the baseline is applied (it keeps findings about no key by their message) and
    /// again after grouping; a finding is named once.
    static func namingModules(
        _ diagnostics: [[Diagnostic]], _ discovered: [(module: Configuration, files: DiscoveredFiles)],
        names: [String?]
    ) -> [[Diagnostic]] {
        // Without `shared:` a source is in one module only; warm runs skip the count.
        guard discovered.contains(where: { !$0.module.shared.isEmpty }) else { return diagnostics }
        var modulesOfSource: [String: Int] = [:]
        for module in discovered { for path in module.files.sources { modulesOfSource[path, default: 0] += 1 } }
        guard modulesOfSource.values.contains(where: { $0 > 1 }) else { return diagnostics }
        return zip(diagnostics, names).map { found, name in
            guard let name else { return found }
            return found.map { diagnostic in
                let suffix = " (module \(name))"
                guard (modulesOfSource[diagnostic.location.file] ?? 0) > 1, !diagnostic.message.hasSuffix(suffix)
                else { return diagnostic }
                var named = diagnostic
                named.message += suffix
                return named
            }
        }
    }

    /// Discovers and scans the sources only: every call site, for `linza usages`.
    package func scanUsages() -> (sources: [ScannedSource], failures: [Diagnostic]) {
        let discovered = discover()
        var failures = discovered.flatMap(\.files.failures)
        let sources = Self.scanModules(discovered, names: moduleNames).flatMap { $0 }
        failures += sources.compactMap(\.failure)
        return (Self.mergingByPath(sources), failures.map(Self.diagnostic).sortedForOutput())
    }

    /// Scans every module's sources (modules, and the files of each, on all cores), then
    /// turns accessor paths into usages of their keys (`AccessorResolver`), drops the calls
    /// of internal preview helpers no other file names (`PreviewHelperBinding`) and moves each
    /// call naming another module's bundle (`BundleBinding`, which needs the modules' `names`):
    /// a use of an accessor whose generated file belongs to another module, or of another
    /// module's bundle, is checked with that module, whose tables it reads, and is listed
    /// there under the using file's path. With `deferringRecords` (`lint`), a cached file's
    /// record is left undecoded when nothing but its module's check reads it
    /// (`ScannedSource.isDeferred`): a module answered from its record never decodes them,
    /// and one checked again does first (`LanguagePasses`).
    package static func scanModules(
        _ discovered: [(module: Configuration, files: DiscoveredFiles)], names: [String?] = [],
        collectsLiterals: Bool? = nil, cache: ScanCache? = nil, deferringRecords: Bool = false
    ) -> [[ScannedSource]] {
        // A cache file larger than 64 MiB is read only if the project's files explain its size.
        cache?.admit(inputs: discovered.flatMap { $0.files.sources + $0.files.tables.map(\.path) })
        let hasAccessors = discovered.contains(where: { !$0.module.accessors.isEmpty })
        // Accessor resolution reads every module's scans (and may scan a file again): nothing
        // is deferred where accessors are configured.
        let defers = deferringRecords && !hasAccessors
        var scanned = discovered.concurrentMap {
            Self.scan(
                $0.files.sources, with: $0.module, collectsLiterals: collectsLiterals, cache: cache, deferring: defers)
        }
        if hasAccessors {
            scanned = AccessorResolver.resolve(
                scanned, discovered: discovered,
                scanner: { scanner(for: $0, collectsLiterals: false) }, cache: cache)
        }
        return BundleBinding.resolve(PreviewHelperBinding.resolve(scanned, cache: cache), names: names)
    }

    /// The name of each module `discover()` returns, in its order (nil without `modules:`).
    var moduleNames: [String?] {
        configuration.modules.isEmpty ? [nil] : configuration.modules.map(\.name)
    }

    /// Scans `paths` on all cores, or takes their scans from `cache`; string literals are
    /// kept only when a rule needs them (`status` never does).
    static func scan(
        _ paths: [String], with configuration: Configuration, collectsLiterals: Bool? = nil,
        cache: ScanCache? = nil, deferring: Bool = false
    ) -> [ScannedSource] {
        let keepsLiterals = collectsLiterals ?? RuleEngine.needsSourceLiterals(configuration)
        let scanner = scanner(for: configuration, collectsLiterals: keepsLiterals)
        guard let cache else { return paths.concurrentMap { scanner.scanFile(at: $0) } }
        let fingerprint = ScanCache.fingerprint(of: configuration, collectsLiterals: keepsLiterals)
        return paths.concurrentMap { cache.scan($0, with: scanner, fingerprint: fingerprint, deferring: deferring) }
    }

    static func scanner(for configuration: Configuration, collectsLiterals: Bool?) -> SourceScanner {
        let keepsLiterals = collectsLiterals ?? RuleEngine.needsSourceLiterals(configuration)
        return scanners.value(for: ScannerSettings(configuration, collectsLiterals: keepsLiterals)) {
            SourceScanner(
                recognizer: CallRecognizer(
                    functions: configuration.functions, defaultTable: configuration.defaultTable),
                collectsLiterals: keepsLiterals, accessors: configuration.accessors)
        }
    }

    /// Scanners made this process, one per distinct settings (modules mostly share theirs).
    private static let scanners = ScannerSettingsMemo<SourceScanner>()

    /// One entry per file, sorted by path: a file whose accessor uses were checked with
    /// another module appears there too, and its usages are merged back here.
    private static func mergingByPath(_ sources: [ScannedSource]) -> [ScannedSource] {
        var merged: [String: ScannedSource] = [:]
        for source in sources {
            if var existing = merged[source.path] {
                existing.usages = (existing.usages + source.usages).sorted { $0.location < $1.location }
                merged[source.path] = existing
            } else {
                merged[source.path] = source
            }
        }
        return merged.values.sorted { $0.path < $1.path }
    }

    private static func diagnostic(_ failure: InputFailure) -> Diagnostic {
        Diagnostic(ruleID: inputErrorID, severity: .error, message: failure.message, location: failure.location)
    }
}
