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
    /// Where passes keep their records between runs, and the module's name there; nil
    /// checks every language afresh.
    var store: (store: any LanguagePassStore, module: String)?
    /// The rules run, in the order they report (tests add their own).
    var rules: [any Rule.Type] = RuleRegistry.all

    package struct Result {
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
        let rules = self.rules
        // Language passes run the rules that read other languages' tables (`RuleEngine.check`).
        let recordedInputs = rules.filter {
            !($0 is any PresenceRule.Type) && $0.inputs.contains(.languageTables)
                && RuleRegistry.severity(of: $0, in: configuration) != nil
        }.reduce(RuleInputs()) { $0.union($1.inputs) }
        let codeHash = recordedInputs.contains(.sources) ? Self.hash(of: sources) : nil
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
            let recordKey = store.map { "\($0.module)\u{0}\(language)" }
            let passInputs = inputs?.of(language, readsDevelopmentTables: readsDevelopmentTables).map { inputs in
                (
                    hash: codeHash.map {
                        StableHash.adding(withUnsafeBytes(of: $0.littleEndian, Array.init), to: inputs.hash)
                    }
                        ?? inputs.hash, isRacy: inputs.isRacy
                )
            }
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
        diagnostics = Self.warningsForWarnedLanguages(diagnostics, warned: project.index.warnedLanguages)
        return Result(
            diagnostics: diagnostics, failures: tables.developmentFailures + passes.flatMap(\.failures),
            requiredLanguages: project.requiredLanguages)
    }

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
    /// scanned form, so that a change that alters no call leaves the record valid.
    static func hash(of sources: [ScannedSource]) -> UInt64 {
        sources.reduce(StableHash.fnv1a("language pass code 1\u{0}")) { StableHash.adding($1.encoded(), to: $0) }
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
