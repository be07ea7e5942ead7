import LinzaBase
import LinzaRules

/// A table for people: findings per rule and per language, totals, and stale baseline
/// entries. Coloured only when the context says the output is a terminal that wants it.
///
/// A grouped finding (a key missing in de, fr and ru) counts once in each of its languages.
/// The languages are columns while the table fits `width` columns; with many languages
/// (30 made it ~190 columns wide) the rule table has no language columns and a second
/// table has a row per language instead.
package struct SummaryReporter: Reporter {
    package static let name = "summary"
    /// The widest line the report may print: a terminal's usual width and then some.
    package static let width = 100

    package init() {}

    /// A few lines, however many findings: written whole.
    package func write(_ context: ReportContext, to output: inout TextOutput) {
        output.write(table(context))
    }

    private func table(_ context: ReportContext) -> String {
        let diagnostics = context.diagnostics
        let languages = context.languages.filter { language in
            diagnostics.contains { $0.languages.contains(language) }
        }
        let rules =
            RuleRegistry.ruleIDs.filter { id in diagnostics.contains { $0.ruleID == id } }
            + Set(diagnostics.map(\.ruleID)).subtracting(RuleRegistry.ruleIDs).sorted()
        let header = ["rule", "errors", "warnings"] + languages
        var rows: [[String]] = rules.map { rule in
            let findings = diagnostics.filter { $0.ruleID == rule }
            return [rule, count(findings, .error), count(findings, .warning)]
                + languages.map { language in cell(findings.count { $0.languages.contains(language) }) }
        }
        rows.append(
            ["total", count(diagnostics, .error), count(diagnostics, .warning)]
                + languages.map { language in cell(diagnostics.count { $0.languages.contains(language) }) })

        var output: String
        let wide = render(header: header, rows: rows, context: context)
        if wide.split(separator: "\n").allSatisfy({ $0.count <= Self.width }) || languages.isEmpty {
            output = wide
        } else {
            // Languages as rows: the rule table without them, then one row per language.
            output = render(header: Array(header.prefix(3)), rows: rows.map { Array($0.prefix(3)) }, context: context)
            let languageRows: [[String]] = languages.map { language in
                let findings = diagnostics.filter { $0.languages.contains(language) }
                return [language, count(findings, .error), count(findings, .warning)]
            }
            output += "\n" + render(header: ["language", "errors", "warnings"], rows: languageRows, context: context)
        }
        let files =
            "\(plural(context.sourceFileCount, "source file")), \(plural(context.tableFileCount, "table file"))"
        let named = files + ", languages " + context.languages.joined(separator: ", ")
        output +=
            context.languages.isEmpty
            ? files : named.count <= Self.width ? named : files + ", \(context.languages.count) languages"
        output += "\n"
        if context.staleBaselineEntries > 0 {
            output +=
                "\(context.staleBaselineEntries) baseline entries no longer occur; rewrite the baseline to drop them\n"
        }
        return output
    }

    /// A table with its header in bold, rows with errors in red, others in yellow, and the
    /// last row (a total, when the rows end with one) in bold too.
    private func render(header: [String], rows: [[String]], context: ReportContext) -> String {
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, text in
                let padding = String(repeating: " ", count: widths[column] - text.count)
                return column == 0 ? text + padding : padding + text
            }.joined(separator: "  ")
        }
        func paint(_ text: String, code: String) -> String {
            context.colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
        var output = paint(line(header), code: "1") + "\n"
        for row in rows {
            let text = line(row)
            output +=
                (row[0] == "total"
                    ? paint(text, code: "1") : row[1] != "-" ? paint(text, code: "31") : paint(text, code: "33"))
                + "\n"
        }
        return output
    }

    private func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    private func count(_ diagnostics: [Diagnostic], _ severity: Severity) -> String {
        cell(diagnostics.count { $0.severity == severity })
    }

    private func cell(_ number: Int) -> String {
        number == 0 ? "-" : String(number)
    }
}
