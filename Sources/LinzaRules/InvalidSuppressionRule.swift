import LinzaBase

/// A `linza:` directive must name known rules in a known command; otherwise it silently
/// suppresses nothing, which is worse than no directive.
package struct InvalidSuppressionRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = .sources

    package static let description = RuleDescription(
        id: "invalid_suppression",
        name: "Invalid suppression",
        summary: "A linza: comment names an unknown rule or command",
        rationale: """
            A misspelt rule id in a suppression comment suppresses nothing, so the finding it \
            was meant to silence comes back, or a later rename goes unnoticed.
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile(
                    "App.swift",
                    """
                    // linza:disable:next ↓missing_keys
                    let title = NSLocalizedString("title", comment: "")
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "App.swift",
                    """
                    ↓/* linza:disabel dynamic_key */
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "Legacy.m",
                    """
                    // linza:disable:this ↓dynamic-key
                    """)
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile(
                    "App.swift",
                    """
                    // linza:disable:next missing_key dynamic_key - the key comes from the server
                    let title = NSLocalizedString(serverKey, comment: "")
                    /* linza:disable all */
                    /* linza:enable all */
                    """)
            ])
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        guard project.reportsCode else { return [] }
        let known = Set(RuleRegistry.ruleIDs + [SuppressionDirective.allRules])
        var diagnostics: [Diagnostic] = []
        for directive in project.sources.flatMap(\.suppressions) {
            if let malformation = directive.malformation {
                diagnostics.append(
                    Diagnostic(
                        ruleID: Self.description.id, severity: severity,
                        message: malformation, location: directive.location))
                continue
            }
            for rule in directive.rules where !known.contains(rule.id) {
                let suggestion = DidYouMean.suggestion(for: rule.id, among: RuleRegistry.ruleIDs)
                diagnostics.append(
                    Diagnostic(
                        ruleID: Self.description.id, severity: severity,
                        message: Messages.unknownSuppressedRule(rule.id, suggestion: suggestion),
                        location: rule.location))
            }
        }
        return diagnostics
    }
}

/// The messages of `invalid_suppression`.
extension Messages {
    static func unknownSuppressedRule(_ id: String, suggestion: String?) -> String {
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; 'linza rules' lists the rule ids"
        return "\(quoted(id)) is not a rule, so this comment suppresses nothing for it\(hint)"
    }
}
