import LinzaBase
import LinzaConfiguration
import LinzaSources
import LinzaTables

/// What the bind step learns about a module once, before any rule runs: the call sites
/// with interpolated keys resolved, the development tables with Base merged in, which
/// tables Interface Builder owns, the literal keys by table, and the development formats.
/// Every pass of the module shares it (`LintProject` adds the tables and scope of a pass).
package struct ProjectIndex: Sendable {
    package var configuration: Configuration
    /// The call sites, with a `LocalizationValue` template that matches exactly one key
    /// of its table resolved to that key.
    package var sources: [ScannedSource]
    package var developmentLanguage: String
    /// The languages every key is checked in, resolved from the configuration: the
    /// required ones (when it names none, every language that has tables) and the warned ones.
    package var requiredLanguages: [String]
    /// The checked languages whose absence is only a warning (`warned_languages`).
    package var warnedLanguages: Set<String>
    /// Tables of Interface Builder files and InfoPlist, which code does not read.
    package var interfaceTables: Set<String>
    /// Every table name of the module, sorted, whether loaded in a view or not.
    package var tableNames: [String]
    /// Every language with tables, `Base` excluded, sorted, whether loaded or not.
    package var languages: [String]
    /// The development language's tables, by name, with `Base.lproj` merged in when
    /// `base_language: Base` says Base holds that language's text.
    package var developmentTables: [String: LocalizationTable]
    /// The development entries that read format arguments, parsed once for every pass, when
    /// the first pass that reads them asks (`DevelopmentFormats.Once`): a warm run whose
    /// languages are all answered from their records parses none.
    package var developmentFormats: DevelopmentFormats { formats.value }
    private let formats: DevelopmentFormats.Once
    /// The literal keys code uses, by table, with their calls.
    package var usageIndex: UsageIndex

    /// The bind step: `tables` holds the development language's and Base's tables (and any
    /// that could not be split by language); `tableNames` and `languages` describe every
    /// table file of the module, loaded or not.
    package init(
        sources: [ScannedSource], tables: TableCatalog, configuration: Configuration,
        tableNames: [String], languages: [String], interfaceNames: Set<String>
    ) {
        self.configuration = configuration
        self.tableNames = tableNames
        self.languages = languages
        developmentLanguage = configuration.developmentLanguage
        warnedLanguages = Set(configuration.warnedLanguages).subtracting([configuration.developmentLanguage])
        let required =
            configuration.requiredLanguages
            ?? (languages.isEmpty ? [configuration.developmentLanguage] : languages)
        requiredLanguages = required + configuration.warnedLanguages.filter { !required.contains($0) }
        interfaceTables = Self.interfaceTables(
            tables, developmentLanguage: developmentLanguage,
            names: interfaceNames, allNames: tableNames)
        var developmentTables: [String: LocalizationTable] = [:]
        for name in tableNames {
            if configuration.baseLanguage != nil {
                let files =
                    (tables.table(language: LanguageCode.base, name: name)?.files ?? [])
                    + (tables.table(language: developmentLanguage, name: name)?.files ?? [])
                if !files.isEmpty {
                    developmentTables[name] = LocalizationTable(language: developmentLanguage, name: name, files: files)
                }
            } else if let table = tables.table(language: developmentLanguage, name: name) {
                developmentTables[name] = table
            }
        }
        self.developmentTables = developmentTables
        self.sources = Self.resolveTemplates(sources, developmentTables: developmentTables)
        formats = DevelopmentFormats.Once(developmentTables)
        usageIndex = UsageIndex(self.sources)
        usageIndex.noteDevelopmentOrdinals(developmentTables)
    }

    /// An interpolated `LocalizationValue` key whose template matches exactly one key of the
    /// development language's table is that key, and is checked like a literal.
    private static func resolveTemplates(
        _ sources: [ScannedSource],
        developmentTables: [String: LocalizationTable]
    ) -> [ScannedSource] {
        sources.map { source in
            var source = source
            for index in source.usages.indices {
                let usage = source.usages[index]
                guard let template = usage.template, case .dynamic = usage.key, let name = usage.table.name,
                    let table = developmentTables[name]
                else { continue }
                // On each key's bytes in place: an app's templates meet every key of their table.
                var matches: [(file: Int, entry: Int)] = []
                table.entries.forEachPosition { file, entry in
                    if table.files[file].entries[entry].withKeyBytes(template.matches(bytes:)) {
                        matches.append((file, entry))
                    }
                }
                if matches.count == 1 {
                    source.usages[index].key = .literal(table.files[matches[0].file].entries[matches[0].entry].key)
                }
            }
            return source
        }
    }

    /// The tables the system reads for `Info.plist`, its `NSServices` and a macOS firewall's
    /// `InternetAccessPolicy.plist`: keys no code reads.
    package static let systemTables: Set<String> = ["InfoPlist", "ServicesMenu", "InternetAccessPolicy"]

    /// InfoPlist, ServicesMenu and InternetAccessPolicy (`systemTables`: read for `Info.plist`,
    /// its `NSServices` menu items, and the `InternetAccessPolicy.plist` macOS firewalls such as
    /// Little Snitch show, whose texts name the table's keys: KeePassium's 27 keys looked
    /// unused), tables named after a storyboard or xib, and tables whose development (or
    /// Base) keys are all Interface Builder object ids (`pPR-vp-xuM.text`).
    private static func interfaceTables(
        _ tables: TableCatalog, developmentLanguage: String, names: Set<String>,
        allNames: [String]
    ) -> Set<String> {
        let objectIDTables = tablesOfInterfaceBuilderKeys(
            tables.tables.lazy.filter { id, _ in
                id.language == developmentLanguage || id.language == LanguageCode.base || id.language.isEmpty
            }.flatMap { id, table in table.files.lazy.map { (id.name, $0.entries) } })
        return systemTables.union(allNames.filter { names.contains($0) || objectIDTables.contains($0) })
    }

    /// The names of `files` (a table's name and one file's entries each) whose every key is an
    /// Interface Builder object id's: a storyboard's table, whatever it is named. Keys are read
    /// as bytes, and a name's first other key settles it.
    package static func tablesOfInterfaceBuilderKeys<Files: Sequence>(_ files: Files) -> Set<String>
    where Files.Element == (String, [TableEntry]) {
        // Per name: whether every key seen so far is an object id's (nil: no key yet).
        var allInterfaceKeys: [String: Bool] = [:]
        for (name, entries) in files where allInterfaceKeys[name] != false {
            for entry in entries {
                let isInterfaceKey = entry.withKeyBytes(isInterfaceBuilderKey)
                allInterfaceKeys[name] = isInterfaceKey
                if !isInterfaceKey { break }
            }
        }
        return Set(allInterfaceKeys.filter(\.value).keys)
    }

    /// `abc-de-fgh.text` (as UTF-8 bytes): an Interface Builder object id and a property.
    package static func isInterfaceBuilderKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 11, bytes[3] == ascii("-"), bytes[6] == ascii("-"), bytes[10] == ascii(".") else {
            return false
        }
        return [0, 1, 2, 4, 5, 7, 8, 9].allSatisfy { index in
            let byte = bytes[index]
            return (byte | 0x20 >= ascii("a") && byte | 0x20 <= ascii("z"))
                || (byte >= ascii("0") && byte <= ascii("9"))
        }
    }
}
