@testable import LinzaBase
@testable import LinzaReporting
import Testing

/// What the github-actions and markdown reports do with the lines a change touches: the
/// findings there first, at most 10 error and 10 warning annotations, the rest counted and
/// listed, and a markdown report that fits a byte limit.
@Suite struct ChangedFirstReportTests {
    static func finding(_ file: String, _ line: Int, _ severity: Severity, _ key: String = "k") -> Diagnostic {
        Diagnostic(
            ruleID: severity == .error ? "missing_key" : "unused_key", severity: severity,
            message: "'\(key)' at line \(line)", location: Location(file: "/p/" + file, line: line, column: 1),
            key: key)
    }

    /// 13 errors and 12 warnings in print order; the change rewrites lines 5 to 7 of B.swift.
    static let findings =
        ((1...13).map { finding("A.swift", $0, .error) } + (1...12).map { finding("B.swift", $0, .warning) })
        .sortedForOutput()
    static let changed = ChangedLines(ranges: ["/p/B.swift": [5..<8]])

    @Test func changedLinesComeFirstThenErrorsThenWarnings() {
        let ordered = ChangedFirstOrder.ordered(
            [Self.finding("B.swift", 6, .warning), Self.finding("A.swift", 1, .error)]
                + [Self.finding("A.swift", 9, .warning), Self.finding("B.swift", 7, .error)],
            changed: ChangedLines(ranges: ["/p/B.swift": [6..<8]]))
        #expect(
            ordered.map { "\($0.location.file.dropFirst(3)):\($0.location.line)" } == [
                "B.swift:7", "B.swift:6", "A.swift:1", "A.swift:9",
            ])
        // Unknown changes: errors, then warnings, each in print order.
        #expect(ChangedFirstOrder.ordered(Self.findings, changed: nil) == Self.findings)
    }

    @Test func atMostTenOfEachSeverityAreAnnotated() {
        let (annotated, others) = ChangedFirstOrder.annotated(Self.findings, changed: Self.changed, perSeverity: 10)
        #expect(annotated.count == 20 && others.count == 5)
        #expect(annotated.prefix(3).map(\.location.line) == [5, 6, 7] && annotated[0].location.file == "/p/B.swift")
        #expect(annotated[3..<13].allSatisfy { $0.severity == .error })
        #expect(
            others.map { "\($0.location.file.dropFirst(3)):\($0.location.line)" } == [
                "A.swift:11", "A.swift:12", "A.swift:13", "B.swift:11", "B.swift:12",
            ])
    }

    @Test func theReportCountsAndListsWhatItDoesNotAnnotate() {
        let context = ReportContext(
            diagnostics: Self.findings, projectRoot: "/p", changedLines: Self.changed, jobSummary: true)
        let lines = GitHubActionsReporter(stopToken: "TOKEN").report(context).split(separator: "\n")
        #expect(lines.count(where: { $0.hasPrefix("::error ") }) == 10)
        #expect(lines.count(where: { $0.hasPrefix("::warning ") }) == 10)
        #expect(lines[0].hasPrefix("::warning file=B.swift,line=5,"))
        #expect(
            lines[20]
                == "::notice title=Linza::5 of 25 findings are not annotated: GitHub shows 10 error and 10 warning "
                + "annotations per step (those on changed lines first, then errors). The job summary lists all 25. "
                + "This step's log lists the 5 under \"Linza: 5 findings not annotated\".")
        #expect(
            Array(lines[21...]) == [
                "::group::Linza: 5 findings not annotated", "::stop-commands::TOKEN",
                "A.swift:11:1: error: 'k' at line 11 [missing_key]",
                "A.swift:12:1: error: 'k' at line 12 [missing_key]",
                "A.swift:13:1: error: 'k' at line 13 [missing_key]",
                "B.swift:11:1: warning: 'k' at line 11 [unused_key]",
                "B.swift:12:1: warning: 'k' at line 12 [unused_key]", "::TOKEN::", "::endgroup::",
            ])
        // Within the limit, every finding is an annotation and nothing else is written.
        let few = ReportContext(diagnostics: Array(Self.findings.prefix(10)), projectRoot: "/p")
        #expect(GitHubActionsReporter().report(few).split(separator: "\n").allSatisfy { $0.hasPrefix("::error ") })
    }

    /// The listed findings are data: a message that starts a line with a workflow command
    /// does not run it, since commands are off between the tokens.
    @Test func listedFindingsCannotIssueCommands() throws {
        var hostile = (1...11).map { Self.finding("A.swift", $0, .error) }
        hostile[10].message = "x\n::add-mask::y\n::TOKEN"
        let report = GitHubActionsReporter(stopToken: "TOKEN").report(
            ReportContext(diagnostics: hostile, projectRoot: "/p"))
        let listing = report[try #require(report.firstRange(of: "::stop-commands::TOKEN\n")).upperBound...]
        #expect(listing.hasPrefix("A.swift:11:1: error: x\n::add-mask::y\n::TOKEN [missing_key]\n::TOKEN::\n"))
        // A random token per reporter (one per run) otherwise.
        let first = GitHubActionsReporter().report(ReportContext(diagnostics: hostile, projectRoot: "/p"))
        let second = GitHubActionsReporter().report(ReportContext(diagnostics: hostile, projectRoot: "/p"))
        #expect(first != second && first.contains("::stop-commands::linza-"))
    }

    @Test func markdownPutsTheChangedLinesFindingsInATableOfTheirOwn() {
        let context = ReportContext(
            diagnostics: [Self.finding("A.swift", 1, .error), Self.finding("B.swift", 6, .warning)],
            projectRoot: "/p", changedLines: Self.changed)
        let report = MarkdownReporter().report(context)
        #expect(
            report.hasSuffix(
                """
                ### On lines this change adds or rewrites (1)

                | | Where | Finding | Rule |
                | --- | --- | --- | --- |
                | ⚠️ warning | `B.swift:6:1` | 'k' at line 6 | `unused_key` |

                ### Elsewhere in the project (1)

                | | Where | Finding | Rule |
                | --- | --- | --- | --- |
                | ❌ error | `A.swift:1:1` | 'k' at line 1 | `missing_key` |

                """))
        let nothingChanged = ReportContext(
            diagnostics: context.diagnostics, projectRoot: "/p", changedLines: ChangedLines())
        #expect(
            MarkdownReporter().report(nothingChanged).contains("(0)\n\nNone.\n\n### Elsewhere in the project (2)\n"))
        // Without the change known, one table in print order, as before.
        #expect(
            !MarkdownReporter().report(ReportContext(diagnostics: context.diagnostics, projectRoot: "/p")).contains(
                "###"))
    }

    @Test func markdownStaysWithinItsByteLimitAndSaysWhatItLeftOut() {
        let many = (1...5000).map { Self.finding("A.swift", $0, .error, String(repeating: "k", count: 100)) }
        let context = ReportContext(diagnostics: many, projectRoot: "/p")
        let whole = MarkdownReporter().report(context)
        #expect(whole.utf8.count > 500_000)
        var output = TextOutput.collecting()
        MarkdownReporter().write(context, byteLimit: 100_000, to: &output)
        let cut = output.text
        #expect(cut.utf8.count <= 100_000 && cut.utf8.count > 99_000)
        let rows = cut.split(separator: "\n").count { $0.hasPrefix("| ❌ error |") }
        let omission =
            "\n_\(5000 - rows) more findings not listed here, to keep this report within its size limit "
            + "(a GitHub job summary holds 1 MiB); `linza lint` lists them all._\n"
        #expect(cut.hasSuffix(omission))
        #expect(whole.hasPrefix(cut.dropLast(omission.count)), "the rows that fit, as the whole report has them")
    }
}
