import LinzaBase

/// The compiler format Xcode, terminals and CI annotate:
/// `/abs/path:LINE:COLUMN: error: message [rule_id]`, each note on its own line after.
public struct XcodeReporter: Reporter {
    public static let name = "xcode"

    public init() {}

    public func report(_ context: ReportContext) -> String {
        report(context.diagnostics)
    }

    /// The findings alone, for callers that have no wider context (failures, say).
    public func report(_ diagnostics: [Diagnostic]) -> String {
        var output = ""
        for diagnostic in diagnostics {
            output += "\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.ruleID)]\n"
            for note in diagnostic.notes {
                output += "\(note.location ?? diagnostic.location): note: \(note.message)\n"
            }
        }
        return output
    }
}
