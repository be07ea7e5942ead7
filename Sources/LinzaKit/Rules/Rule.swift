/// A file of a rule example's miniature project.
public struct ExampleFile: Hashable, Sendable {
    /// Relative path: `App.swift`, `ru.lproj/Localizable.strings`.
    public var path: String
    /// Contents; `↓` marks where the rule must report (the marker is removed before use).
    public var contents: String

    public init(_ path: String, _ contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// A miniature project that shows a rule at work. Examples are documentation and tests
/// at once: every `↓` must receive exactly one diagnostic of the rule, nothing else may.
public struct RuleExample: Sendable {
    public var files: [ExampleFile]
    /// `.linza.yml` text for the example, if it needs settings.
    public var configuration: String?
    /// Where the example is written, so a failing example is reported at its own line.
    public var sourceFile: String
    public var sourceLine: Int

    public init(_ files: [ExampleFile], configuration: String? = nil,
                file: String = #filePath, line: Int = #line) {
        self.files = files
        self.configuration = configuration
        self.sourceFile = file
        self.sourceLine = line
    }

    /// The marker that shows where a diagnostic must land.
    public static let marker: Character = "↓"
}

/// Everything users and documentation need to know about a rule.
public struct RuleDescription: Sendable {
    /// snake_case identifier used in `.linza.yml`, output and suppressions.
    public var id: String
    public var name: String
    /// One line: what the rule finds.
    public var summary: String
    /// Why it matters.
    public var rationale: String
    public var defaultSeverity: Severity
    /// Opt-in rules are off unless enabled.
    public var isOptIn: Bool
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]
}

/// A check over the scanned project. Rules only read the project and return findings.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// The rule's findings, reported with `severity`.
    func check(_ project: LintProject, severity: Severity) -> [Diagnostic]
}

/// What rules see: the call sites, the tables, and the settings that shape the checks.
public struct LintProject: Sendable {
    public var sources: [ScannedSource]
    public var tables: TableCatalog
    public var configuration: Configuration
    public var developmentLanguage: String
    /// The languages every key must exist in, resolved from the configuration (or, when
    /// it names none, every language that has tables).
    public var requiredLanguages: [String]
    /// Tables of Interface Builder files and InfoPlist, which code does not read.
    public var interfaceTables: Set<String>
    /// The development language's tables with `Base.lproj` merged in, when
    /// `base_language: Base` says Base holds that language's text.
    private var baseBackedTables: [String: LocalizationTable] = [:]

    public init(sources: [ScannedSource], tables: TableCatalog, configuration: Configuration,
                interfaceNames: Set<String> = []) {
        self.sources = sources
        self.tables = tables
        self.configuration = configuration
        developmentLanguage = configuration.developmentLanguage
        if let configured = configuration.requiredLanguages {
            requiredLanguages = configured
        } else {
            let found = tables.languages
            requiredLanguages = found.isEmpty ? [configuration.developmentLanguage] : found
        }
        interfaceTables = Self.interfaceTables(tables, names: interfaceNames)
        if configuration.baseLanguage != nil {
            for name in tables.tableNames {
                let files = (tables.table(language: LanguageCode.base, name: name)?.files ?? [])
                    + (tables.table(language: developmentLanguage, name: name)?.files ?? [])
                if !files.isEmpty {
                    baseBackedTables[name] = LocalizationTable(language: developmentLanguage, name: name, files: files)
                }
            }
        }
        self.sources = resolveTemplates(sources)
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
        tables.tableNames.filter { table(language: developmentLanguage, name: $0) != nil }
    }

    /// Whether rules that compare tables with code look at this table.
    public func isCodeTable(_ name: String) -> Bool {
        configuration.checkInterfaceTables || !interfaceTables.contains(name)
    }

    /// InfoPlist, tables named after a storyboard or xib, and tables whose keys are all
    /// Interface Builder object ids (`pPR-vp-xuM.text`).
    private static func interfaceTables(_ tables: TableCatalog, names: Set<String>) -> Set<String> {
        var result: Set<String> = ["InfoPlist"]
        for name in tables.tableNames {
            if names.contains(name) { result.insert(name); continue }
            let keys = tables.tables.filter { $0.key.name == name }.flatMap { $0.value.allEntries.map(\.key) }
            if !keys.isEmpty, keys.allSatisfy(isInterfaceBuilderKey) { result.insert(name) }
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
