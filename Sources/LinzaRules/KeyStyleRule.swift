import LinzaConfiguration
import LinzaBase

/// Keys must follow the project's naming convention, given as a regular expression.
package struct KeyStyleRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = .developmentTables

    /// The regular expression every development key must match; the rule checks nothing without it.
    static let patternOption = RuleOption(name: "pattern", kind: .regularExpression, isRequired: true)
    package static let options = [patternOption]

    package static let description = RuleDescription(
        id: "key_style",
        name: "Key style",
        summary: "A key in the development language's tables does not match the configured pattern",
        rationale: """
            Namespaced keys (screen.element.purpose) tell translators where a text appears and \
            keep tables sorted by screen. Set the pattern under rules: key_style: pattern:; the \
            rule is opt-in.
            """,
        defaultSeverity: .warning,
        isOptIn: true,
        triggeringExamples: [
            RuleExample(
                [
                    ExampleFile(
                        "en.lproj/Localizable.strings",
                        """
                        "login.title" = "Log in";
                        ↓"Log in" = "Log in";
                        """)
                ], configuration: #"rules: { key_style: { pattern: '^[a-z_]+(\.[a-z_]+)+$' } }"#)
        ],
        nonTriggeringExamples: [
            RuleExample(
                [ExampleFile("en.lproj/Localizable.strings", #""login.title" = "Log in";"#)],
                configuration: #"rules: { key_style: { pattern: '^[a-z_]+(\.[a-z_]+)+$' } }"#)
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        guard project.reports(project.developmentLanguage),
            let pattern = project.configuration.settings(for: Self.description.id).options[Self.patternOption.name],
            let regex = try? Regex(pattern)
        else { return [] }
        var diagnostics: [Diagnostic] = []
        for name in project.developmentTableNames where project.isCodeTable(name) {
            guard let table = project.table(language: project.developmentLanguage, name: name) else { continue }
            for entry in table.entries.values where entry.key.wholeMatch(of: regex) == nil {
                diagnostics.append(
                    Diagnostic(
                        ruleID: Self.description.id, severity: severity,
                        message: Messages.keyStyle(entry.key, pattern: pattern),
                        location: entry.location, key: entry.key, language: table.language, table: name))
            }
        }
        return diagnostics
    }
}

/// The messages of `key_style`.
extension Messages {
    static func keyStyle(_ key: String, pattern: String) -> String {
        "\(quoted(key)) does not match the key style \(pattern)"
    }
}
