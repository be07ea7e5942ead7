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
struct ModuleStatusPasses {
    let name: String?
    let configuration: Configuration
    let sources: [ScannedSource]
    /// The module's table files in discovery order (sorted by path).
    let tableFiles: [TableFile]
    let interfaceNames: Set<String>

    /// A development table's keys to count, with their development entries.
    private struct DevelopmentTable: Sendable {
        var name: String
        var isInterface: Bool
        var keys: [(key: ExactString, entry: TableEntry)]
        var used: Set<ExactString>
    }

    func run() -> (status: ModuleStatus, failures: [InputFailure]) {
        let development = configuration.developmentLanguage
        let files = ModuleTables(tableFiles: tableFiles, developmentLanguage: development)
        let index = ProjectIndex(
            sources: sources, tables: TableCatalog(files: files.developmentFiles),
            configuration: configuration, tableNames: Set(tableFiles.map(\.name)).sorted(),
            languages: files.languages, interfaceNames: interfaceNames)
        // Every language with tables, and the required ones even without any (all missing).
        let languages = Set(files.languages).union(index.requiredLanguages).union([development]).sorted()

        var usages: [String: [ExactString: [LocalizationUsage]]] = [:]
        for table in index.usageIndex.tables {
            usages[table.name] = Dictionary(table.keys.map { ($0.key, $0.usages) }, uniquingKeysWith: +)
        }
        let tables = index.developmentTables.keys.sorted().map { name in
            let table = index.developmentTables[name]!
            var keys: [(key: ExactString, entry: TableEntry)] = []
            for (key, entry) in table.entries where entry.isTranslatable { keys.append((key, entry)) }
            keys.sort { $0.key.value.utf8.lexicographicallyPrecedes($1.key.value.utf8) }
            return DevelopmentTable(
                name: name, isInterface: index.interfaceTables.contains(name), keys: keys,
                used: Set(usages[name]?.keys.map { $0 } ?? []))
        }

        let counted = languages.concurrentMap { language -> (tables: [TableLanguageStatus], failures: [InputFailure]) in
            if language == development {
                return (
                    tables.map {
                        count(
                            $0, language: language, table: index.developmentTables[$0.name],
                            isDevelopmentLanguage: true)
                    }, []
                )
            }
            let (languageFiles, failures) = files.files(of: language)
            let catalog = TableCatalog(files: languageFiles.map(Self.asTheAppReadsIt))
            let compares = !UntranslatedRule.isVariant(language, ofDevelopment: development)
            return (
                tables.map {
                    count(
                        $0, language: language, table: catalog.table(language: language, name: $0.name),
                        isDevelopmentLanguage: false, comparesText: compares)
                }, failures
            )
        }

        let statuses = tables.enumerated().map { position, table in
            let perLanguage = counted.map { $0.tables[position] }
            let missing = Set(perLanguage.flatMap { $0.missingKeys.map(\.key) })
            var details: [String: KeyDetail] = [:]
            for (key, entry) in table.keys where missing.contains(key.value) {
                details[key.value] = KeyDetail(
                    developmentText: Self.readableText(entry),
                    callSites: (usages[table.name]?[key] ?? []).map(\.location))
            }
            return TableStatus(
                name: table.name, isInterface: table.isInterface, languages: perLanguage, details: details)
        }
        let failures = files.developmentFailures + counted.flatMap(\.failures)
        return (ModuleStatus(name: name, developmentLanguage: development, tables: statuses), failures)
    }

    /// Counts `language`'s `table` (nil: the language has no such table) against a
    /// development table's keys.
    private func count(
        _ development: DevelopmentTable, language: String, table: LocalizationTable?,
        isDevelopmentLanguage: Bool, comparesText: Bool = false
    ) -> TableLanguageStatus {
        var counts = StatusCounts()
        var missing: [MissingKey] = []
        for (key, developmentEntry) in development.keys {
            let bucket = StatusBucket.of(
                table?.entries[key], development: developmentEntry,
                isDevelopmentLanguage: isDevelopmentLanguage, comparesText: comparesText)
            let isUsed = bucket == .missing && development.used.contains(key)
            bucket.count(into: &counts, isUsed: isUsed)
            if bucket == .missing { missing.append(MissingKey(key: key.value, isUsed: isUsed)) }
        }
        return TableLanguageStatus(language: language, counts: counts, missingKeys: missing)
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
