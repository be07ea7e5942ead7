@testable import LinzaBase
@testable import LinzaReporting
import Testing

/// The output steps that run on all cores give what one thread gives: the print order of
/// many findings (sorted in pieces, then merged) and the Xcode-format report (rendered in
/// pieces, then written in order).
@Suite struct ParallelOutputTests {
    /// Findings in a scrambled order with many ties: the same place, rule and message with
    /// different notes (kept in the order they came), and exact duplicates (dropped).
    static func findings(_ count: Int) -> [Diagnostic] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var made: [Diagnostic] = []
        for index in 0..<count {
            // Every tenth an exact copy of one made before.
            if index % 10 == 9 {
                made.append(made[next(index)])
                continue
            }
            let location = Location(file: "/p/F\(next(7)).swift", line: next(40) + 1, column: next(3) + 1)
            let notes = (0..<next(3)).map { note in
                DiagnosticNote(
                    "note \(note) of \(index % 5)",
                    at: next(2) == 0 ? nil : Location(file: "/p/en.lproj/L.strings", line: note + 1, column: 1),
                    isPerLanguage: next(2) == 0)
            }
            made.append(
                Diagnostic(
                    ruleID: ["missing_key", "unused_key", "dynamic_key"][next(3)],
                    severity: next(2) == 0 ? .error : .warning, message: "message \(next(4))", location: location,
                    notes: notes, key: "k\(next(50))", language: ["de", "fr", nil][next(3)]))
        }
        return made
    }

    /// The print order as first written: by place, then rule, then message.
    static func printedBefore(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }

    /// What `sortedForOutput` gave when it sorted the findings themselves, stably.
    static func sortedOneByOne(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let sorted = diagnostics.enumerated().sorted { lhs, rhs in
            if printedBefore(lhs.element, rhs.element) { return true }
            if printedBefore(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }
        var result: [Diagnostic] = []
        for (_, diagnostic) in sorted where !result.contains(diagnostic) { result.append(diagnostic) }
        return result
    }

    @Test func oneComparisonAnswersAsTheOrderDoesBothWays() {
        let diagnostics = Self.findings(300)
        for lhs in diagnostics {
            for rhs in diagnostics {
                let expected = Self.printedBefore(lhs, rhs) ? -1 : Self.printedBefore(rhs, lhs) ? 1 : 0
                #expect(Diagnostic.printOrderComparison(lhs, rhs) == expected)
            }
        }
    }

    @Test func printOrderInPiecesIsTheOneOrderOfOnePiece() {
        let diagnostics = Self.findings(3_000)
        let serial = diagnostics.printOrderPositions(pieces: 1)
        #expect(serial.sorted() == Array(diagnostics.indices))
        for pieces in [2, 3, 7, 64] {
            #expect(diagnostics.printOrderPositions(pieces: pieces) == serial, "\(pieces) pieces")
        }
    }

    @Test func manyFindingsSortAsOneThreadSortsThem() {
        // Above the size sorted on all cores, and below it.
        for count in [5_000, 300] {
            let diagnostics = Self.findings(count)
            let sorted = diagnostics.sortedForOutput()
            #expect(sorted == Self.sortedOneByOne(diagnostics), "\(count) findings")
            #expect(sorted.count < count, "exact duplicates are dropped")
        }
    }

    @Test func xcodeReportOfManyFindingsIsTheTextOfOneThread() {
        let diagnostics = Self.findings(5_000).sortedForOutput()
        #expect(diagnostics.count > XcodeReporter.findingsPerPiece * XcodeReporter.piecesPerRun)
        for (verbose, colored) in [(false, false), (true, false), (false, true)] {
            let context = ReportContext(
                diagnostics: diagnostics, projectRoot: "/p", colored: colored, verbose: verbose,
                displayPaths: DisplayPaths(relativeTo: "/p"))
            var parallel = TextOutput.collecting()
            XcodeReporter().write(context, to: &parallel)
            var serial = TextOutput.collecting()
            for diagnostic in diagnostics {
                XcodeReporter().write(
                    diagnostic, verbose: verbose, paths: context.displayPaths,
                    style: ANSIStyle(enabled: colored), to: &serial)
            }
            #expect(parallel.text == serial.text, "verbose \(verbose), colored \(colored)")
        }
    }
}
