/// `linza status --format markdown`: GitHub-flavoured tables for a pull-request comment or
/// a job summary (`$GITHUB_STEP_SUMMARY`). Languages are rows, most complete first; with
/// several modules, a collapsed table per module follows.
package enum StatusMarkdown {
    package static func render(_ report: StatusReport) -> String {
        var output = "## Translation status\n\n"
        output +=
            StatusFormatting.headline(report) + ". Coverage is translated ÷ development keys, rounded down; "
            + "*used* counts the missing keys that a call site uses.\n\n"
        output += table(report.languagesByCompleteness, report: report, showsChanges: report.previous != nil)
        let sections = StatusFormatting.sections(report, grouping: .module)
        if report.modules.count > 1 {
            for (module, section) in zip(report.modules, sections) {
                output +=
                    "\n<details><summary>\(escape(section.title ?? StatusFormatting.moduleName(module)))</summary>\n\n"
                output += table(section.rows, report: report, showsChanges: false)
                output += "\n</details>\n"
            }
        }
        return output
    }

    private static func table(
        _ rows: [(language: String, counts: StatusCounts)], report: StatusReport,
        showsChanges: Bool
    ) -> String {
        var header = [
            "Language", "Coverage", "", "Translated", "Missing", "Used by code", "Needs review",
            "Same as \(report.developmentLanguage)", "Empty", "Stale",
        ]
        var alignment = [":--", "--:", ":--", "--:", "--:", "--:", "--:", "--:", "--:", "--:"]
        if showsChanges {
            header.append("Change")
            alignment.append("--:")
        }
        var output = "| " + header.joined(separator: " | ") + " |\n| " + alignment.joined(separator: " | ") + " |\n"
        for (language, counts) in rows {
            let filled = counts.keys == 0 ? 10 : counts.translated * 10 / counts.keys
            var cells =
                [
                    "`\(escape(language))`", "\(counts.percent) %",
                    String(repeating: "█", count: filled) + String(repeating: "░", count: 10 - filled),
                    "\(StatusFormatting.grouped(counts.translated)) / \(StatusFormatting.grouped(counts.keys))",
                ]
                + [
                    counts.missing, counts.missingUsed, counts.needsReview, counts.untranslated, counts.empty,
                    counts.stale,
                ]
                .map { $0 == 0 ? "" : StatusFormatting.grouped($0) }
            if showsChanges { cells.append(StatusFormatting.change(report.change(language))) }
            output += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return output
    }

    /// Keeps a name from breaking the table or the HTML around it.
    private static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "|": result += "\\|"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "`": result += "'"
            default: result.append(character)
            }
        }
        return result
    }
}
