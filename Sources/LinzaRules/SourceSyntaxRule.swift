import LinzaBase
import LinzaSources

/// A source file with an unterminated literal or comment cannot be scanned reliably.
package struct SourceSyntaxRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = .sources

    package static let description = RuleDescription(
        id: "source_syntax",
        name: "Source syntax",
        summary: "A source file has an unterminated string, comment or regex literal",
        rationale: """
            Past such an error Linza cannot tell code from text, so calls may be missed or \
            invented. The compiler rejects the file too; Linza says where its scan went wrong.
            """,
        defaultSeverity: .error,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile(
                    "App.swift",
                    """
                    let greeting = ↓"Hello
                    let title = NSLocalizedString("title", comment: "")
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "App.swift",
                    """
                    let title = 1
                    ↓/* a comment /* nested */ that never ends
                    """)
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile(
                    "App.swift",
                    #"""
                    /* outer /* nested */ still a comment */
                    let multi = """
                        Line with "quotes" and \(value)
                        """
                    let raw = #"A "raw" string"#
                    """#)
            ])
        ]
    )

    /// What a lexical problem means for the scan, as this rule reports it.
    package static func message(for kind: LexicalProblem.Kind) -> String {
        Messages.sourceSyntax(kind)
    }

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        guard project.reportsCode else { return [] }
        return project.sources.flatMap { source in
            source.syntaxProblems.map {
                Diagnostic(
                    ruleID: Self.description.id, severity: severity,
                    message: Messages.sourceSyntax($0.kind), location: $0.location)
            }
        }
    }
}

/// The messages of `source_syntax`.
extension Messages {
    static func sourceSyntax(_ kind: LexicalProblem.Kind) -> String {
        switch kind {
        case .unterminatedString: return "unterminated string literal; Linza may misread the code after it"
        case .unterminatedBlockComment: return "unterminated /* comment; Linza did not scan the rest of the file"
        case .unterminatedRegex: return "unterminated regex literal; Linza may misread the code after it"
        case .unterminatedConditional: return "#if 0 without #endif; Linza did not scan the rest of the file"
        }
    }
}
