import Foundation
import Testing

/// `lint` on GitHub Actions, end to end on a git repository shaped like a pull request's
/// checkout: the annotations go first to the findings on lines the pull request changes, no
/// more than GitHub shows (10 errors, 10 warnings per step), a notice counts the rest, and
/// the job summary lists every finding.
@Suite struct GitHubActionsTests {
    /// CleanApp whose main branch (also `origin/main`, as actions/checkout names it) has 12
    /// calls of keys no table has, and a branch `feature` that adds one more at
    /// Sources/Weather.swift:11.
    func pullRequest() throws -> GitRepository {
        let repository = try GitRepository("CleanApp")
        try repository.project.write(
            "Sources/Legacy.swift",
            (1...12).map { "let legacy\($0) = NSLocalizedString(\"legacy.key\($0)\", comment: \"\")\n" }.joined())
        try repository.git(["add", "--all"]).expectSuccess()
        try repository.git(["commit", "--quiet", "--no-verify", "--message", "Legacy"]).expectSuccess()
        try repository.git(["update-ref", "refs/remotes/origin/main", "main"]).expectSuccess()
        try repository.git(["checkout", "--quiet", "-b", "feature"]).expectSuccess()
        try repository.project.write(
            "Sources/Weather.swift",
            try repository.project.read("Sources/Weather.swift")
                + "\nlet forecast = NSLocalizedString(\"weather.forecast\", comment: \"\")\n")
        try repository.git(["commit", "--quiet", "--no-verify", "--all", "--message", "Forecast"]).expectSuccess()
        return repository
    }

    /// A job summary file outside the repository, holding what an earlier command wrote.
    func summaryFile() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("step-summary-\(UUID()).md")
        try "earlier output\n".write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func lint(_ repository: GitRepository, baseRef: String, summary: URL, _ arguments: [String] = ["--quiet"]) throws
        -> LinzaBinary.Result
    {
        try LinzaBinary.run(
            arguments, in: repository.path,
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_BASE_REF": baseRef, "GITHUB_STEP_SUMMARY": summary.path])
    }

    @Test func thePullRequestsFindingIsAnnotatedFirstAndTheRestAreCounted() throws {
        let repository = try pullRequest()
        let summary = try summaryFile()
        defer { try? FileManager.default.removeItem(at: summary) }
        let result = try lint(repository, baseRef: "main", summary: summary)
        #expect(result.status == 1)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(
            lines.first?.hasPrefix("::error file=Sources/Weather.swift,line=11,col=34,title=Linza missing_key::")
                == true)
        #expect(lines.count { $0.hasPrefix("::error ") } == 10)
        #expect(lines.contains { $0.hasPrefix("::notice title=Linza::3 of 13 findings are not annotated") })
        #expect(
            lines.contains(
                "Sources/Legacy.swift:12:34: error: 'legacy.key12' is missing in en, uk (2 of 2 languages) [missing_key]"
            ))

        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.hasPrefix("earlier output\n## Localization findings\n\n13 errors and 0 warnings"))
        #expect(
            text.contains(
                """
                ### On lines this change adds or rewrites (1)

                | | Where | Finding | Rule |
                | --- | --- | --- | --- |
                | ❌ error | `Sources/Weather.swift:11:34` | 'weather.forecast' is missing in en, uk (2 of 2 languages) | `missing_key` |

                ### Elsewhere in the project (12)
                """))
        for number in 1...12 { #expect(text.contains("'legacy.key\(number)' is missing")) }
        #expect(text.hasSuffix("`missing_key` |\n\n"))
    }

    /// Without the base in the clone the order is by severity, said once, and the run is
    /// otherwise the same: still capped, still summarised.
    @Test func anUnknownBaseFallsBackToSeverityOrder() throws {
        let repository = try pullRequest()
        let summary = try summaryFile()
        defer { try? FileManager.default.removeItem(at: summary) }
        let result = try lint(repository, baseRef: "release", summary: summary)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "linza: cannot tell which lines the pull request (against origin/release) changes: this clone has no "
                + "commit 'origin/release'; findings are ordered by severity instead\n")
        #expect(result.standardOutput.hasPrefix("::error file=Sources/Legacy.swift,line=1,"))
        #expect(result.standardOutput.contains("::notice title=Linza::3 of 13 findings are not annotated"))
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(!text.contains("###") && text.contains("'weather.forecast' is missing"))

        // Outside git altogether.
        let project = try ProjectCopy("CleanApp")
        try project.write("Sources/Extra.swift", "let extra = NSLocalizedString(\"extra\", comment: \"\")\n")
        let outside = try LinzaBinary.run(
            ["--quiet"], in: project.path, environment: ["GITHUB_ACTIONS": "true", "GITHUB_BASE_REF": "main"])
        #expect(outside.status == 1)
        #expect(outside.standardError.contains("is not in a git repository; findings are ordered by severity instead"))
        #expect(outside.standardOutput.hasPrefix("::error file=Sources/Extra.swift,line=1,"))
    }

    /// `--changed-since` names the base anywhere else (a push, another CI); the working tree's
    /// uncommitted lines count too, since they are what Linza read.
    @Test func changedSinceOrdersTheMarkdownReportToo() throws {
        let repository = try pullRequest()
        try repository.project.write(
            "Sources/Legacy.swift",
            try repository.project.read("Sources/Legacy.swift").replacingOccurrences(
                of: "legacy.key3\"", with: "legacy.key3.renamed\""))
        let result = try LinzaBinary.run(
            ["--quiet", "--reporter", "markdown", "--changed-since", "main"], in: repository.path)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("### On lines this change adds or rewrites (2)"))
        let changed = result.standardOutput.components(separatedBy: "### Elsewhere")[0]
        #expect(changed.contains("`Sources/Legacy.swift:3:33` | 'legacy.key3.renamed'"))
        #expect(changed.contains("`Sources/Weather.swift:11:34`"))

        let refused = try LinzaBinary.run(["--quiet", "--changed-since", "main"], in: repository.path)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("--changed-since orders the github-actions and markdown reports"))
    }
}
