import LinzaBase

/// The compiler format Xcode, terminals and CI annotate:
/// `path:LINE:COLUMN: error: message [rule_id]`, each note on its own line after; the path
/// as `ReportContext.displayPaths` says (absolute for Xcode, which opens only those).
/// Without `--verbose` a finding is its line and the notes `ReadableFinding` keeps (where
/// the key is defined), with long language lists shortened.
package struct XcodeReporter: Reporter {
    package static let name = "xcode"

    package init() {}

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        let style = ANSIStyle(enabled: context.colored)
        for diagnostic in context.diagnostics {
            write(diagnostic, verbose: context.verbose, paths: context.displayPaths, style: style, to: &output)
        }
    }

    /// The findings alone, for callers that have no wider context (failures, say).
    package func report(_ diagnostics: [Diagnostic], paths: DisplayPaths = .absolute) -> String {
        var output = TextOutput.collecting()
        for diagnostic in diagnostics {
            write(diagnostic, verbose: true, paths: paths, style: ANSIStyle(enabled: false), to: &output)
        }
        return output.text
    }

    /// A finding and its notes; with `style` enabled (a terminal), the place in bold, the
    /// severity in red or yellow, notes and the rule id dimmed: the same characters otherwise.
    func write(
        _ diagnostic: Diagnostic, verbose: Bool, paths: DisplayPaths, style: ANSIStyle, to output: inout TextOutput
    ) {
        let message = ReadableFinding.message(of: diagnostic, verbose: verbose)
        let severity = diagnostic.severity.rawValue + ":"
        output.write(
            style.bold(paths.location(diagnostic.location) + ":") + " "
                + (diagnostic.severity == .error ? style.red(severity) : style.yellow(severity))
                + " \(message) " + style.dim("[\(diagnostic.ruleID)]") + "\n")
        for note in ReadableFinding.notes(of: diagnostic, verbose: verbose) {
            output.write(
                style.dim(paths.location(note.location ?? diagnostic.location) + ":") + " " + style.cyan("note:")
                    + " " + style.dim(note.message) + "\n")
        }
    }
}
