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
        for diagnostic in context.diagnostics {
            write(diagnostic, verbose: context.verbose, paths: context.displayPaths, to: &output)
        }
    }

    /// The findings alone, for callers that have no wider context (failures, say).
    package func report(_ diagnostics: [Diagnostic], paths: DisplayPaths = .absolute) -> String {
        var output = TextOutput.collecting()
        for diagnostic in diagnostics { write(diagnostic, verbose: true, paths: paths, to: &output) }
        return output.text
    }

    func write(_ diagnostic: Diagnostic, verbose: Bool, paths: DisplayPaths, to output: inout TextOutput) {
        let message = ReadableFinding.message(of: diagnostic, verbose: verbose)
        output.write(
            "\(paths.location(diagnostic.location)): \(diagnostic.severity.rawValue): \(message) [\(diagnostic.ruleID)]\n"
        )
        for note in ReadableFinding.notes(of: diagnostic, verbose: verbose) {
            output.write("\(paths.location(note.location ?? diagnostic.location)): note: \(note.message)\n")
        }
    }
}
