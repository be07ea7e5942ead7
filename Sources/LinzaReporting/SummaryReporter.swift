import LinzaBase
import LinzaRules

/// A table for people: findings per rule and per language, totals, and stale baseline
/// entries. Coloured only when the context says the output is a terminal that wants it.
package struct SummaryReporter: Reporter {
    package static let name = "summary"

    package init() {}

    /// A few lines, however many findings: written whole.
    package func write(_ context: ReportContext, to output: inout TextOutput) {
        output.write(table(context))
    }

    private func table(_ context: ReportContext) -> String {
        let diagnostics = context.diagnostics
        let languages = context.languages.filter { language in diagnostics.contains { $0.language == language } }
        let rules =
            RuleRegistry.ruleIDs.filter { id in diagnostics.contains { $0.ruleID == id } }
            + Set(diagnostics.map(\.ruleID)).subtracting(RuleRegistry.ruleIDs).sorted()
        let header = ["rule", "errors", "warnings"] + languages
        var rows: [[String]] = rules.map { rule in
            let findings = diagnostics.filter { $0.ruleID == rule }
            return [rule, count(findings, .error), count(findings, .warning)]
                + languages.map { language in cell(findings.count { $0.language == language }) }
        }
        rows.append(
            ["total", count(diagnostics, .error), count(diagnostics, .warning)]
                + languages.map { language in cell(diagnostics.count { $0.language == language }) })

        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, text in
                let padding = String(repeating: " ", count: widths[column] - text.count)
                return column == 0 ? text + padding : padding + text
            }.joined(separator: "  ")
        }
        var output = paint(line(header), code: "1") + "\n"
        for (index, row) in rows.enumerated() {
            let text = line(row)
            let isTotal = index == rows.count - 1
            let hasErrors = row[1] != "-"
            output +=
                (isTotal ? paint(text, code: "1") : hasErrors ? paint(text, code: "31") : paint(text, code: "33"))
                + "\n"
        }
        output += "\(context.sourceFileCount) source files, \(context.tableFileCount) table files"
        if !context.languages.isEmpty { output += ", languages " + context.languages.joined(separator: ", ") }
        output += "\n"
        if context.staleBaselineEntries > 0 {
            output +=
                "\(context.staleBaselineEntries) baseline entries no longer occur; rewrite the baseline to drop them\n"
        }
        return output

        func paint(_ text: String, code: String) -> String {
            context.colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
    }

    private func count(_ diagnostics: [Diagnostic], _ severity: Severity) -> String {
        cell(diagnostics.count { $0.severity == severity })
    }

    private func cell(_ number: Int) -> String {
        number == 0 ? "-" : String(number)
    }
}
