@testable import LinzaBase
@testable import LinzaReporting
@testable import LinzaRules
import Testing

/// What people read of a finding: one line, the note where its key is defined, long
/// language lists shortened unless `--verbose`.
@Suite struct ReadableFindingTests {
    static let languages = ["ar", "be", "ca", "cs", "da", "de", "es", "fr"]

    /// One per-language finding per language, grouped as the pipeline groups them.
    static func grouped(_ languages: [String]) -> Diagnostic {
        let members = languages.map { language in
            Diagnostic(
                ruleID: MissingKeyRule.description.id, severity: .error,
                message: "'k' is missing in \(language) (\(language).lproj/Localizable.strings)",
                location: Location(file: "/p/A.swift", line: 3, column: 9),
                notes: [
                    DiagnosticNote(
                        "\(language).lproj/Localizable.strings has no 'k'",
                        at: Location(file: "/p/\(language).lproj/Localizable.strings", line: 2, column: 1),
                        isPerLanguage: true),
                    DiagnosticNote(
                        "'k' is defined in en here",
                        at: Location(file: "/p/en.lproj/Localizable.strings", line: 1, column: 1)
                    ),
                ],
                key: "k", language: language, table: "Localizable")
        }
        return MissingKeyGrouping.grouped(members, checkedLanguages: 11)[0]
    }

    @Test func longListIsShortenedAndPerLanguageNotesLeftOut() {
        let finding = Self.grouped(Self.languages)
        #expect(
            ReadableFinding.message(of: finding, verbose: false)
                == "'k' is missing in 8 of 11 languages: ar, be, ca, … (--verbose lists them)")
        #expect(ReadableFinding.notes(of: finding, verbose: false).map(\.message) == ["'k' is defined in en here"])
        #expect(ReadableFinding.hiddenNoteCount(of: finding, verbose: false) == 8)
    }

    @Test func verboseKeepsEverything() {
        let finding = Self.grouped(Self.languages)
        #expect(ReadableFinding.message(of: finding, verbose: true) == finding.message)
        #expect(finding.message.contains("ar, be, ca, cs, da, de, es, fr (8 of 11 languages)"))
        #expect(ReadableFinding.notes(of: finding, verbose: true).count == 9)
        #expect(ReadableFinding.hiddenNoteCount(of: finding, verbose: true) == 0)
    }

    @Test func shortListsAndOtherMessagesStayWhole() {
        let short = Self.grouped(["de", "fr", "ru"])
        #expect(ReadableFinding.message(of: short, verbose: false) == short.message)
        var other = Self.grouped(Self.languages)
        other.message = "a message naming no list"
        #expect(ReadableFinding.message(of: other, verbose: false) == other.message)
    }

    /// The list is found and cut by its bytes: what comes before and after it (a key that
    /// is not ASCII, the advice the rule appended) is kept as it was.
    @Test func shortenedListKeepsTheTextAroundIt() {
        let languages = ["ar", "be", "ca", "cs", "da", "zh-Hans"]
        let advice = "; its development text is the call's key: export it to the translators"
        let message = "'Café ☕️' is missing in \(languages.joined(separator: ", ")) (6 of 12 languages)" + advice
        #expect(
            ReadableFinding.shortenedLanguageList(message, languages: languages)
                == "'Café ☕️' is missing in 6 of 12 languages: ar, be, ca, … (--verbose lists them)" + advice)
        // Another list, no count, or no closing: as it was.
        #expect(ReadableFinding.shortenedLanguageList(message, languages: Array(languages.dropLast())) == nil)
        #expect(
            ReadableFinding.shortenedLanguageList(
                "'k' is missing in ar, be, ca, cs, da, zh-Hans (6 of  languages)", languages: languages) == nil)
        #expect(
            ReadableFinding.shortenedLanguageList(
                "'k' is missing in ar, be, ca, cs, da, zh-Hans (6 of 12", languages: languages) == nil)
    }

    @Test func xcodeReporterPrintsOneLineAndTheDefinitionByDefault() {
        let context = ReportContext(diagnostics: [Self.grouped(Self.languages)], projectRoot: "/p")
        #expect(
            XcodeReporter().report(context) == """
                /p/A.swift:3:9: error: 'k' is missing in 8 of 11 languages: ar, be, ca, … (--verbose lists them) [missing_key]
                /p/en.lproj/Localizable.strings:1:1: note: 'k' is defined in en here

                """)
        var verbose = context
        verbose.verbose = true
        #expect(XcodeReporter().report(verbose).split(separator: "\n").count == 10)
    }
}

/// One helper for every printed path.
@Suite struct DisplayPathsTests {
    @Test func relativeInsideTheBaseAbsoluteOutside() {
        let paths = DisplayPaths(relativeTo: "/p/App")
        #expect(paths.path("/p/App/Menu/Menu.swift") == "Menu/Menu.swift")
        #expect(paths.path("/p/App") == ".")
        #expect(paths.path("/p/Application/A.swift") == "/p/Application/A.swift")
        #expect(paths.location(Location(file: "/p/App/A.swift", line: 3, column: 9)) == "A.swift:3:9")
        #expect(DisplayPaths.absolute.path("/p/App/A.swift") == "/p/App/A.swift")
        #expect(DisplayPaths(relativeTo: "/").path("/p/A.swift") == "/p/A.swift")
        #expect(paths.path("/p/App/A\nB.swift") == "A\\nB.swift")
    }

    /// ASCII paths are compared on their bytes; the answers are the strings' answers, which
    /// Unicode paths still get (canonically equal spellings of a folder are one folder).
    @Test func asciiPathsAnswerAsStringsDo() {
        func byStrings(_ path: String, _ base: String) -> String? {
            if path == base { return "" }
            let prefix = base == "/" ? "/" : base + "/"
            guard path.hasPrefix(prefix) else { return nil }
            return String(path.dropFirst(prefix.count))
        }
        let parts = ["", "/", "p", "App", "Ap", "App2", "a b", "\r", "\n", "\u{7F}", "\u{1F}", "x.swift"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            func randomPath() -> String {
                "/"
                    + (0..<Int.random(in: 0...3, using: &generator)).map { _ in parts.randomElement(using: &generator)!
                    }
                    .joined(separator: "/")
            }
            let base = Bool.random(using: &generator) ? "/" : randomPath()
            let path = Bool.random(using: &generator) ? base + "/" + randomPath() : randomPath()
            #expect(Path.relative(path, to: base) == byStrings(path, base), "\(path) in \(base)")
        }
        #expect(Path.relative("/p/Cafe\u{301}/A.swift", to: "/p/Caf\u{E9}") == "A.swift")
        #expect(Path.relative("/p/App/\u{301}A.swift", to: "/p/App") == byStrings("/p/App/\u{301}A.swift", "/p/App"))
        #expect(Path.printable("/p/\u{85}/a\u{7F}") == "/p/\\u{85}/a\\u{7F}")
        #expect(Path.printable("/p/Café/A.swift") == "/p/Café/A.swift")
    }
}

/// The summary reporter counts grouped findings in each of their languages and fits 100 columns.
@Suite struct SummaryReporterTests {
    static let many = (0..<30).map { "l\($0)" }

    @Test func groupedFindingsCountInEachOfTheirLanguages() {
        let finding = ReadableFindingTests.grouped(["de", "fr", "ru"])
        let context = ReportContext(
            diagnostics: [finding], projectRoot: "/p", sourceFileCount: 1, tableFileCount: 4,
            languages: ["en", "de", "fr", "ru"])
        #expect(
            SummaryReporter().report(context) == """
                rule         errors  warnings  de  fr  ru
                missing_key       1         -   1   1   1
                total             1         -   1   1   1
                1 source file, 4 table files, languages en, de, fr, ru

                """)
    }

    @Test func manyLanguagesBecomeRows() {
        let finding = ReadableFindingTests.grouped(Self.many)
        var warning = finding
        warning.severity = .warning
        warning.languages = ["l1"]
        let context = ReportContext(
            diagnostics: [finding, warning], projectRoot: "/p", sourceFileCount: 2, tableFileCount: 31,
            languages: ["en"] + Self.many)
        let report = SummaryReporter().report(context)
        #expect(report.split(separator: "\n").allSatisfy { $0.count <= SummaryReporter.width }, "\(report)")
        #expect(
            report.hasPrefix(
                """
                rule         errors  warnings
                missing_key       1         1
                total             1         1

                language  errors  warnings
                l0             1         -
                l1             1         1
                l2             1         -

                """))
        #expect(report.hasSuffix("l29            1         -\n2 source files, 31 table files, 31 languages\n"))
    }
}
