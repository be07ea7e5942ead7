import Foundation
import Testing

/// End-to-end tests of `linza status` on Fixtures/Status, whose numbers are counted by hand.
///
/// Development keys (en): App › Localizable has 7 (greeting, farewell, cart.title,
/// cart.empty, ok, settings.title in the .strings, items.count in the .stringsdict);
/// App › Promotions has 4 (promo.banner, promo.code, promo.count, promo.old; promo.brand is
/// `shouldTranslate: false`, so not counted); Widget › Localizable has 2. 13 in all.
/// Code uses greeting, cart.title, settings.title, items.count, promo.banner, promo.code,
/// widget.title and widget.empty.
///
/// - en: all present; promo.old is stale (extractionState) → translated 12, stale 1: 92 %.
/// - de: Localizable: greeting, cart.title, items.count translated; cart.empty empty; ok the
///   English text (untranslated); farewell missing (unused), settings.title missing (used).
///   Promotions: banner, count translated; code needs_review; old stale. Widget: 2 translated.
///   → translated 3+2+2 = 7, missing 2 (used 1), empty 1, untranslated 1, review 1, stale 1: 7/13 = 53.8 → 53 %.
/// - fr: Localizable: 6 translated, items.count missing (no fr stringsdict; used).
///   Promotions: code translated; banner needs_review; count's `other` form empty; old stale.
///   Widget: title translated, empty missing (used).
///   → translated 6+1+1 = 8, missing 2 (used 2), review 1, empty 1, stale 1: 8/13 = 61.5 → 61 %.
/// - ru: no .lproj at all: Localizable's 7 missing (used: greeting, cart.title, settings.title,
///   items.count = 4; unused 3). Promotions: banner `new` → missing (used), code absent →
///   missing (used), count translated, old stale. Widget: 2 missing, both used.
///   → translated 1, missing 11 (used 8, unused 3), stale 1: 1/13 = 7.7 → 7 %.
@Suite struct StatusCommandTests {
    let fixture = LinzaBinary.repositoryRoot + "/Fixtures/Status"

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> LinzaBinary.Result {
        try LinzaBinary.run(
            ["status"] + arguments, in: fixture,
            environment: ["NO_COLOR": "1", "GITHUB_STEP_SUMMARY": ""].merging(environment) { $1 })
    }

    func expected(_ name: String) throws -> String { try Golden.text(name) }

    @Test func terminalOutputIsTheStoredOne() throws {
        for (arguments, file) in [
            ([String](), "status.txt"), (["--by", "module"], "status-by-module.txt"),
            (["--by", "table"], "status-by-table.txt"),
        ] {
            let result = try run(arguments)
            #expect(result.status == 0)
            #expect(result.standardError.isEmpty)
            try Golden.check(result.standardOutput, file)
            for line in result.standardOutput.split(separator: "\n") {
                #expect(line.count <= 80, "wider than 80 columns: \(line)")
            }
        }
    }

    @Test func machineFormatsAreTheStoredOnes() throws {
        for (format, file) in [("markdown", "status.md"), ("json", "status.json"), ("csv", "status.csv")] {
            let result = try run(["--format", format])
            #expect(result.status == 0)
            try Golden.check(result.standardOutput, file)
        }
    }

    @Test func percentagesMatchTheHandCount() throws {
        let json = try JSONSerialization.jsonObject(with: Data(try run(["--format", "json"]).standardOutput.utf8))
        let languages = try #require((json as? [String: Any])?["languages"] as? [[String: Any]])
        func counts(_ language: String) -> [String: Int] {
            (languages.first { $0["language"] as? String == language } ?? [:]).compactMapValues { $0 as? Int }
        }
        // keys, translated, percent, missing, used, unused, empty, untranslated, review, stale (see the suite's comment).
        let handCounted: [String: [Int]] = [
            "en": [13, 12, 92, 0, 0, 0, 0, 0, 0, 1],
            "de": [13, 7, 53, 2, 1, 1, 1, 1, 1, 1],
            "fr": [13, 8, 61, 2, 2, 0, 1, 0, 1, 1],
            "ru": [13, 1, 7, 11, 8, 3, 0, 0, 0, 1],
        ]
        let fields = [
            "keys", "translated", "percent", "missing", "missing_used", "missing_unused", "empty",
            "untranslated", "needs_review", "stale",
        ]
        for (language, numbers) in handCounted {
            let actual = counts(language)
            #expect(fields.map { actual[$0] ?? -1 } == numbers, "\(language)")
            // Every key lands in exactly one bucket.
            #expect(
                actual["translated"]! + actual["missing"]! + actual["empty"]! + actual["untranslated"]!
                    + actual["needs_review"]! + actual["stale"]! == actual["keys"]!)
        }
    }

    @Test func stringsdictAndCatalogStatesAreCountedPerTable() throws {
        let csv = try run(["--format", "csv"]).standardOutput
        // de's items.count comes from its .stringsdict: translated; fr has none: missing and used.
        #expect(csv.contains("App,Localizable,false,de,7,3,42,2,1,1,1,1,0,0\r\n"))
        #expect(csv.contains("App,Localizable,false,fr,7,6,85,1,1,0,0,0,0,0\r\n"))
        // fr's catalog: code translated, banner needs_review, count's other form empty, old stale.
        #expect(csv.contains("App,Promotions,false,fr,4,1,25,0,0,0,1,0,1,1\r\n"))
        // ru's catalog: banner `new` and code absent are missing (both used); count translated.
        #expect(csv.contains("App,Promotions,false,ru,4,1,25,2,2,0,0,0,0,1\r\n"))
    }

    @Test func minimumCoverageGatesTheExitCode() throws {
        let failing = try run(["--min-coverage", "50", "--format", "json"])
        #expect(failing.status == 1)
        #expect(failing.standardError == "linza: coverage below 50 % in ru (7 %)\n")
        #expect(try run(["--min-coverage", "50", "--language", "de", "--language", "FR"]).status == 0)
        let exact = try run(["--min-coverage", "53.9", "--language", "de"])
        #expect(exact.status == 1, "53.8 % is below 53.9 % even though both round down to 53")
        #expect(try run(["--min-coverage", "7"]).status == 0)
    }

    @Test func usageErrorsAreExitTwo() throws {
        let unknown = try run(["--min-coverage", "90", "--language", "xx"])
        #expect(unknown.status == 2)
        #expect(
            unknown.standardError.contains("--language xx: the project has no such language; it has de, en, fr, ru"))
        #expect(try run(["--min-coverage", "101"]).status == 2)
        #expect(try run(["--language", "de"]).status == 2)
        #expect(try run(["--format", "yaml"]).status == 2)
    }

    @Test func unreadableInputStillReportsButExitsTwo() throws {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("status-input-\(UUID())")
        defer { try? FileManager.default.removeItem(at: project) }
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try "\"hello\" = \"Hello\";\n".write(
            to: project.appendingPathComponent("en.lproj/Localizable.strings"),
            atomically: true, encoding: .utf8)
        try Data([0x6C, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0x0A]).write(to: project.appendingPathComponent("Broken.swift"))
        try "{}\n".write(to: project.appendingPathComponent(".linza.yml"), atomically: true, encoding: .utf8)
        let result = try LinzaBinary.run(["status"], in: project.path, environment: ["NO_COLOR": "1"])
        #expect(result.status == 2)
        #expect(result.standardOutput.hasPrefix("1 development key (en) in 1 table, 1 language\n"))
        #expect(result.standardError.contains("Broken.swift:1:"))
    }

    @Test func compareShowsChangesPerLanguage() throws {
        let previous = FileManager.default.temporaryDirectory.appendingPathComponent("status-previous-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: previous) }
        // Then: de had 5 of 13 (38 %), en 12 of 12 (100 %), fr as now, ru did not exist.
        try """
        {"schema": 1, "languages": [{"language": "de", "keys": 13, "translated": 5},
          {"language": "en", "keys": 12, "translated": 12}, {"language": "fr", "keys": 13, "translated": 8}]}
        """.write(to: previous, atomically: true, encoding: .utf8)
        let text = try run(["--compare", previous.path])
        #expect(text.status == 0)
        // Columns aligned by spaces; compared with runs of spaces folded to one.
        let rows = text.standardOutput.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.contains { $0.hasPrefix("de ") && $0.hasSuffix(" 53 % 7/13 missing 2 (used 1) +2 (+15 %)") })
        #expect(rows.contains { $0.hasPrefix("en ") && $0.hasSuffix(" 92 % 12/13 ±0 (-8 %)") })
        #expect(rows.contains { $0.hasPrefix("fr ") && $0.hasSuffix(" 61 % 8/13 missing 2 (used 2) ±0 (±0 %)") })
        #expect(rows.contains { $0.hasPrefix("ru ") && $0.hasSuffix(" 7 % 1/13 missing 11 (used 8) new") })
        let markdown = try run(["--compare", previous.path, "--format", "markdown"]).standardOutput
        #expect(markdown.contains("| Change |"))
        #expect(markdown.contains("| +2 (+15 %) |"))
        let json = try run(["--compare", previous.path, "--format", "json"]).standardOutput
        #expect(json.contains(#""change": {"#) && json.contains(#""percent": 15"#) && json.contains(#""change": null"#))
    }

    @Test func malformedComparisonIsExitTwo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("status-bad-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try "{\"schema\": 2, \"languages\": []}".write(to: file, atomically: true, encoding: .utf8)
        let wrongSchema = try run(["--compare", file.path])
        #expect(wrongSchema.status == 2)
        #expect(
            wrongSchema.standardError
                == "\(file.path):1:12: error: status schema 2 is not supported; this Linza reads schema 1\n")
        try "{\"schema\": 1, \"languages\": [".write(to: file, atomically: true, encoding: .utf8)
        let broken = try run(["--compare", file.path])
        #expect(broken.status == 2)
        #expect(broken.standardError.hasPrefix("\(file.path):1:"))
        #expect(broken.standardError.contains("not valid JSON"))
        let missing = try run(["--compare", "/nonexistent/status.json"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("cannot read the report to compare with"))
    }

    @Test func markdownGoesToTheJobSummaryToo() throws {
        let summary = FileManager.default.temporaryDirectory.appendingPathComponent("step-summary-\(UUID()).md")
        defer { try? FileManager.default.removeItem(at: summary) }
        try "earlier step\n".write(to: summary, atomically: true, encoding: .utf8)
        let result = try run(["--format", "markdown"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(result.status == 0)
        try Golden.check(result.standardOutput, "status.md")
        #expect(try String(contentsOf: summary, encoding: .utf8) == "earlier step\n" + (try expected("status.md")))
        // With --output, the report goes only there.
        let output = summary.deletingLastPathComponent().appendingPathComponent("status-\(UUID()).md")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try run(
            ["--format", "markdown", "--output", output.path], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(try String(contentsOf: summary, encoding: .utf8) == "earlier step\n" + (try expected("status.md")))
        #expect(try String(contentsOf: output, encoding: .utf8) == (try expected("status.md")))
    }

    #if os(Linux)
    /// util-linux's `script` runs the command on a pseudo-terminal, as a person's shell would.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux's script"))
    func colourOnlyOnATerminalWithoutNoColor() throws {
        func onTerminal(_ environment: [String: String]) throws -> String {
            try ChildProcess.run(
                "/usr/bin/script", ["-qec", "'\(LinzaBinary.path)' status", "/dev/null"], in: fixture,
                environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm"].merging(environment) { $1 },
                inheritsEnvironment: false
            ).standardOutput
        }
        #expect(try onTerminal([:]).contains("\u{1B}[31m"))
        #expect(!(try onTerminal(["NO_COLOR": "1"])).contains("\u{1B}["))
        let piped = try ChildProcess.run(
            LinzaBinary.path, ["status"], in: fixture, environment: ["TERM": "xterm"],
            inheritsEnvironment: false)
        #expect(!piped.standardOutput.contains("\u{1B}["), "a pipe gets no colour")
    }
    #endif

    @Test func helpListsStatus() throws {
        let help = try LinzaBinary.run(["help"], in: fixture)
        #expect(help.standardOutput.contains("status"))
        #expect(try LinzaBinary.run(["help", "status"], in: fixture).standardOutput.contains("--min-coverage"))
    }
}
