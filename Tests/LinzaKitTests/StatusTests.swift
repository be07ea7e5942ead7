@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaSetup
@testable import LinzaTables
import LinzaTestSupport
@testable import LinzaWriting
import Testing

/// The status computation on small projects written for each case, and the renderers on
/// reports built by hand.
@Suite struct StatusTests {
    func status(_ files: [String: String], configuration: String) throws -> StatusReport {
        let directory = TemporaryDirectory()
        for (path, text) in files { directory.write(path, text) }
        let config = directory.write(".linza.yml", configuration)
        let (report, failures) = Linter(configuration: try ConfigurationLoader.load(file: config))
            .status(projectRoot: directory.path)
        #expect(failures.isEmpty)
        return report
    }

    func counts(_ report: StatusReport, _ table: String, _ language: String) -> StatusCounts? {
        report.modules.first?.tables.first { $0.name == table }?.languages.first { $0.language == language }?.counts
    }

    @Test func baseInterfaceTablesVariantsAndUnreadableTables() throws {
        let report = try status(
            [
                "Base.lproj/Main.strings": #""abc-de-fgh.text" = "Sign in"; "xyz-ab-cde.title" = "Welcome";"#,
                "Base.lproj/Localizable.strings": #""hello" = "Hello"; "bye" = "Bye";"#,
                "en.lproj/Localizable.strings": #""later" = "Later";"#,
                "en-GB.lproj/Localizable.strings": #""hello" = "Hello"; "bye" = "Cheerio"; "later" = "Later";"#,
                "de.lproj/Localizable.strings": #""hello" = "Hallo" "bye" = "Tschüss";"#,  // no `;`: unreadable
                "de.lproj/Main.strings": #""abc-de-fgh.text" = "Anmelden";"#,
                "App.swift": #"let text = NSLocalizedString("hello", comment: "")"#,
            ], configuration: "base_language: Base\nrequired_languages: [en, en-GB, de, fr]\n")
        // Base is merged into en: 3 Localizable keys; Main is an interface table.
        let main = try #require(report.modules.first?.tables.first { $0.name == "Main" })
        #expect(main.isInterface && main.keyCount == 2)
        #expect(counts(report, "Localizable", "en")?.translated == 3)
        // en-GB repeats en's texts rightly: a regional variant is never untranslated.
        #expect(counts(report, "Localizable", "en-GB")?.translated == 3)
        // de's Localizable.strings cannot be read: the app has none of its keys.
        let german = try #require(counts(report, "Localizable", "de"))
        #expect((german.missingUsed, german.missingUnused) == (1, 2))
        #expect(counts(report, "Main", "de")?.translated == 1)
        // fr is required but has no tables: everything missing.
        #expect(counts(report, "Main", "fr")?.missingUnused == 2)
        #expect(report.counts("fr").keys == 5 && report.counts("fr").missing == 5)
    }

    @Test func percentagesRoundDownAndThresholdsCompareExactly() {
        var counts = StatusCounts()
        counts.keys = 1000
        counts.translated = 996
        #expect(counts.percent == 99)
        #expect(!counts.isBelow(99.6) && counts.isBelow(99.61))
        #expect(StatusCounts().percent == 100 && !StatusCounts().isBelow(100))
        var less = counts
        less.translated = 995
        #expect(less.isLessComplete(than: counts) && !counts.isLessComplete(than: less))
    }

    /// A report with long language codes, big numbers, every bucket and a comparison.
    static let wideReport: StatusReport = {
        var full = StatusCounts()
        full.keys = 1_234_567
        full.translated = 1_000_000
        full.missingUsed = 123_456
        full.missingUnused = 100_000
        full.empty = 11_111
        full.needsReview = 1
        var languages = [
            "en", "zh-Hant-TW", "sr-Latn", "de", "fr", "ja", "ko", "pt-BR", "es-419", "uk", "ar", "he", "nb",
        ]
        .map { TableLanguageStatus(language: $0, counts: full) }
        languages[0].counts.translated = full.keys
        let tables = [
            TableStatus(name: "Localizable, \"main\"", isInterface: false, languages: languages),
            TableStatus(name: "InfoPlist", isInterface: true, languages: languages),
        ]
        return StatusReport(
            developmentLanguage: "en",
            modules: [
                ModuleStatus(name: "A very long module name, with a comma", developmentLanguage: "en", tables: tables),
                ModuleStatus(name: "Widgets", developmentLanguage: "en", tables: tables),
            ],
            projectRoot: "/", previous: StatusSnapshot(languages: ["de": StatusCounts()]))
    }()

    @Test(arguments: StatusGrouping.allCases)
    func terminalLinesFitEightyColumns(_ grouping: StatusGrouping) {
        let text = StatusTerminalRenderer(grouping: grouping).render(Self.wideReport)
        for line in text.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        #expect(!text.contains("\u{1B}"))
        #expect(
            StatusTerminalRenderer(colored: true, grouping: grouping).render(Self.wideReport).contains("\u{1B}[31m"))
    }

    @Test func csvQuotesFieldsThatNeedIt() {
        let csv = StatusCSV.render(Self.wideReport)
        #expect(csv.hasPrefix(StatusCSV.header.joined(separator: ",") + "\r\n"))
        #expect(csv.contains("\r\n\"A very long module name, with a comma\",\"Localizable, \"\"main\"\"\",false,en,"))
        #expect(
            csv.contains("Widgets,InfoPlist,true,zh-Hant-TW,1234567,1000000,81,223456,123456,100000,11111,0,1,0\r\n"))
    }

    @Test func snapshotsRoundTripAndBadOnesSayWhere() throws {
        let json = StatusJSON.render(Self.wideReport)
        let snapshot = try StatusSnapshot.parse(Array(json.utf8), path: "s.json")
        #expect(snapshot.languages["de"]?.translated == 4_000_000 && snapshot.languages["de"]?.keys == 4_938_268)
        #expect(throws: StatusSnapshotError.self) { try StatusSnapshot.parse(Array("[]".utf8), path: "s.json") }
        do {
            _ = try StatusSnapshot.parse(
                Array("{\"schema\": 1,\n \"languages\": [{\"language\": 3}]}".utf8), path: "s.json")
            Issue.record("accepted a language without counts")
        } catch {
            #expect(
                error.description == "s.json:2:16: error: a language needs \"language\", \"keys\" and \"translated\"")
        }
    }

    @Test func htmlEscapesNamesAndKeys() {
        var table = TableStatus(
            name: "<script>", isInterface: false,
            languages: [
                TableLanguageStatus(
                    language: "de", counts: StatusCounts(),
                    missingKeys: [MissingKey(key: "a&b<i>", isUsed: true)])
            ])
        table.languages[0].counts.keys = 1
        table.languages[0].counts.missingUsed = 1
        table.details["a&b<i>"] = KeyDetail(developmentText: "\"quoted\" <b>", callSites: [])
        let html = StatusHTML.render(
            StatusReport(
                developmentLanguage: "en",
                modules: [
                    ModuleStatus(name: nil, developmentLanguage: "en", tables: [table])
                ], projectRoot: "/"))
        #expect(!html.contains("<script>\"") && !html.contains("<i>") && !html.contains("<b>"))
        #expect(html.contains("<code>a&amp;b&lt;i&gt;</code>") && html.contains("&quot;quoted&quot; &lt;b&gt;"))
    }
}
