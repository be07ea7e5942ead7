import Foundation
import Testing

/// `linza import` on Fixtures/RoundTrip/App: an untouched export imported changes no byte;
/// Fixtures/Importing/de.xliff (an export a translator edited) gives exactly the tables in
/// Fixtures/Importing/Expected, and every unit it must not apply is reported at its line.
@Suite struct ImportCommandTests {
    static let fixture = LinzaBinary.repositoryRoot + "/Fixtures/RoundTrip"
    static let importing = LinzaBinary.repositoryRoot + "/Fixtures/Importing"
    static let tables = [
        "Resources/Catalog.xcstrings", "Resources/en.lproj/Empty.strings", "Resources/en.lproj/Localizable.strings",
        "Resources/en.lproj/Plurals.stringsdict", "Resources/de.lproj/Localizable.strings",
        "Resources/ru.lproj/Localizable.strings", "Resources/ru.lproj/Plurals.stringsdict",
    ]

    /// A fresh copy of the fixture app.
    func app() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-import-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture + "/App", toPath: folder + "/App")
        return folder + "/App"
    }

    func read(_ path: String) -> Data? {
        try? Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test func anUntouchedExportImportedChangesNoByte() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        let before = Self.tables.map { read(app + "/" + $0) }
        let export = try LinzaBinary.run(["export", "--output", "../out"], in: app)
        #expect(export.status == 0, "\(export.standardError)")
        let result = try LinzaBinary.run(["import", "--apply", "../out/de.xcloc", "../out/ru.xcloc"], in: app)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("0 texts to set, 25 already there, 0 not applied"))
        #expect(result.standardError.contains("linza: nothing to do"))
        #expect(Self.tables.map { read(app + "/" + $0) } == before)
        #expect(read(app + "/Resources/de.lproj/Plurals.stringsdict") == nil, "no table made for nothing")
        let check = try LinzaBinary.run(["import", "--check", "../out/de.xcloc", "../out/ru.xcloc"], in: app)
        #expect(check.status == 0, "\(check.standardError)")
    }

    @Test func editedTranslationsGiveTheExpectedTablesAndTheRestIsReported() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        let xliff = Self.importing + "/de.xliff"
        let before = Self.tables.map { read(app + "/" + $0) }
        // Without --apply: the diff, nothing written; --check: exit 1.
        let shown = try LinzaBinary.run(["import", xliff], in: app)
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput.contains("+\"library.search\" = \"Titel & Autoren suchen\";"))
        #expect(shown.standardError.contains("nothing was written"))
        #expect(Self.tables.map { read(app + "/" + $0) } == before)
        let check = try LinzaBinary.run(["import", "--check", xliff], in: app)
        #expect(check.status == 1)

        let result = try LinzaBinary.run(["import", "--apply", xliff], in: app)
        #expect(result.status == 0, "\(result.standardError)")
        let skipped = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            skipped == [
                "\(xliff):18:7: warning: plural category few is not one de has (one, other); not applied "
                    + "['files.count|==|plural.few']",
                "\(xliff):30:7: warning: translated a unit marked translate=\"no\"; "
                    + "not applied ['Linza Reader']",
                "\(xliff):93:7: warning: unknown key: Resources/en.lproj/Localizable.strings has no unit "
                    + "'about.nope' today ['about.nope']",
                "\(xliff):109:7: warning: stale source: the unit was translated from 'She said \"hi\"', the source "
                    + "is now 'She said \"hello\"'; not applied (--accept-changed-source applies it) ['quote']",
            ])
        #expect(
            result.standardError.contains("linza: 7 texts to set, 10 already there, 4 not applied, 6 without a target"))
        for table in [
            "Resources/Catalog.xcstrings", "Resources/de.lproj/Localizable.strings",
            "Resources/de.lproj/Plurals.stringsdict",
        ] {
            #expect(read(app + "/" + table) == read(Self.importing + "/Expected/" + table), "\(table)")
        }
        // Untouched tables keep every byte.
        for (table, bytes) in zip(Self.tables, before) where !table.hasPrefix("Resources/de.lproj") {
            if table != "Resources/Catalog.xcstrings" { #expect(read(app + "/" + table) == bytes, "\(table)") }
        }
        // A second import plans nothing (the skipped units are still reported).
        let again = try LinzaBinary.run(["import", "--apply", xliff], in: app)
        #expect(again.standardError.contains("linza: 0 texts to set, 17 already there, 4 not applied"))
        #expect(again.standardError.contains("linza: nothing to do"))
        // The stale unit, applied on request.
        let accepted = try LinzaBinary.run(["import", "--apply", "--accept-changed-source", xliff], in: app)
        #expect(accepted.status == 0, "\(accepted.standardError)")
        let german = String(decoding: read(app + "/Resources/de.lproj/Localizable.strings") ?? Data(), as: UTF8.self)
        #expect(german.contains("\"quote\" = \"Sie sagte \\\"hi\\\"\";"))
    }

    @Test func badInputIsAPositionedErrorAndWritesNothing() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        try Data("<?xml version=\"1.0\"?>\n<xliff version=\"1.2\">\n  <file>\n".utf8).write(
            to: URL(fileURLWithPath: app + "/broken.xliff"))
        let broken = try LinzaBinary.run(["import", "--apply", "broken.xliff"], in: app)
        #expect(broken.status == 2)
        #expect(broken.standardError.contains("broken.xliff:"))
        #expect(broken.standardError.contains("nothing was written"))
        let missing = try LinzaBinary.run(["import", "nothing.xliff"], in: app)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("nothing.xliff: no such file"))
    }

    @Test func aChineseRegionCodeMeansTheProjectsScript() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        // The project gains zh-Hans; a service sends zh-CN.
        try FileManager.default.createDirectory(
            atPath: app + "/Resources/zh-Hans.lproj", withIntermediateDirectories: true)
        try Data("\"library.title\" = \"书\";\n".utf8).write(
            to: URL(fileURLWithPath: app + "/Resources/zh-Hans.lproj/Localizable.strings"))
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Resources/en.lproj/Localizable.strings" source-language="en" target-language="zh-CN" datatype="plaintext">
                <body>
                  <trans-unit id="library.title" xml:space="preserve">
                    <source>Library</source>
                    <target>图书馆</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """
        try Data(xliff.utf8).write(to: URL(fileURLWithPath: app + "/zh-CN.xliff"))
        let result = try LinzaBinary.run(["import", "--apply", "zh-CN.xliff"], in: app)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            read(app + "/Resources/zh-Hans.lproj/Localizable.strings") == Data("\"library.title\" = \"图书馆\";\n".utf8))
        #expect(read(app + "/Resources/zh-CN.lproj/Localizable.strings") == nil)
    }

    /// The same in a String Catalog, whose languages `import` reads without loading the
    /// catalog's entries as `lint` does: zh-CN means the catalog's zh-Hans.
    @Test func aChineseRegionCodeMeansTheCatalogsScript() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        let catalog = app + "/Resources/Catalog.xcstrings"
        let text = try String(contentsOfFile: catalog, encoding: .utf8)
        // After "en", in Xcode's order.
        let english = """
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "From %1$@ to %2$@"
                      }
                    }
            """
        #expect(text.contains(english))
        try Data(
            text.replacingOccurrences(
                of: english,
                with: english + ",\n"
                    + english.replacingOccurrences(of: "\"en\"", with: "\"zh-Hans\"")
                    .replacingOccurrences(of: "From %1$@ to %2$@", with: "从%1$@到%2$@")
            ).utf8
        ).write(to: URL(fileURLWithPath: catalog))
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Resources/Catalog.xcstrings" source-language="en" target-language="zh-CN" datatype="plaintext">
                <body>
                  <trans-unit id="route %@ %@" xml:space="preserve">
                    <source>From %1$@ to %2$@</source>
                    <target>从%1$@前往%2$@</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """
        try Data(xliff.utf8).write(to: URL(fileURLWithPath: app + "/zh-CN.xliff"))
        let result = try LinzaBinary.run(["import", "--apply", "zh-CN.xliff"], in: app)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let written = try String(contentsOfFile: catalog, encoding: .utf8)
        #expect(written.contains("\"value\" : \"从%1$@前往%2$@\""))
        #expect(!written.contains("\"zh-CN\""))
    }
}
