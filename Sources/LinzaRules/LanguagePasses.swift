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
    /// The module's scans; some may be deferred (`ScannedSource.isDeferred`): only their
    /// hashes are read unless the module is checked again.
    let sources: [ScannedSource]
    /// The module's table files in discovery order (sorted by path).
    let tableFiles: [TableFile]
    let interfaceNames: Set<String>
    /// Reads and parses a table file (tests read from memory).
    var load: @Sendable (TableFile) -> [LoadedTableFile] = TableLoader.load
    /// Where passes keep their records between runs, and the module's name there; nil
    /// checks every language afresh.
    var store: (store: any LanguagePassStore, module: String)?
    /// The rules run, in the order they report (tests add their own).
    var rules: [any Rule.Type] = RuleRegistry.all
    /// Whether a call site's `missing_key` findings are given as one naming every language
    /// (`MissingKeyGrouping`), and recorded so: a warm run of a 39-language app decoded
    /// 17,000 findings of its record and grouped them into 442, half of its instructions.
    /// Suppressions, applied after the check, treat a site's findings alike (they go by
    /// file, line and rule), so grouping before them gives what grouping after them gave.
    package var groupsLanguages = false

    package struct Result {
        /// In print order (`inPrintOrder`).
        package var diagnostics: [Diagnostic]
        package var failures: [InputFailure]
        package var requiredLanguages: [String]
    }

    package func check() -> Result {
        let development = configuration.developmentLanguage
        let developmentLanguages: Set<String> = [development, LanguageCode.base]
        // Before any file is read (see `LanguagePassInputs`).
        let inputs = store.map {
            LanguagePassInputs(
                tableFiles: tableFiles, interfaceNames: interfaceNames, developmentLanguage: development,
                store: $0.store)
        }
        let rules = self.rules
        // The whole module answered from its record: no table loaded, no rule run.
        var codeHashes = CodeHash(sources)
        // Every language's signatures hashed once (`whole` walks them all).
        let whole = inputs?.whole
        let moduleInputs = whole.map { whole in
            (
                hash: Self.moduleHash(whole.hash, code: codeHashes.value, rules: rules, grouped: groupsLanguages),
                isRacy: whole.isRacy
            )
        }
        let inputsBesideCode = whole.map {
            Self.moduleHash($0.hash, code: 0, rules: rules, grouped: groupsLanguages)
        }
        if let store, let inputs, let moduleInputs {
            let kept = keptRecords(inputs, module: store.module)
            if let record = store.store.moduleRecord(store.module, inputs: moduleInputs.hash, keeping: kept) {
                return Result(
                    diagnostics: record.diagnostics, failures: [], requiredLanguages: record.requiredLanguages)
            }
            if let inputsBesideCode,
                let record = movedRecord(store, inputsBesideCode: inputsBesideCode, sourceHashes: codeHashes.each)
            {
                store.store.storeMovedModuleRecord(
                    record, key: store.module, inputs: moduleInputs.isRacy ? nil : moduleInputs.hash, keeping: kept)
                return Result(
                    diagnostics: record.diagnostics, failures: [], requiredLanguages: record.requiredLanguages)
            }
        }
        // Checked again: records the cache left undecoded are decoded now.
        let sources =
            self.sources.contains(where: \.isDeferred) ? self.sources.concurrentMap { $0.materialized() } : self.sources
        let tables = ModuleTables(
            tableFiles: tableFiles, developmentLanguage: development, load: load,
            catalogRecord: store.flatMap { store in
                inputs.map { store.store.catalogLookup($0, developmentLanguage: development) }
            })
        let developmentTables = TableCatalog(files: tables.developmentFiles)
        let index = ProjectIndex(
            sources: sources, tables: developmentTables, configuration: configuration,
            tableNames: Set(tableFiles.map(\.name)).sorted(), languages: tables.languages,
            interfaceNames: interfaceNames)
        let project = LintProject(index: index, developmentTables: developmentTables)

        // Rules whose development findings gain notes from the other languages (missing_key's
        // "defined in de here") say what to locate; each pass answers for its language.
        let noteRules = RuleEngine.languagePassNoteRules(configuration)
        let wanted = noteRules.map { $0.keysToLocate(project) }
        let others = Set(tables.languages + project.requiredLanguages).subtracting(developmentLanguages).sorted()
        // A replayed pass runs the presence rules again and takes every other rule's
        // findings from the record, whose key covers what those rules declare they read.
        // Language passes run the rules that read other languages' tables (`RuleEngine.check`).
        let recordedInputs = rules.filter {
            !($0 is any PresenceRule.Type) && $0.inputs.contains(.languageTables)
                && RuleRegistry.severity(of: $0, in: configuration) != nil
        }.reduce(RuleInputs()) { $0.union($1.inputs(in: configuration)) }
        let codeHash = recordedInputs.contains(.sources) ? codeHashes.value : nil
        // Presence records count keys against the development tables too, so any language
        // rule that declares them makes the record depend on them.
        let readsDevelopmentTables = rules.contains {
            $0.inputs.contains(.languageTables) && $0.inputs.contains(.developmentTables)
                && RuleRegistry.severity(of: $0, in: configuration) != nil
        }
        let passes = others.concurrentMap {
            language -> (
                diagnostics: [Diagnostic], failures: [InputFailure],
                locations: [[TableKey: Location]]
            ) in
            let recordKey = store.map { Self.passKey($0.module, language) }
            let passInputs = inputs?.of(language, readsDevelopmentTables: readsDevelopmentTables, code: codeHash)
            if let store, let recordKey, let passInputs,
                let record = store.store.passRecord(recordKey, inputs: passInputs.hash)
            {
                let replayed = project.replaying(language, presences: record.presences)
                let diagnostics = rules.flatMap { rule in
                    rule is any PresenceRule.Type
                        ? RuleEngine.check(replayed, rules: [rule])
                        : record.findings[rule.description.id] ?? []
                }
                return (diagnostics, [], zip(noteRules, wanted).map { _, keys in record.locations(of: keys) })
            }
            let (files, failures) = tables.files(of: language)
            let pass = project.pass(for: language, adding: files)
            let findings = rules.map { RuleEngine.check(pass, rules: [$0]) }
            // A pass that could not read a file (its own, or one it is checked against) is
            // run again next time, and says so again.
            if let store, let recordKey, let passInputs, !passInputs.isRacy, failures.isEmpty,
                tables.developmentFailures.isEmpty
            {
                var recorded: [String: [Diagnostic]] = [:]
                for (rule, diagnostics) in zip(rules, findings) where !(rule is any PresenceRule.Type) {
                    recorded[rule.description.id] = diagnostics
                }
                store.store.storePassRecord(
                    LanguagePassRecord(pass: pass, language: language, findings: recorded),
                    key: recordKey, inputs: passInputs.hash)
            }
            return (
                findings.flatMap { $0 }, failures,
                zip(noteRules, wanted).map { rule, keys in rule.locations(of: keys, language: language, in: pass) }
            )
        }

        var diagnostics = RuleEngine.check(project, rules: rules) + passes.flatMap(\.diagnostics)
        for (index, rule) in noteRules.enumerated() {
            var locations: [TableKey: [(language: String, location: Location)]] = [:]
            for (language, pass) in zip(others, passes) {
                for (key, location) in pass.locations[index] {
                    locations[key, default: []].append((language, location))
                }
            }
            diagnostics = rule.addingNotes(diagnostics, locations: locations)
        }
        diagnostics = Self.warningsForWarnedLanguages(diagnostics, warned: project.index.warnedLanguages).inPrintOrder()
        if groupsLanguages {
            diagnostics = MissingKeyGrouping.grouped(diagnostics, checkedLanguages: project.requiredLanguages.count)
                .inPrintOrder()
        }
        // In print order, as `Result` promises: so is the record, which a warm run reads.
        let result = Result(
            diagnostics: diagnostics, failures: tables.developmentFailures + passes.flatMap(\.failures),
            requiredLanguages: project.requiredLanguages)
        // As a pass's: not from a file that could not be read or changed within the racy window.
        if let store, let moduleInputs, let inputsBesideCode, !moduleInputs.isRacy, result.failures.isEmpty {
            store.store.storeModuleRecord(
                ModuleCheckRecord(
                    diagnostics: result.diagnostics, requiredLanguages: result.requiredLanguages,
                    inputsBesideCode: inputsBesideCode, sourceHashes: codeHashes.each),
                key: store.module, inputs: moduleInputs.hash)
        }
        return result
    }

    /// The module's last record with its findings moved (`ShiftedFindings`), when it was
    /// made from these tables and rules and every source it was made from is unchanged or
    /// was scanned again this run into a scan of the same shape; nil otherwise. The record
    /// holds the hashes of the sources as the rules read them, bound to accessors, bundles
    /// and preview helpers: a changed file's scans move each other, and its source now,
    /// moved back, must be the one the record was made from.
    private func movedRecord(
        _ store: (store: any LanguagePassStore, module: String), inputsBesideCode: UInt64, sourceHashes: [UInt64]
    ) -> ModuleCheckRecord? {
        guard let stored = store.store.latestModuleRecord(store.module), stored.inputsBesideCode == inputsBesideCode,
            stored.sourceHashes.count == sourceHashes.count
        else { return nil }
        var moves: [String: [Location: Location]] = [:]
        for (index, (recorded, current)) in zip(stored.sourceHashes, sourceHashes).enumerated()
        where recorded != current {
            let source = sources[index]
            guard !source.isDeferred, source.suppressions.isEmpty, let scans = store.store.rescan(of: source.path),
                let map = ShiftedFindings.map(from: scans.before, to: scans.after),
                source.contentHash(movingPlacesBy: ShiftedFindings.inverse(of: map)) == recorded
            else { return nil }
            moves[source.path] = map
        }
        guard var record = try? stored.record(),
            let diagnostics = ShiftedFindings.moving(record.diagnostics, by: moves)
        else { return nil }
        record.diagnostics = diagnostics
        record.sourceHashes = sourceHashes
        return record
    }

    /// The code's hash (`hash(of:)`), made once and only when asked for: a module with
    /// thousands of files encodes each of them for it.
    private struct CodeHash {
        let sources: [ScannedSource]
        private var made: (value: UInt64, each: [UInt64])?
        init(_ sources: [ScannedSource]) { self.sources = sources }
        var value: UInt64 { mutating get { hashes.value } }
        /// Each source's `contentHash`.
        var each: [UInt64] { mutating get { hashes.each } }
        private var hashes: (value: UInt64, each: [UInt64]) {
            mutating get {
                if let made { return made }
                let each = sources.map(\.contentHash)
                let hashes = (LanguagePasses.hash(ofContent: each), each)
                made = hashes
                return hashes
            }
        }
    }

    /// What a module's record is made from besides its table files (`whole`): the code as
    /// scanned (after accessors, preview helpers and bundles are settled) and the rules run.
    /// The configuration and Linza's build are in the store's own key; whether the findings
    /// are `grouped` (`groupsLanguages`) is in this hash.
    static func moduleHash(_ tables: UInt64, code: UInt64, rules: [any Rule.Type], grouped: Bool) -> UInt64 {
        var hash = StableHash.adding(littleEndian: code, to: StableHash.adding(littleEndian: tables, to: moduleSeed))
        if grouped { hash = StableHash.adding("grouped".utf8, to: hash) }
        for rule in rules {
            hash = StableHash.adding(CollectionOfOne(0), to: StableHash.adding(rule.description.id.utf8, to: hash))
        }
        return hash
    }

    private static let moduleSeed = StableHash.fnv1a("module check 1")

    /// The keys of the module's language and catalog records, kept while its record
    /// answers: a later edit checks the module again, replaying each unchanged language.
    private func keptRecords(_ inputs: LanguagePassInputs, module: String) -> (passes: [String], catalogs: [String]) {
        let development = configuration.developmentLanguage
        var languages = inputs.otherLanguages
        languages.formUnion(configuration.requiredLanguages ?? [])
        languages.formUnion(configuration.warnedLanguages)
        languages.remove(development)
        languages.remove(LanguageCode.base)
        // In no particular order: the store keeps each; sorting a hundred names per module
        // was most of a warm run's cost of keeping them.
        return (
            languages.map { Self.passKey(module, $0) },
            tableFiles.filter { $0.format == .xcstrings }.map {
                CatalogRecord.key(of: $0, developmentLanguage: development)
            }
        )
    }

    /// The key of a module's language record in the store.
    static func passKey(_ module: String, _ language: String) -> String { module + "\u{0}" + language }

    package init(
        configuration: Configuration, sources: [ScannedSource], tableFiles: [TableFile], interfaceNames: Set<String>,
        load: @escaping @Sendable (TableFile) -> [LoadedTableFile] = TableLoader.load,
        store: (store: any LanguagePassStore, module: String)? = nil
    ) {
        self.configuration = configuration
        self.sources = sources
        self.tableFiles = tableFiles
        self.interfaceNames = interfaceNames
        self.load = load
        self.store = store
    }

    /// The code as the rules read it, hashed for the record of a rule that reads it: its
    /// scanned form with each file's path (findings name it), so that a change that alters
    /// no call leaves the record valid.
    package static func hash(of sources: [ScannedSource]) -> UInt64 {
        hash(ofContent: sources.map(\.contentHash))
    }

    /// `hash(of:)` from the sources' `contentHash`es.
    static func hash(ofContent hashes: [UInt64]) -> UInt64 {
        hashes.reduce(StableHash.fnv1a("language pass code 2\u{0}")) { StableHash.adding(littleEndian: $1, to: $0) }
    }

    /// The rules whose findings say a language lacks something (`Rule.reportsAbsence`).
    static let absenceRules = Set(RuleRegistry.all.filter { $0.reportsAbsence }.map { $0.description.id })

    static func warningsForWarnedLanguages(_ diagnostics: [Diagnostic], warned: Set<String>) -> [Diagnostic] {
        guard !warned.isEmpty else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard diagnostic.severity == .error, let language = diagnostic.language, warned.contains(language),
                absenceRules.contains(diagnostic.ruleID)
            else { return diagnostic }
            var warning = diagnostic
            warning.severity = .warning
            return warning
        }
    }
}
