import LinzaKit

/// The GitHub job summary of a run with the github-actions reporter: the markdown report of
/// every finding (`MarkdownReporter`, the findings on changed lines first), appended to
/// `$GITHUB_STEP_SUMMARY`. Appending is GitHub's contract (each step has its own file, which
/// other commands of the step may have written to); the file is never in the project.
enum JobSummary {
    /// What a step's summary may hold: GitHub refuses the whole summary of a step past
    /// 1 MiB (1,048,576 bytes); this leaves room for other commands of the step.
    static let byteLimit = 1_000_000

    /// The summary file: `$GITHUB_STEP_SUMMARY`, when set and not empty.
    static func path(in environment: [String: String]) -> String? {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return nil }
        return path
    }

    /// Appends the report of `context` within what is left of the step's limit; with less
    /// than a few kilobytes left, nothing is appended and that is said on standard error.
    static func append(_ context: ReportContext, to path: String) throws {
        let used = Int(FileSignature.of(path)?.size ?? 0)
        let room = byteLimit - used
        guard room >= 4096 else {
            Output.error(
                "linza: \(path) already holds \(used) bytes of this step's job summary; the findings are not added "
                    + "(GitHub shows at most 1 MiB per step)")
            return
        }
        var output = TextOutput.collecting()
        MarkdownReporter().write(context, byteLimit: room, to: &output)
        // A blank line ends the last table, so what the step appends next is not read as its rows.
        try Output.append(output.text + "\n", to: path)
    }
}
