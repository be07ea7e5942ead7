import LinzaBase
import LinzaConfiguration
import LinzaReporting
import LinzaRules
import LinzaSources
import LinzaTables

/// Counts one module's translations the way `LanguagePasses` checks them: the same
/// `ModuleTables` reads the development tables (with Base and String Catalogs) once, bound
/// by a `ProjectIndex` exactly as lint binds them; each other language's `.lproj` tables are
/// then read, counted and dropped, on all cores. No rule runs and no diagnostic is built.
///
/// With the cache (`store`), as `lint`'s language passes: a String Catalog's development
/// parts come from its record when it is unchanged, and a language whose files and the
/// development files are unchanged is counted from its `StatusRecord`, without reading its
/// files (docs/CACHE.md).
struct ModuleStatusPasses {
    let name: String?
    let configuration: Configuration
    let sources: [ScannedSource]
    /// The module's table files in discovery order (sorted by path).
    let tableFiles: [TableFile]
    let interfaceNames: Set<String>
    /// The cache, and the module's name in it; nil reads and counts every language.
    var store: (cache: ScanCache, module: String)? = nil

    /// A development table's keys to count, with their development entries.
    private struct DevelopmentTable: Sendable {
        var name: String
        var isInterface: Bool
        var keys: [(key: ExactString, entry: TableEntry)]
        var used: Set<ExactString>
    }

    func run() -> (status: ModuleStatus, failures: [InputFailure]) {
        let development = configuration.developmentLanguage
        // Signatures before any file is read (see `LanguagePassInputs`).
        let inputs = store.map {
            LanguagePassInputs(
                tableFiles: tableFiles, interfaceNames: interfaceNames, developmentLanguage: development,
                store: $0.cache)
        }
        let files = ModuleTables(
            tableFiles: tableFiles, developmentLanguage: development,
            catalogRecord: store.flatMap { store in
                inputs.map { store.cache.catalogLookup($0, developmentLanguage: development) }
            })
        let index = ProjectIndex(
            sources: sources, tables: TableCatalog(files: files.developmentFiles),
            configuration: configuration, tableNames: Set(tableFiles.map(\.name)).sorted(),
            languages: files.languages, interfaceNames: interfaceNames)
        // Every language with tables, and the required ones even without any (all missing).
        let languages = Set(files.languages).union(index.requiredLanguages).union([development]).sorted()

        // An index's keys are distinct within their table.
        var usages: [String: [ExactString: UsageIndex.Calls]] = [:]
        for table in index.usageIndex.tables {
            usages[table.name] = Dictionary(
                table.keys.map { ($0.key, $0.usages) }, uniquingKeysWith: { first, _ in first })
        }
        let codeKeys = configuration.developmentValuesInCode ? Self.keysWithTextInCode(index) : [:]
        let tables = Set(index.developmentTables.keys).union(codeKeys.keys).sorted().map { name in
            var keys: [(key: ExactString, entry: TableEntry)] = []
            if let table = index.developmentTables[name] {
                for (key, entry) in table.entries where entry.isTranslatable { keys.append((key, entry)) }
            }
            keys += codeKeys[name] ?? []
            keys.sort { $0.key.value.utf8.lexicographicallyPrecedes($1.key.value.utf8) }
            return DevelopmentTable(
                name: name, isInterface: index.interfaceTables.contains(name), keys: keys,
                used: Set(usages[name]?.keys.map { $0 } ?? []))
        }
        // Keys counted from code are counted from a record only while the code is unchanged.
        let codeHash = codeKeys.isEmpty ? nil : LanguagePasses.hash(of: sources)

        let names = tables.map(\.name)
        let keyCounts = tables.map(\.keys.count)
        let counted = languages.concurrentMap { language -> (tables: [TableLanguageStatus], failures: [InputFailure]) in
            if language == development {
                return (
                    tables.map {
                        Self.status(
                            $0, language: language,
                            buckets: buckets(
                                of: $0, table: index.developmentTables[$0.name], isDevelopmentLanguage: true))
                    }, []
                )
            }
            let recordKey = store.map { "\($0.module)\u{0}\(language)" }
            let passInputs = inputs?.of(language, code: codeHash)
            if let store, let recordKey, let passInputs,
                let bytes = store.cache.statusRecord(recordKey, inputs: passInputs.hash),
                let record = try? StatusRecord(decoding: bytes, names: names, counts: keyCounts)
            {
                return (
                    zip(tables, record.tables).map { Self.status($0, language: language, buckets: $1.buckets) }, []
                )
            }
            let (languageFiles, failures) = files.files(of: language)
            let catalog = TableCatalog(files: languageFiles.map(Self.asTheAppReadsIt))
            let compares = !UntranslatedRule.isVariant(language, ofDevelopment: development)
            let found = tables.map {
                buckets(
                    of: $0, table: catalog.table(language: language, name: $0.name), isDevelopmentLanguage: false,
                    comparesText: compares)
            }
            // As `lint`'s passes: nothing is recorded from files that could still change
            // unseen (the racy window) or that could not be read; those are counted again.
            if let store, let recordKey, let passInputs, !passInputs.isRacy, failures.isEmpty,
                files.developmentFailures.isEmpty
            {
                store.cache.storeStatusRecord(
                    StatusRecord(tables: zip(names, found).map { (name: $0, buckets: $1) }).encoded(), key: recordKey,
                    inputs: passInputs.hash)
            }
            return (zip(tables, found).map { Self.status($0, language: language, buckets: $1) }, failures)
        }

        let statuses = tables.enumerated().map { position, table in
            let perLanguage = counted.map { $0.tables[position] }
            let missing = Set(perLanguage.flatMap { $0.missingKeys.map(\.key) })
            var details: [String: KeyDetail] = [:]
            for (key, entry) in table.keys where missing.contains(key.value) {
                details[key.value] = KeyDetail(
                    developmentText: Self.readableText(entry),
                    callSites: usages[table.name]?[key]?.map(\.location) ?? [])
            }
            return TableStatus(
                name: table.name, isInterface: table.isInterface, languages: perLanguage, details: details)
        }
        let failures = files.developmentFailures + counted.flatMap(\.failures)
        return (ModuleStatus(name: name, developmentLanguage: development, tables: statuses), failures)
    }

    /// The bucket of each of a development table's keys in a language's `table` (nil: the
    /// language has no such table).
    private func buckets(
        of development: DevelopmentTable, table: LocalizationTable?, isDevelopmentLanguage: Bool,
        comparesText: Bool = false
    ) -> [StatusBucket] {
        development.keys.map { key, developmentEntry in
            // A key whose text code keeps is the development language's in code.
            StatusBucket.of(
                table?.entries[key] ?? (isDevelopmentLanguage ? developmentEntry : nil), development: developmentEntry,
                isDevelopmentLanguage: isDevelopmentLanguage, comparesText: comparesText)
        }
    }

    /// A language's counts of a development table from its keys' `buckets` (in the table's
    /// key order); whether code uses a missing key comes from this run's scan.
    private static func status(
        _ development: DevelopmentTable, language: String, buckets: [StatusBucket]
    ) -> TableLanguageStatus {
        var counts = StatusCounts()
        var missing: [MissingKey] = []
        for ((key, _), bucket) in zip(development.keys, buckets) {
            let isUsed = bucket == .missing && development.used.contains(key)
            bucket.count(into: &counts, isUsed: isUsed)
            if bucket == .missing { missing.append(MissingKey(key: key.value, isUsed: isUsed)) }
        }
        return TableLanguageStatus(language: language, counts: counts, missingKeys: missing)
    }

    /// The keys whose development text code keeps (`development_values_in_code`): a code
    /// table's keys that no development table has and whose calls give their text (`value:`,
    /// or a key that reads as text), as `missing_key` takes them, each as an entry of that
    /// text at its first call. KeePassium's 684 such keys made its complete translations
    /// count 24 %, measured against its English tables' 45 keys.
    private static func keysWithTextInCode(_ index: ProjectIndex) -> [String: [(key: ExactString, entry: TableEntry)]] {
        var result: [String: [(key: ExactString, entry: TableEntry)]] = [:]
        for (name, keys) in index.usageIndex.tables
        where !index.interfaceTables.contains(name) || index.configuration.checkInterfaceTables {
            let table = index.developmentTables[name]
            for key in keys where table?.entries[key.key] == nil && !key.usages.isEmpty {
                let first = key.usages[0]
                guard
                    let text = key.usages.lazy.compactMap(\.defaultValue).first
                        ?? (KeyText.readsAsText(key.key.value) ? key.key.value : nil)
                else { continue }
                let entry = TableEntry(
                    key: key.key.value, location: first.location,
                    texts: [EntryText(text: text, role: .value, location: first.location)])
                result[name, default: []].append((key.key, entry))
            }
        }
        return result
    }

    /// A translation file as the app gets it: none of its entries when Apple's parser
    /// rejects the file (the reader keeps those before the error, for lint's findings).
    /// Entries after a point where the parser stops are already left out by the reader.
    private static func asTheAppReadsIt(_ file: LoadedTableFile) -> LoadedTableFile {
        guard file.failure != nil || file.problems.contains(where: { $0.effect == .rejectsFile }) else { return file }
        var rejected = file
        rejected.entries = []
        return rejected
    }

    /// The text a person recognises: the value, or for a plural entry whose value is only
    /// `%#@items@`, the `other` form.
    private static func readableText(_ entry: TableEntry) -> String? {
        if let value = entry.value, !value.contains("%#@") { return value }
        let other = entry.texts.first { text in
            if case .plural(_, "other") = text.role { return true }
            return false
        }
        return other?.text ?? entry.value ?? entry.texts.first?.text
    }
}
