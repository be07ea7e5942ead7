import LinzaBase

/// The compiler format Xcode, terminals and CI annotate:
/// `path:LINE:COLUMN: error: message [rule_id]`, each note on its own line after; the path
/// as `ReportContext.displayPaths` says (absolute for Xcode, which opens only those).
/// Without `--verbose` a finding is its line and the notes `ReadableFinding` keeps (where
/// the key is defined), with long language lists shortened.
package struct XcodeReporter: Reporter {
    package static let name = "xcode"

    package init() {}

    /// Findings are rendered on all cores, a piece of `findingsPerPiece` per thread, and
    /// written in order, `piecesPerRun` pieces at a time: the text is the one a single thread
    /// writes (Telegram-iOS's 17,719 findings were written one by one on one core).
    package func write(_ context: ReportContext, to output: inout TextOutput) {
        let style = ANSIStyle(enabled: context.colored)
        let diagnostics = context.diagnostics
        let verbose = context.verbose
        let paths = context.displayPaths
        var start = 0
        while start < diagnostics.count {
            let end = min(diagnostics.count, start + Self.findingsPerPiece * Self.piecesPerRun)
            let pieces = Array(stride(from: start, to: end, by: Self.findingsPerPiece))
            let rendered = pieces.concurrentMap { first -> [UInt8] in
                var piece = TextOutput.collecting()
                var printed = PrintedPaths(paths)
                for index in first..<min(first + Self.findingsPerPiece, end) {
                    write(diagnostics[index], verbose: verbose, printed: &printed, style: style, to: &piece)
                }
                return piece.bytes
            }
            for bytes in rendered { output.write(bytes: bytes) }
            start = end
        }
    }

    /// Findings a thread renders at a time: enough that handing them out costs nothing next
    /// to rendering them.
    static let findingsPerPiece = 64
    /// Pieces rendered before their text is written.
    static let piecesPerRun = 32

    /// The findings alone, for callers that have no wider context (failures, say).
    package func report(_ diagnostics: [Diagnostic], paths: DisplayPaths = .absolute) -> String {
        var output = TextOutput.collecting()
        for diagnostic in diagnostics {
            write(diagnostic, verbose: true, paths: paths, style: ANSIStyle(enabled: false), to: &output)
        }
        return output.text
    }

    /// A finding and its notes; with `style` enabled (a terminal), the place in bold, the
    /// severity in red or yellow, notes and the rule id dimmed: the same characters otherwise.
    func write(
        _ diagnostic: Diagnostic, verbose: Bool, paths: DisplayPaths, style: ANSIStyle, to output: inout TextOutput
    ) {
        var printed = PrintedPaths(paths)
        write(diagnostic, verbose: verbose, printed: &printed, style: style, to: &output)
    }

    private func write(
        _ diagnostic: Diagnostic, verbose: Bool, printed: inout PrintedPaths, style: ANSIStyle,
        to output: inout TextOutput
    ) {
        let message = ReadableFinding.message(of: diagnostic, verbose: verbose)
        let severity = diagnostic.severity.rawValue + ":"
        output.write(
            style.bold(printed.location(diagnostic.location, ofNote: false) + ":") + " "
                + (diagnostic.severity == .error ? style.red(severity) : style.yellow(severity))
                + " \(message) " + style.dim("[\(diagnostic.ruleID)]") + "\n")
        for note in ReadableFinding.notes(of: diagnostic, verbose: verbose) {
            output.write(
                style.dim(printed.location(note.location ?? diagnostic.location, ofNote: true) + ":") + " "
                    + style.cyan("note:") + " " + style.dim(note.message) + "\n")
        }
    }
}

/// `DisplayPaths.location` with the last printed path of a finding and of a note kept:
/// findings come sorted by file, and their notes mostly name one table, so most paths are
/// made relative and escaped once instead of once per line (Telegram-iOS: 17,719 findings
/// in 981 files; making each path relative and printable was 45 % of the report's instructions).
private struct PrintedPaths {
    let paths: DisplayPaths
    private var finding: (file: String, printed: String)?
    private var note: (file: String, printed: String)?

    init(_ paths: DisplayPaths) {
        self.paths = paths
    }

    /// `paths.location(location)`.
    mutating func location(_ location: Location, ofNote: Bool) -> String {
        let last = ofNote ? note : finding
        let printed: String
        if let last, last.file == location.file {
            printed = last.printed
        } else {
            printed = paths.path(location.file)
            if ofNote { note = (location.file, printed) } else { finding = (location.file, printed) }
        }
        return "\(printed):\(location.line):\(location.column)"
    }
}
