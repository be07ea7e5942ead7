import LinzaBase

/// The compiler format Xcode, terminals and CI annotate:
/// `/abs/path:LINE:COLUMN: error: message [rule_id]`, each note on its own line after.
package struct XcodeReporter: Reporter {
    package static let name = "xcode"

    package init() {}

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        for diagnostic in context.diagnostics { write(diagnostic, to: &output) }
    }

    /// The findings alone, for callers that have no wider context (failures, say).
    package func report(_ diagnostics: [Diagnostic]) -> String {
        var output = TextOutput.collecting()
        for diagnostic in diagnostics { write(diagnostic, to: &output) }
        return output.text
    }

    func write(_ diagnostic: Diagnostic, to output: inout TextOutput) {
        output.write(
            "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.ruleID)]\n")
        for note in diagnostic.notes {
            output.write("\(note.location ?? diagnostic.location): note: \(note.message)\n")
        }
    }
}
