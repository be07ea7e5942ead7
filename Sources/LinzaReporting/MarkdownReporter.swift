import LinzaBase

/// `--reporter markdown`: GitHub-flavoured markdown for a pull-request comment or a job
/// summary (`$GITHUB_STEP_SUMMARY`), as `linza status --format markdown` is: the counts,
/// findings per rule, then a row per finding with its notes, as people read them
/// (`ReadableFinding`: `--verbose` for every per-language note). Paths are relative to the
/// project root, which is what GitHub links against.
///
/// When the change under review is known (`ReportContext.changedLines`), the findings on
/// lines it adds or rewrites come first, under a heading of their own, errors before
/// warnings (`ChangedFirstOrder`). With a byte limit (a job summary holds 1 MiB), the rows
/// that do not fit are counted in a last line instead.
package struct MarkdownReporter: Reporter {
    package static let name = "markdown"

    package init() {}

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        write(context, byteLimit: nil, to: &output)
    }

    /// The report in at most `byteLimit` bytes (nil: no limit). The counts are always
    /// written; rows are written while they and the closing line fit.
    package func write(_ context: ReportContext, byteLimit: Int?, to output: inout TextOutput) {
        var written = 0
        func emit(_ text: String) {
            output.write(text)
            written += text.utf8.count
        }
        emit("## Localization findings\n\n")
        emit(FindingsOverview.headline(context) + ".\n")
        guard !context.diagnostics.isEmpty else { return }
        emit("\n| Rule | Errors | Warnings |\n| --- | ---: | ---: |\n")
        for row in FindingsOverview.rules(context.diagnostics) {
            emit("| `\(row.rule)` | \(row.errors) | \(row.warnings) |\n")
        }
        let sections = Self.sections(context)
        let total = context.diagnostics.count
        var listed = 0
        for section in sections {
            if section.findings.isEmpty, let title = section.title {
                emit("\n### \(title)\n\nNone.\n")
                continue
            }
            var head = section.title.map { "\n### \($0)\n" } ?? ""
            head += "\n| | Where | Finding | Rule |\n| --- | --- | --- | --- |\n"
            var headWritten = false
            for diagnostic in section.findings {
                let row = self.row(diagnostic, context: context)
                let needed = (headWritten ? 0 : head.utf8.count) + row.utf8.count
                if let byteLimit, written + needed + Self.omissionReserve > byteLimit {
                    emit(Self.omission(total - listed))
                    return
                }
                if !headWritten {
                    emit(head)
                    headWritten = true
                }
                emit(row)
                listed += 1
            }
        }
    }

    /// The tables to write: one of every finding, or, with the change known, one of the
    /// findings on its lines and one of the others (an empty one says "None.").
    private static func sections(_ context: ReportContext) -> [(title: String?, findings: [Diagnostic])] {
        guard let changed = context.changedLines else { return [(nil, context.diagnostics)] }
        let ordered = ChangedFirstOrder.ordered(context.diagnostics, changed: changed)
        let onChanged = ordered.filter { changed.contains($0.location) }
        let elsewhere = ordered.filter { !changed.contains($0.location) }
        return [
            ("On lines this change adds or rewrites (\(onChanged.count))", onChanged),
            ("Elsewhere in the project (\(elsewhere.count))", elsewhere),
        ]
    }

    /// Room kept for `omission`'s line.
    static let omissionReserve = 300

    /// The line that closes a report cut short.
    static func omission(_ count: Int) -> String {
        "\n_\(FindingsOverview.plural(count, "more finding")) not listed here, to keep this report within its "
            + "size limit (a GitHub job summary holds 1 MiB); `linza lint` lists them all._\n"
    }

    /// A finding's table row.
    private func row(_ diagnostic: Diagnostic, context: ReportContext) -> String {
        let icon = diagnostic.severity == .error ? "❌ error" : "⚠️ warning"
        var finding = Self.escape(ReadableFinding.message(of: diagnostic, verbose: context.verbose))
        for note in ReadableFinding.notes(of: diagnostic, verbose: context.verbose) {
            finding += "<br>↳ " + Self.escape(note.message)
            if let location = note.location { finding += " (" + Self.code(place(location, context)) + ")" }
        }
        return "| \(icon) | \(Self.code(place(diagnostic.location, context))) | \(finding) | `\(diagnostic.ruleID)` |\n"
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
