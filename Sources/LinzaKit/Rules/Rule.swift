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
