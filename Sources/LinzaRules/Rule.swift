import LinzaConfiguration
import LinzaBase

/// A file of a rule example's miniature project.
package struct ExampleFile: Hashable, Sendable {
    /// Relative path: `App.swift`, `ru.lproj/Localizable.strings`.
    package var path: String
    /// Contents; `↓` marks where the rule must report (the marker is removed before use).
    package var contents: String

    package init(_ path: String, _ contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// A miniature project that shows a rule at work. Examples are documentation and tests
/// at once: every `↓` must receive exactly one diagnostic of the rule, nothing else may.
package struct RuleExample: Sendable {
    package var files: [ExampleFile]
    /// `.linza.yml` text for the example, if it needs settings.
    package var configuration: String?
    /// Where the example is written, so a failing example is reported at its own line.
    package var sourceFile: String
    package var sourceLine: Int

    package init(
        _ files: [ExampleFile], configuration: String? = nil,
        file: String = #filePath, line: Int = #line
    ) {
        self.files = files
        self.configuration = configuration
        self.sourceFile = file
        self.sourceLine = line
    }

    /// The marker that shows where a diagnostic must land.
    package static let marker: Character = "↓"
}

/// Everything users and documentation need to know about a rule.
package struct RuleDescription: Sendable {
    /// snake_case identifier used in `.linza.yml`, output and suppressions.
    package var id: String
    package var name: String
    /// One line: what the rule finds.
    package var summary: String
    /// Why it matters.
    package var rationale: String
    package var defaultSeverity: Severity
    /// Opt-in rules are off unless enabled.
    package var isOptIn: Bool
    package var triggeringExamples: [RuleExample]
    package var nonTriggeringExamples: [RuleExample]
}

/// What a rule reads, so the engine collects only what enabled rules need and runs each
/// rule only in the passes that can hold its findings (`LanguagePasses`).
package struct RuleInputs: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Call sites, suppressions and lexical problems of the code.
    package static let sources = RuleInputs(rawValue: 1 << 0)
    /// Every short string literal of the code, not only call sites (costly to collect).
    package static let sourceLiterals = RuleInputs(rawValue: 1 << 1)
    /// The development language's (and Base's) tables.
    package static let developmentTables = RuleInputs(rawValue: 1 << 2)
    /// Every other language's tables, one language per pass.
    package static let languageTables = RuleInputs(rawValue: 1 << 3)
    /// XLIFF files (`lint --xliff`): the rule also checks them, one `<file>` per view
    /// (`LintProject.exchange`), with its sources as the development tables and its targets
    /// as the language's.
    package static let exchangeFiles = RuleInputs(rawValue: 1 << 4)
}

/// A check over the scanned project. Rules only read the project and return findings.
package protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// What the rule reads.
    static var inputs: RuleInputs { get }
    /// What the rule reads under `configuration`, when its settings add to `inputs`.
    static func inputs(in configuration: Configuration) -> RuleInputs
    /// Settings the rule takes under `rules: <id>:`, checked when `.linza.yml` is read.
    static var options: [RuleOption] { get }
    /// Whether its findings say that a language lacks something (a key, a table, a
    /// translated entry): in a warned language those are warnings, as that language is
    /// filled in later.
    static var reportsAbsence: Bool { get }
    init()
    /// The rule's findings, reported with `severity`.
    func check(_ project: LintProject, severity: Severity) -> [Diagnostic]
}

extension Rule {
    package static var options: [RuleOption] { [] }
    package static var reportsAbsence: Bool { false }
    package static func inputs(in configuration: Configuration) -> RuleInputs { inputs }

    /// The rule as the configuration floor sees it.
    package static var declaration: RuleDeclaration {
        RuleDeclaration(
            id: description.id, defaultSeverity: description.defaultSeverity,
            isOptIn: description.isOptIn, options: options)
    }
}

/// A rule that reads other languages' tables only as `LintProject.keyedTable` answers
/// (which keys each table has), so that a language pass answered from its record runs it
/// again on the recorded presences instead of replaying its findings. A rule that reads the
/// code and other languages' tables should be one: its findings then follow the code
/// without the record covering the code. Any other rule's findings are recorded, with the
/// record keyed by every input it declares (the code's too, for one that reads it).
protocol PresenceRule: Rule {}

/// A rule whose findings in the development pass gain notes from the language passes
/// (`missing_key` points at the languages that do define a key it reports). The engine
/// asks each language pass for what the rule wants located and hands the answers back.
protocol LanguagePassNotes: Rule {
    /// What the development pass wants located in other languages.
    static func keysToLocate(_ project: LintProject) -> Set<TableKey>
    /// Where one language pass defines `keys`.
    static func locations(of keys: Set<TableKey>, language: String, in pass: LintProject) -> [TableKey: Location]
    /// `diagnostics` with notes added from every language's `locations`.
    static func addingNotes(
        _ diagnostics: [Diagnostic],
        locations: [TableKey: [(language: String, location: Location)]]
    ) -> [Diagnostic]
}
