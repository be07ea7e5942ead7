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
            // Read in place: a finding taken from the array captured by the closure was a copy
            // of it, every string retained and released again.
            let rendered = diagnostics.withUnsafeBufferPointer { findings in
                let findings = UncheckedSendable(findings)
                return pieces.concurrentMap { first -> [UInt8] in
                    var piece = TextOutput.collecting()
                    var printed = PrintedPaths(paths)
                    for index in first..<min(first + Self.findingsPerPiece, end) {
                        write(findings.value[index], verbose: verbose, printed: &printed, style: style, to: &piece)
                    }
                    return piece.bytes
                }
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

    /// Written in parts, not made whole first: a monolith's warm run prints 10,000 findings.
    private func write(
        _ diagnostic: Diagnostic, verbose: Bool, printed: inout PrintedPaths, style: ANSIStyle,
        to output: inout TextOutput
    ) {
        output.write(style.start(.bold))
        printed.write(diagnostic.location, ofNote: false, to: &output)
        output.write(ascii: ":")
        output.write(style.end)
        output.write(ascii: " ")
        output.write(style.start(diagnostic.severity == .error ? .red : .yellow))
        output.write(diagnostic.severity.rawValue)
        output.write(ascii: ":")
        output.write(style.end)
        output.write(ascii: " ")
        output.write(ReadableFinding.message(of: diagnostic, verbose: verbose))
        output.write(ascii: " ")
        output.write(style.start(.dim))
        output.write(ascii: "[")
        output.write(diagnostic.ruleID)
        output.write(ascii: "]")
        output.write(style.end)
        output.write(ascii: "\n")
        for note in diagnostic.notes where ReadableFinding.isPrinted(note, verbose: verbose) {
            output.write(style.start(.dim))
            printed.write(note.location ?? diagnostic.location, ofNote: true, to: &output)
            output.write(ascii: ":")
            output.write(style.end)
            output.write(ascii: " ")
            output.write(style.start(.cyan))
            output.write("note:")
            output.write(style.end)
            output.write(ascii: " ")
            output.write(style.start(.dim))
            output.write(note.message)
            output.write(style.end)
            output.write(ascii: "\n")
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

    /// Writes `paths.location(location)`.
    mutating func write(_ location: Location, ofNote: Bool, to output: inout TextOutput) {
        let last = ofNote ? note : finding
        if let last, last.file == location.file {
            output.write(last.printed)
        } else {
            let printed = paths.path(location.file)
            if ofNote { note = (location.file, printed) } else { finding = (location.file, printed) }
            output.write(printed)
        }
        output.write(ascii: ":")
        output.write(decimal: location.line)
        output.write(ascii: ":")
        output.write(decimal: location.column)
    }
}
