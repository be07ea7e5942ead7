/// `linza status` for people at a terminal: languages as rows, most complete first, each
/// with a bar, the percentage, translated/keys and the missing keys (how many code uses);
/// then one line per other bucket naming the languages it concerns. Every line fits
/// `width` columns; colour only when asked (the CLI asks on a terminal without NO_COLOR).
package struct StatusTerminalRenderer: Sendable {
    package var colored: Bool
    package var grouping: StatusGrouping
    package var width: Int

    package init(colored: Bool = false, grouping: StatusGrouping = .language, width: Int = 80) {
        self.colored = colored
        self.grouping = grouping
        self.width = width
    }

    package func render(_ report: StatusReport) -> String {
        var output = paint(wrapped(StatusFormatting.headline(report)), "1") + "\n"
        for section in StatusFormatting.sections(report, grouping: grouping) {
            output += "\n"
            if let title = section.title { output += paint(wrapped(title), "1") + "\n" }
            output += rows(section, report: report)
            output += attention(section.rows, developmentLanguage: report.developmentLanguage)
        }
        output += "\n" + wrapped("Translated ÷ development keys, rounded down. Used: missing keys code uses.") + "\n"
        return output
    }

    /// `de   ████████░░░░   76 %  1 240/1 632  missing 392 (used 12)  +12 (+1 %)`
    private func rows(_ section: StatusSection, report: StatusReport) -> String {
        // Narrower layouts, tried in turn until a row fits with a bar of at least 5 cells:
        // the change as percentage points only, then no bar at all.
        var cells = self.cells(section, report: report, fullChange: true)
        if cells.fixedWidth + 5 > width && section.showsChanges {
            cells = self.cells(section, report: report, fullChange: false)
        }
        let barWidth = cells.fixedWidth + 5 > width ? 0 : Swift.min(20, width - cells.fixedWidth)

        var output = ""
        for (row, cell) in zip(section.rows, cells.rows) {
            var line =
                pad(cell.language, cells.widths[0]) + "  "
                + (barWidth > 0 ? bar(row.counts, width: barWidth) + "  " : "")
                + padLeft(cell.percent, cells.widths[1]) + "  " + padLeft(cell.fraction, cells.widths[2])
            if cells.widths[3] > 0 {
                let used = row.counts.missingUsed > 0 ? paintUsed(cell.missing) : cell.missing
                line += "  " + used + String(repeating: " ", count: cells.widths[3] - cell.missing.count)
            }
            if cells.widths[4] > 0 { line += "  " + cell.change }
            output += trimmingTrailingSpaces(line) + "\n"
        }
        return output
    }

    private typealias RowCells = (language: String, percent: String, fraction: String, missing: String, change: String)

    /// The text of every row's columns, the columns' widths, and the width of a row
    /// without its bar (the bar's two separating spaces included).
    private func cells(_ section: StatusSection, report: StatusReport, fullChange: Bool)
        -> (rows: [RowCells], widths: [Int], fixedWidth: Int)
    {
        let rows = section.rows.map { row -> RowCells in
            let counts = row.counts
            let missing =
                counts.missing == 0
                ? ""
                : "missing \(StatusFormatting.grouped(counts.missing)) "
                    + "(used \(StatusFormatting.grouped(counts.missingUsed)))"
            var change = section.showsChanges ? StatusFormatting.change(report.change(row.language)) : ""
            if !fullChange, case .changed(_, _, let percent)? = report.change(row.language) {
                change = "\(StatusFormatting.signed(percent)) %"
            }
            return (
                row.language, "\(counts.percent) %",
                "\(StatusFormatting.grouped(counts.translated))/\(StatusFormatting.grouped(counts.keys))", missing,
                change
            )
        }
        func widest(_ column: (RowCells) -> String) -> Int { rows.map { column($0).count }.max() ?? 0 }
        let widths: [Int] = [
            widest(\.language), widest(\.percent), widest(\.fraction), widest(\.missing), widest(\.change),
        ]
        let missingWidth = widths[3] > 0 ? 2 + widths[3] : 0
        let changeWidth = widths[4] > 0 ? 2 + widths[4] : 0
        let fixed: Int = widths[0] + 4 + widths[1] + 2 + widths[2] + missingWidth + changeWidth
        return (rows, widths, fixed)
    }

    /// One line per bucket besides translated and missing that some language has, wrapped.
    private func attention(_ rows: [(language: String, counts: StatusCounts)], developmentLanguage: String) -> String {
        var output = ""
        for (label, value) in StatusFormatting.otherBuckets(developmentLanguage: developmentLanguage) {
            let items = rows.filter { $0.counts[keyPath: value] > 0 }
                .map { "\($0.language) \(StatusFormatting.grouped($0.counts[keyPath: value]))" }
            guard !items.isEmpty else { continue }
            let indent = String(repeating: " ", count: label.count + 2)
            var line = label + ":"
            for (index, item) in items.enumerated() {
                let piece = " " + item + (index < items.count - 1 ? "," : "")
                if line.count + piece.count > width {
                    output += line + "\n"
                    line = indent + item + (index < items.count - 1 ? "," : "")
                } else {
                    line += piece
                }
            }
            output += line + "\n"
        }
        return output.isEmpty ? "" : "\n" + output
    }

    /// A bar of `width` cells, filled in proportion to the translated keys (rounded down,
    /// like the percentage, so an unfinished language never shows a full bar).
    private func bar(_ counts: StatusCounts, width: Int) -> String {
        let filled = counts.keys == 0 ? width : counts.translated * width / counts.keys
        let full = String(repeating: "█", count: filled)
        let empty = String(repeating: "░", count: width - filled)
        guard colored else { return full + empty }
        let colour = counts.percent >= 95 ? "32" : counts.percent >= 75 ? "33" : "31"
        return paint(full, colour) + paint(empty, "2")
    }

    private func paintUsed(_ text: String) -> String {
        guard colored, let open = text.firstRange(of: "(used ") else { return text }
        return String(text[..<open.lowerBound]) + paint(String(text[open.lowerBound...]), "31")
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `text` broken at spaces into lines of at most `width` columns.
    private func wrapped(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: Swift.max(0, width - text.count))
    }

    private func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - text.count)) + text
    }

    private func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
