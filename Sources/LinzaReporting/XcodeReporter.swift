import LinzaBase

/// The compiler format Xcode, terminals and CI annotate:
/// `/abs/path:LINE:COLUMN: error: message [rule_id]`, each note on its own line after.
/// Without `--verbose` a finding is its line and the notes `ReadableFinding` keeps (where
/// the key is defined), with long language lists shortened.
package struct XcodeReporter: Reporter {
    package static let name = "xcode"

    package init() {}

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        for diagnostic in context.diagnostics { write(diagnostic, verbose: context.verbose, to: &output) }
    }

    /// The findings alone, for callers that have no wider context (failures, say).
    package func report(_ diagnostics: [Diagnostic]) -> String {
        var output = TextOutput.collecting()
        for diagnostic in diagnostics { write(diagnostic, verbose: true, to: &output) }
        return output.text
    }

    func write(_ diagnostic: Diagnostic, verbose: Bool, to output: inout TextOutput) {
        let message = ReadableFinding.message(of: diagnostic, verbose: verbose)
        output.write("\(diagnostic.location): \(diagnostic.severity.rawValue): \(message) [\(diagnostic.ruleID)]\n")
        for note in ReadableFinding.notes(of: diagnostic, verbose: verbose) {
            output.write("\(note.location ?? diagnostic.location): note: \(note.message)\n")
        }
    }
}
