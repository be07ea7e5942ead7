import Testing
@testable import LinzaBase
@testable import LinzaReporting

/// Reports are written a buffer at a time (`TextOutput`), never held whole: a project with a
/// million findings made a SARIF report take 6 GB.
@Suite struct StreamedReportTests {
    static let findings = (0..<3000).map { index in
        Diagnostic(
            ruleID: "missing_key", severity: .error, message: "'key.\(index)' is missing in de, fr (2 of 2 languages)",
            location: Location(file: "/p/App/File\(index / 100).swift", line: index % 100 + 1, column: 9),
            notes: [
                DiagnosticNote(
                    "de.lproj/Localizable.strings has no 'key.\(index)'",
                    at: Location(file: "/p/de.lproj/Localizable.strings", line: 1, column: 1))
            ],
            key: "key.\(index)", languages: ["de", "fr"])
    }

    @Test(arguments: ReporterRegistry.names)
    func everyReporterStreamsWhatItWouldReturnWhole(_ name: String) {
        let reporter = ReporterRegistry.reporter(named: name)!
        let context = ReportContext(diagnostics: Self.findings, projectRoot: "/p", toolVersion: "9.9")
        var chunks: [[UInt8]] = []
        var output = TextOutput {
            chunks.append($0); return nil
        }
        reporter.write(context, to: &output)
        let whileWriting = chunks.count
        #expect(output.finish() == nil)
        #expect(chunks.flatMap { $0 } == Array(reporter.report(context).utf8))
        // Every report but the few-line summary is long enough to leave in pieces before it is done.
        if name != SummaryReporter.name {
            #expect(whileWriting > 1, "\(name) sent \(whileWriting) pieces while writing")
            #expect(chunks.allSatisfy { $0.count < 80_000 })
        }
    }

    @Test func aFailingSinkIsCalledNoMoreAndSaysWhy() {
        var calls = 0
        var output = TextOutput { _ in
            calls += 1; return 28
        }  // ENOSPC
        for _ in 0..<10_000 { output.write(String(repeating: "x", count: 100)) }
        #expect(output.finish() == 28)
        #expect(calls == 1)
    }

    /// Numbers and separators written as bytes read as `String` writes them, across the
    /// sink's buffer boundaries too.
    @Test func numbersAndSeparatorsAreWrittenAsTheirText() {
        let numbers = [0, 7, 10, 1_234_567, -1, -90, Int.max, Int.min] + (0..<20_000).map { $0 * 37 }
        var sent: [UInt8] = []
        var streamed = TextOutput {
            sent += $0; return nil
        }
        var collected = TextOutput.collecting()
        for number in numbers {
            streamed.write(decimal: number)
            streamed.write(ascii: ":")
            collected.write(decimal: number)
            collected.write("")
            collected.write(ascii: "\n")
        }
        #expect(streamed.finish() == nil)
        #expect(String(decoding: sent, as: UTF8.self) == numbers.map { "\($0):" }.joined())
        #expect(collected.text == numbers.map { "\($0)\n" }.joined())
    }

    @Test func streamedJSONArraysAreWrittenLikeWholeOnes() {
        let whole = JSONValue.object([
            ("a", .array([.number(1), .object([("b", .string("c\n"))])])), ("e", .array([])),
        ])
        let made = JSONValue.object([
            ("a", .items(count: 2) { $0 == 0 ? .number(1) : .object([("b", .string("c\n"))]) }),
            ("e", .items(count: 0) { _ in .null }),
        ])
        #expect(made.rendered() == whole.rendered())
        #expect(whole.rendered() == "{\n  \"a\": [\n    1,\n    {\n      \"b\": \"c\\n\"\n    }\n  ],\n  \"e\": []\n}")
    }
}
