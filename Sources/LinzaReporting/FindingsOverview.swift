import LinzaBase
import LinzaRules

/// What the markdown and HTML reports say above their findings: the counts in one line and
/// the findings per rule, in the rules' own order (the same order as `summary`).
package enum FindingsOverview {
    /// "7 errors and 7 warnings in 9 source files and 12 table files (3 languages)".
    package static func headline(_ context: ReportContext) -> String {
        let errors = context.diagnostics.count { $0.severity == .error }
        let warnings = context.diagnostics.count - errors
        let languages = context.languages.isEmpty ? "" : " (\(plural(context.languages.count, "language")))"
        return "\(plural(errors, "error")) and \(plural(warnings, "warning")) in "
            + "\(plural(context.sourceFileCount, "source file")) and \(plural(context.tableFileCount, "table file"))"
            + languages
    }

    /// Each rule that found something, with its errors and warnings.
    package static func rules(_ diagnostics: [Diagnostic]) -> [(rule: String, errors: Int, warnings: Int)] {
        let ids =
            RuleRegistry.ruleIDs.filter { id in diagnostics.contains { $0.ruleID == id } }
            + Set(diagnostics.map(\.ruleID)).subtracting(RuleRegistry.ruleIDs).sorted()
        return ids.map { id in
            let findings = diagnostics.filter { $0.ruleID == id }
            let errors = findings.count { $0.severity == .error }
            return (id, errors, findings.count - errors)
        }
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
