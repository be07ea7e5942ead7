@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
@testable import LinzaWriting
import Testing

@Suite struct ReporterTests {
    static let diagnostics = [
        Diagnostic(
            ruleID: "missing_key", severity: .error,
            message: "'login.title' is missing in ru (ru.lproj/Localizable.strings)",
            location: Location(file: "/p/App/Login.swift", line: 12, column: 23),
            notes: [
                DiagnosticNote(
                    "ru.lproj/Localizable.strings has no 'login.title'",
                    at: Location(file: "/p/ru.lproj/Localizable.strings", line: 9, column: 1)),
                DiagnosticNote("a note without a place"),
            ],
            key: "login.title", language: "ru", table: "Localizable"),
        Diagnostic(
            ruleID: "dynamic_key", severity: .warning, message: "the key is not a literal",
            location: Location(file: "/p/App/Menu.swift", line: 3, column: 5)),
    ]

    @Test func xcodeFormat() {
        #expect(
            XcodeReporter().report(Self.diagnostics) == """
                /p/App/Login.swift:12:23: error: 'login.title' is missing in ru (ru.lproj/Localizable.strings) [missing_key]
                /p/ru.lproj/Localizable.strings:9:1: note: ru.lproj/Localizable.strings has no 'login.title'
                /p/App/Login.swift:12:23: note: a note without a place
                /p/App/Menu.swift:3:5: warning: the key is not a literal [dynamic_key]

                """)
    }

    static let hostile = [
        Diagnostic(
            ruleID: "missing_key", severity: .error,
            message: "'<a & \"b\">' is 50% missing\nsecond line",
            location: Location(file: "/p/Dir, with: odd/A.swift", line: 1, column: 2), key: "k")
    ]

    func context(_ diagnostics: [Diagnostic]) -> ReportContext {
        ReportContext(diagnostics: diagnostics, projectRoot: "/p", toolVersion: "9.9")
    }

    @Test func xmlEscapesEverythingXMLCannotHoldAsIs() {
        let checkstyle = CheckstyleReporter().report(context(Self.hostile))
        #expect(
            checkstyle.contains(#"message="&apos;&lt;a &amp; &quot;b&quot;&gt;&apos; is 50% missing&#10;second line""#))
        let junit = JUnitReporter().report(context(Self.hostile))
        #expect(junit.contains(#"name="Dir, with: odd/A.swift:1:2""#))
        #expect(!junit.contains("<a"))
    }

    @Test func sarifURIsArePercentEncodedAndRelative() {
        // An unencoded ':' would make "Dir, with: odd" read as a URI scheme.
        #expect(SARIFReporter().report(context(Self.hostile)).contains(#""uri": "Dir%2C%20with%3A%20odd/A.swift""#))
    }

    @Test func junitFailsWarningsOnlyWhenStrict() {
        var strict = context(Self.diagnostics)
        #expect(JUnitReporter().report(strict).contains(#"failures="1" errors="0" skipped="1""#))
        strict.warningsFail = true
        let report = JUnitReporter().report(strict)
        #expect(report.contains(#"failures="2" errors="0" skipped="0""#))
        #expect(report.contains(#"<failure type="warning" message="the key is not a literal">"#))
    }

    @Test func githubCommandsEscapeDataAndProperties() {
        #expect(
            GitHubActionsReporter().report(context(Self.hostile)) == """
                ::error file=Dir%2C with%3A odd/A.swift,line=1,col=2,title=Linza missing_key::'<a & "b">' is 50%25 missing%0Asecond line

                """)
    }

    @Test func fingerprintsIgnoreLinesButTellRepeatsApart() {
        let moved = Self.hostile.map { diagnostic -> Diagnostic in
            var copy = diagnostic
            copy.location.line = 40
            return copy
        }
        #expect(
            Fingerprint.all(Self.hostile, context: context(Self.hostile))
                == Fingerprint.all(moved, context: context(moved)))
        let twice = Fingerprint.all(Self.hostile + moved, context: context(Self.hostile + moved))
        #expect(Set(twice).count == 2)
    }

    @Test func summaryColoursOnlyWhenAsked() {
        var colored = context(Self.hostile)
        colored.colored = true
        #expect(SummaryReporter().report(colored).contains("\u{1B}[31m"))
        #expect(!SummaryReporter().report(context(Self.hostile)).contains("\u{1B}"))
    }

    @Test func outputOrderIsByFileLineColumnAndDuplicatesGo() {
        let sorted = (Self.diagnostics.reversed() + Self.diagnostics).sortedForOutput()
        #expect(sorted == Self.diagnostics)
    }

    @Test func usageListingJSON() {
        let usages = [
            LocalizationUsage(
                function: "NSLocalizedString", key: .literal("a\"b"), table: .named("Localizable"),
                location: Location(file: "/p/A.swift", line: 1, column: 27)),
            LocalizationUsage(
                function: "L10n.tr", key: .dynamic(prefix: "x."), table: .dynamic,
                location: Location(file: "/p/B.swift", line: 2, column: 3)),
        ]
        #expect(
            UsageListing.json(usages) == """
                [
                  {
                    "file": "/p/A.swift",
                    "line": 1,
                    "column": 27,
                    "function": "NSLocalizedString",
                    "key": "a\\"b",
                    "prefix": null,
                    "table": "Localizable"
                  },
                  {
                    "file": "/p/B.swift",
                    "line": 2,
                    "column": 3,
                    "function": "L10n.tr",
                    "key": null,
                    "prefix": "x.",
                    "table": null
                  }
                ]

                """)
        #expect(
            UsageListing.text(usages) == """
                /p/A.swift:1:27: NSLocalizedString 'a"b' (table Localizable)
                /p/B.swift:2:3: L10n.tr <dynamic key starting 'x.'> (dynamic table)

                """)
    }

    /// A key with a line break stays on its call's line (Simplenote's multi-line key
    /// split one call over three lines).
    @Test func usageListingTextEscapesLineBreaks() {
        let usages = [
            LocalizationUsage(
                function: "NSLocalizedString", key: .literal("Sign in\nto sync"), table: .named("Localizable"),
                location: Location(file: "/p/A.swift", line: 1, column: 27)),
            LocalizationUsage(
                function: "L10n.tr", key: .dynamic(prefix: "row\t"), table: .dynamic,
                location: Location(file: "/p/B.swift", line: 2, column: 3)),
        ]
        #expect(
            UsageListing.text(usages) == """
                /p/A.swift:1:27: NSLocalizedString 'Sign in\\nto sync' (table Localizable)
                /p/B.swift:2:3: L10n.tr <dynamic key starting 'row\\t'> (dynamic table)

                """)
    }
}

/// `Messages.quoted` copies keys with nothing to escape whole; the rest go scalar by scalar.
@Suite struct QuotedKeyTests {
    @Test func escapesLineBreaksAndControlCharactersOnly() {
        #expect(Messages.quoted("login.title") == "'login.title'")
        #expect(Messages.quoted("Переводы «ёж» 日本 é 🍕") == "'Переводы «ёж» 日本 é 🍕'")
        #expect(Messages.quoted("a\nb\tc\rd") == "'a\\nb\\tc\\rd'")
        #expect(Messages.quoted("bell\u{7}del\u{7F}") == "'bell\\u{7}del\\u{7F}'")
        // Two-byte and three-byte escaped scalars next to unescaped ones with the same lead byte.
        #expect(Messages.quoted("nel\u{85}nbsp\u{A0}") == "'nel\\u{85}nbsp\u{A0}'")
        #expect(Messages.quoted("ls\u{2028}ps\u{2029}dash\u{2014}") == "'ls\\u{2028}ps\\u{2029}dash\u{2014}'")
        #expect(Messages.quoted("") == "''")
    }
}
