import Foundation
import Testing

/// `linza lint --xliff` on Fixtures/RoundTrip/App: an untouched export has no finding; an
/// export edited as translators get things wrong (a unit translated from an older source,
/// a placeholder of the wrong type, a plural category German lacks, a `translate="no"`
/// unit translated) is reported at those units' lines, with the rules' ids, by every
/// reporter and with lint's exit codes; `import --check` runs the same checks.
@Suite struct XLIFFLintCommandTests {
    static let fixture = LinzaBinary.repositoryRoot + "/Fixtures/RoundTrip"

    /// A fresh copy of the fixture app.
    func app() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-xliff-lint-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture + "/App", toPath: folder + "/App")
        return folder + "/App"
    }

    func remove(_ app: String) {
        try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent)
    }

    /// Each edit: the text exported, what a translator (or a service) made of it, and the
    /// id of the unit it is in.
    static let edits: [(from: String, to: String, unit: String)] = [
        (
            "<source>Library</source>\n        <target>Bibliothek</target>",
            "<source>Libary</source>\n        <target>Bibliothek</target>", "library.title"
        ),
        (
            "<target state=\"translated\">Von %1$@ nach %2$@</target>",
            "<target state=\"translated\">Von %1$@ nach %2$d</target>", "route %@ %@"
        ),
        (
            "<source>Linza Reader</source>\n        <note/>",
            "<source>Linza Reader</source>\n        <target>Linza Leser</target>\n        <note/>", "Linza Reader"
        ),
        (
            """
                  <trans-unit id="/books.count:dict/books:dict/one:dict/:string" xml:space="preserve">
                    <source>%d book &amp; more</source>
                    <note/>
            """,
            """
                  <trans-unit id="/books.count:dict/books:dict/few:dict/:string" xml:space="preserve">
                    <source>%d books &amp; more</source>
                    <target>%d Bücher &amp; mehr</target>
                    <note/>
                  </trans-unit>
                  <trans-unit id="/books.count:dict/books:dict/one:dict/:string" xml:space="preserve">
                    <source>%d book &amp; more</source>
                    <target>%d Buch &amp; mehr</target>
                    <note/>
            """, "/books.count:dict/books:dict/few:dict/:string"
        ),
        (
            """
                  <trans-unit id="/books.count:dict/books:dict/other:dict/:string" xml:space="preserve">
                    <source>%d books &amp; more</source>
                    <note/>
            """,
            """
                  <trans-unit id="/books.count:dict/books:dict/other:dict/:string" xml:space="preserve">
                    <source>%d books &amp; more</source>
                    <target>%d Bücher &amp; mehr</target>
                    <note/>
            """, "/books.count:dict/books:dict/other:dict/:string"
        ),
    ]

    /// Exports German to `l10n/de.xliff` in `app` and applies `edits` (each must apply once);
    /// returns the edited text.
    @discardableResult
    func editedExport(in app: String, edits: [(from: String, to: String, unit: String)] = Self.edits) throws
        -> String
    {
        let export = try LinzaBinary.run(
            ["export", "--language", "de", "--format", "xliff", "--output", "l10n"], in: app)
        #expect(export.status == 0, "\(export.standardError)")
        var text = try String(contentsOfFile: app + "/l10n/de.xliff", encoding: .utf8)
        for edit in edits {
            #expect(text.components(separatedBy: edit.from).count == 2, "the export has \(edit.from) once")
            text = text.replacingOccurrences(of: edit.from, with: edit.to)
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: app + "/l10n/de.xliff"))
        return text
    }

    /// The 1-based line of unit `id`'s `<trans-unit>` tag in `text`.
    func line(of id: String, in text: String) -> Int {
        let escaped = id.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let lines = text.components(separatedBy: "\n")
        return (lines.firstIndex { $0.contains("<trans-unit id=\"\(escaped)\"") } ?? -1) + 1
    }

    @Test func anUntouchedExportHasNoFinding() throws {
        let app = try app()
        defer { remove(app) }
        let export = try LinzaBinary.run(["export", "--output", "l10n"], in: app)
        #expect(export.status == 0, "\(export.standardError)")
        let result = try LinzaBinary.run(["lint", "--xliff", "l10n/de.xcloc", "l10n/ru.xcloc"], in: app)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("Linza: 0 errors, 0 warnings in 2 XLIFF files (de, ru)"))
    }

    @Test func editedUnitsAreReportedAtTheirLines() throws {
        let app = try app()
        defer { remove(app) }
        let text = try editedExport(in: app)
        let result = try LinzaBinary.run(["lint", "--xliff", "l10n/de.xliff"], in: app)
        #expect(result.status == 1, "\(result.standardError)")
        func at(_ id: String) -> String { "l10n/de.xliff:\(line(of: id, in: text)):7" }
        #expect(
            result.standardOutput.split(separator: "\n").map(String.init) == [
                "\(at("Linza Reader")): warning: 'Linza Reader' is marked translate=\"no\" "
                    + "but translated as 'Linza Leser' instead of 'Linza Reader'; import does not apply it "
                    + "[should_not_translate]",
                "\(at("route %@ %@")): error: the format of 'route %@ %@' in de does not match en: argument 2 is an "
                    + "int (%d) where it is an object (%@) [format_mismatch]",
                "\(at("route %@ %@")): note: 'route %@ %@' in en is here",
                "\(at("library.title")): warning: 'library.title' was translated from 'Libary'; the source is now "
                    + "'Library', so import does not apply it (--accept-changed-source does) [stale_source]",
                "\(at("/books.count:dict/books:dict/few:dict/:string")): warning: "
                    + "'/books.count:dict/books:dict/few:dict/:string' is a form for few, which de never selects "
                    + "(de uses one, other), so import does not apply it [unused_plural_category]",
            ])
        #expect(result.standardError.contains("Linza: 1 error, 3 warnings in 1 XLIFF file (de)"))
    }

    @Test func everyReporterCarriesTheFindings() throws {
        let app = try app()
        defer { remove(app) }
        let text = try editedExport(in: app)
        let rules = ["should_not_translate", "format_mismatch", "stale_source", "unused_plural_category"]
        let lines = [
            "Linza Reader", "route %@ %@", "library.title", "/books.count:dict/books:dict/few:dict/:string",
        ].map { line(of: $0, in: text) }
        for reporter in [
            "xcode", "json", "sarif", "github-actions", "checkstyle", "junit", "gitlab", "markdown", "html", "summary",
        ] {
            let result = try LinzaBinary.run(["lint", "--xliff", "--reporter", reporter, "l10n/de.xliff"], in: app)
            #expect(result.status == 1, "\(reporter): \(result.standardError)")
            for rule in rules { #expect(result.standardOutput.contains(rule), "\(reporter) names \(rule)") }
            if reporter != "summary" {
                #expect(result.standardOutput.contains("de.xliff"), "\(reporter) names the file")
            }
        }
        let json = try LinzaBinary.run(["lint", "--xliff", "--reporter", "json", "l10n/de.xliff"], in: app)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == rules)
        #expect(findings.map { $0["line"] as? Int } == lines)
        #expect(findings.allSatisfy { ($0["file"] as? String)?.hasSuffix("/l10n/de.xliff") == true })
        #expect(findings.allSatisfy { $0["language"] as? String == "de" && $0["column"] as? Int == 7 })
        #expect(
            findings.map { $0["key"] as? String } == ["Linza Reader", "route %@ %@", "library.title", "books.count"])
        let sarif = try LinzaBinary.run(["lint", "--xliff", "--reporter", "sarif", "l10n/de.xliff"], in: app)
        let log = try #require(
            try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == rules)
        let regions = results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
                as? [String: Any]
        }
        #expect(regions.map { $0["startLine"] as? Int } == lines)
    }

    @Test func exitCodesAreLints() throws {
        let app = try app()
        defer { remove(app) }
        try editedExport(in: app)
        let lenient = try LinzaBinary.run(["lint", "--xliff", "--lenient", "l10n/de.xliff"], in: app)
        #expect(lenient.status == 0, "\(lenient.standardError)")
        #expect(lenient.standardOutput.contains("warning: the format of 'route %@ %@'"))
        // Warnings only: exit 0, and 1 with --strict.
        try editedExport(in: app, edits: Self.edits.filter { $0.unit != "route %@ %@" })
        let warnings = try LinzaBinary.run(["lint", "--xliff", "l10n/de.xliff"], in: app)
        #expect(warnings.status == 0, "\(warnings.standardError)")
        #expect(warnings.standardOutput.contains("[stale_source]"))
        let strict = try LinzaBinary.run(["lint", "--xliff", "--strict", "l10n/de.xliff"], in: app)
        #expect(strict.status == 1)
        // Configured off: not reported.
        let configuration = try String(contentsOfFile: app + "/.linza.yml", encoding: .utf8)
        try Data((configuration + "rules:\n  stale_source: off\n").utf8).write(
            to: URL(fileURLWithPath: app + "/.linza.yml"))
        let off = try LinzaBinary.run(["lint", "--xliff", "l10n/de.xliff"], in: app)
        #expect(!off.standardOutput.contains("[stale_source]"), "\(off.standardOutput)")
        #expect(off.standardOutput.contains("[should_not_translate]"))
        // Linza could not do its job: exit 2.
        try Data("<?xml version=\"1.0\"?>\n<xliff version=\"1.2\">\n  <file>\n".utf8).write(
            to: URL(fileURLWithPath: app + "/broken.xliff"))
        let broken = try LinzaBinary.run(["lint", "--xliff", "broken.xliff"], in: app)
        #expect(broken.status == 2)
        #expect(broken.standardError.contains("broken.xliff:"))
        #expect(broken.standardError.contains("nothing was checked"))
        let missing = try LinzaBinary.run(["lint", "--xliff", "nothing.xliff"], in: app)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("nothing.xliff: no such file"))
        let none = try LinzaBinary.run(["lint", "--xliff"], in: app)
        #expect(none.status == 2)
        let staged = try LinzaBinary.run(["lint", "--xliff", "--staged", "l10n/de.xliff"], in: app)
        #expect(staged.status == 2)
        #expect(staged.standardError.contains("--staged does not apply to --xliff"))
    }

    @Test func aFileNamingNoTableIsOneFinding() throws {
        let app = try app()
        defer { remove(app) }
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Old/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
                <body>
                  <trans-unit id="a" xml:space="preserve"><source>A</source><target>A</target></trans-unit>
                  <trans-unit id="b" xml:space="preserve"><source>B %@</source><target>B</target></trans-unit>
                </body>
              </file>
            </xliff>

            """
        try Data(xliff.utf8).write(to: URL(fileURLWithPath: app + "/old.xliff"))
        let result = try LinzaBinary.run(["lint", "--xliff", "old.xliff"], in: app)
        #expect(result.status == 1)
        #expect(
            result.standardOutput.split(separator: "\n").map(String.init) == [
                "old.xliff:3:3: warning: Old/en.lproj/Localizable.strings is no table of the project (original= "
                    + "names the development table, relative to the folder of .linza.yml): import applies none of "
                    + "its 2 translated units [stale_source]",
                "old.xliff:6:7: error: the format of 'b' in de does not match en: argument 1, an object (%@), is "
                    + "missing [format_mismatch]",
                "old.xliff:6:7: note: 'b' in en is here",
            ])
    }

    /// `import --check` fails on an error-level finding of the targets even when nothing
    /// would change: here the German table already has the wrong placeholder the XLIFF carries.
    @Test func importCheckRunsTheSameChecks() throws {
        let app = try app()
        defer { remove(app) }
        let german = app + "/Resources/de.lproj/Localizable.strings"
        let tables = try String(contentsOfFile: german, encoding: .utf8)
        try Data(tables.replacingOccurrences(of: "\"Bibliothek\"", with: "\"Bibliothek %@\"").utf8).write(
            to: URL(fileURLWithPath: german))
        try Data(
            try String(contentsOfFile: app + "/Resources/en.lproj/Localizable.strings", encoding: .utf8)
                .replacingOccurrences(of: "\"Library\"", with: "\"Library %d\"").utf8
        ).write(to: URL(fileURLWithPath: app + "/Resources/en.lproj/Localizable.strings"))
        let text = try editedExport(in: app, edits: [])
        let result = try LinzaBinary.run(["import", "--check", "l10n/de.xliff"], in: app)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(
            result.standardOutput == "l10n/de.xliff:\(line(of: "library.title", in: text)):7: error: the format of "
                + "'library.title' in de does not match en: argument 1 is an object (%@) where it is an int (%d) "
                + "[format_mismatch]\n")
        #expect(result.standardError.contains("0 texts to set"))
    }
}
