import LinzaKit

/// The summary printed on standard error after a lint run: one line of at most
/// `Summary.width` columns, so it never wraps in a terminal or a CI log.
enum Summary {
    /// The widest line the summary may print.
    static let width = 100

    /// The summary: counts, files, languages and time; the languages are named only while
    /// the line fits (a 30-language app's list alone was ~250 characters), else counted, and
    /// the baseline's figures go to a second line when they would not fit on the first.
    static func lines(
        for result: LintResult, staleBaselineEntries: Int = 0, duration: Duration, checked: String? = nil
    ) -> String {
        let milliseconds = Int(Double(duration.components.attoseconds) / 1e15) + Int(duration.components.seconds) * 1000
        let time = milliseconds < 1000 ? "\(milliseconds) ms" : "\(Double(milliseconds / 10) / 100) s"
        let counts =
            "Linza: \(plural(result.errorCount, "error")), \(plural(result.warningCount, "warning")) in "
            + (checked
                ?? "\(plural(result.sourceFileCount, "source file")) and \(plural(result.tableFileCount, "table file"))")
        let named = result.languages.isEmpty ? "" : " (\(result.languages.joined(separator: ", ")))"
        var line = counts + named + ", " + time
        if line.count > width { line = counts + " (\(plural(result.languages.count, "language"))), " + time }
        var baseline: [String] = []
        if result.heldByBaseline > 0 {
            baseline.append("\(plural(result.heldByBaseline, "finding")) held back by the baseline")
        }
        if staleBaselineEntries > 0 {
            baseline.append(
                "\(plural(staleBaselineEntries, "baseline entry", "baseline entries")) no longer found")
        }
        guard !baseline.isEmpty else { return line }
        let joined = line + "; " + baseline.joined(separator: "; ")
        return joined.count <= width ? joined : line + "\nLinza: " + baseline.joined(separator: "; ")
    }

    private static func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
