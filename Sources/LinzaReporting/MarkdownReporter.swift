import LinzaBase

/// `--reporter markdown`: GitHub-flavoured markdown for a pull-request comment or a job
/// summary (`$GITHUB_STEP_SUMMARY`), as `linza status --format markdown` is: the counts,
/// findings per rule, then a row per finding with its notes, as people read them
/// (`ReadableFinding`: `--verbose` for every per-language note). Paths are relative to the
/// project root, which is what GitHub links against.
package struct MarkdownReporter: Reporter {
    package static let name = "markdown"

    package init() {}

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        output.write("## Localization findings\n\n")
        output.write(FindingsOverview.headline(context) + ".\n")
        guard !context.diagnostics.isEmpty else { return }
        output.write("\n| Rule | Errors | Warnings |\n| --- | ---: | ---: |\n")
        for row in FindingsOverview.rules(context.diagnostics) {
            output.write("| `\(row.rule)` | \(row.errors) | \(row.warnings) |\n")
        }
        output.write("\n| | Where | Finding | Rule |\n| --- | --- | --- | --- |\n")
        for diagnostic in context.diagnostics {
            let icon = diagnostic.severity == .error ? "❌ error" : "⚠️ warning"
            var finding = Self.escape(ReadableFinding.message(of: diagnostic, verbose: context.verbose))
            for note in ReadableFinding.notes(of: diagnostic, verbose: context.verbose) {
                finding += "<br>↳ " + Self.escape(note.message)
                if let location = note.location { finding += " (" + Self.code(place(location, context)) + ")" }
            }
            output.write(
                "| \(icon) | \(Self.code(place(diagnostic.location, context))) | \(finding) | `\(diagnostic.ruleID)` |\n"
            )
        }
    }

    private func place(_ location: Location, _ context: ReportContext) -> String {
        "\(context.relativePath(location.file)):\(location.line):\(location.column)"
    }

    /// Text safe in a table cell: pipes escaped, line breaks as `<br>`, and the characters
    /// markdown would read as markup or HTML made literal.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "|": result += "\\|"
            case "\n": result += "<br>"
            case "\r": continue
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "*", "`", "[", "]", "\\": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// A path in a code span, where markdown reads no escapes: only a pipe (which would end
    /// the table cell) is escaped, and backticks and line breaks, which would end the span,
    /// are dropped.
    static func code(_ text: String) -> String {
        var result = "`"
        for character in text where !"`\n\r".contains(character) {
            result += character == "|" ? "\\|" : String(character)
        }
        return result + "`"
    }
}
