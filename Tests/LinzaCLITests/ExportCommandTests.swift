import Foundation
import Testing

/// `linza export` on Fixtures/RoundTrip/App: every table format, plurals (a `zero` form, a
/// language with more categories), device variations, substitutions, catalog states, a key
/// not to translate, text that needs XML escaping, an empty table and a key only code has.
/// The expected bytes are in Fixtures/RoundTrip/Expected (docs/ROUNDTRIP.md has the facts
/// each follows).
@Suite struct ExportCommandTests {
    static let fixture = LinzaBinary.repositoryRoot + "/Fixtures/RoundTrip"
    static let tables = [
        "Resources/Catalog.xcstrings", "Resources/en.lproj/Empty.strings", "Resources/en.lproj/Localizable.strings",
        "Resources/en.lproj/Plurals.stringsdict",
    ]

    /// A fresh copy of the fixture app, and a folder to export to.
    func app() throws -> (app: String, output: String) {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-export-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture + "/App", toPath: folder + "/App")
        return (folder + "/App", folder + "/out")
    }

    func read(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func files(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func xclocIsXcodesLayoutWithTheExpectedBytes() throws {
        let (app, output) = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        let result = try LinzaBinary.run(
            ["export", "--language", "de", "--output", "../out", "--include-missing"], in: app)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("linza: exported de: 27 units from 4 tables to "))
        let bundle = output + "/de.xcloc"
        #expect(try read(bundle + "/contents.json") == read(Self.fixture + "/Expected/de.xcloc/contents.json"))
        #expect(
            try read(bundle + "/Localized Contents/de.xliff")
                == read(Self.fixture + "/Expected/de.xcloc/Localized Contents/de.xliff"))
        for table in Self.tables {
            #expect(try read(bundle + "/Source Contents/" + table) == read(app + "/" + table), "\(table)")
        }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: bundle + "/Notes", isDirectory: &isFolder) && isFolder.boolValue)
        #expect(
            files(under: bundle)
                == [
                    "Localized Contents", "Localized Contents/de.xliff", "Notes", "Source Contents",
                    "Source Contents/Resources",
                ]
                + ["Source Contents/Resources/Catalog.xcstrings", "Source Contents/Resources/en.lproj"]
                + Self.tables.dropFirst().map { "Source Contents/" + $0 } + ["contents.json"])
        // Exporting again replaces the earlier export with the same bytes.
        let again = try LinzaBinary.run(
            ["export", "--language", "de", "--output", "../out", "--include-missing"], in: app)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(
            try read(bundle + "/Localized Contents/de.xliff")
                == read(Self.fixture + "/Expected/de.xcloc/Localized Contents/de.xliff"))
    }

    @Test func xliffFilesForAnotherLanguageAndTheDevelopmentLanguage() throws {
        let (app, output) = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        let result = try LinzaBinary.run(
            [
                "export", "--format", "xliff", "--language", "ru", "--language", "en", "--output", output,
                "--xcode-version", "15.3", "--xcode-build", "15E204a",
            ], in: app)
        #expect(result.status == 0, "\(result.standardError)")
        for language in ["ru", "en"] {
            #expect(
                try read(output + "/\(language).xliff") == read(Self.fixture + "/Expected/\(language).xliff"),
                "\(language).xliff")
        }
        #expect(files(under: output) == ["en.xliff", "ru.xliff"])
    }

    @Test func dryRunListsAndWritesNothing() throws {
        let (app, output) = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        let result = try LinzaBinary.run(["export", "--dry-run", "--output", output], in: app)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("create \(output)/de.xcloc/Localized Contents/de.xliff ("))
        #expect(result.standardOutput.contains("create \(output)/ru.xcloc/contents.json ("))
        #expect(!result.standardOutput.contains("en.xcloc"), "the development language only when asked")
        #expect(result.standardError.contains("nothing was written (--dry-run)"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func refusesToOverwriteWhatIsNoEarlierExportAndWritesNothing() throws {
        let (app, output) = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        try FileManager.default.createDirectory(atPath: output + "/ru.xcloc", withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: output + "/ru.xcloc/mine.txt"))
        let result = try LinzaBinary.run(["export", "--output", output], in: app)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("ru.xcloc:1:1: has no contents.json Linza can read"),
            "\(result.standardError)")
        #expect(files(under: output) == ["ru.xcloc", "ru.xcloc/mine.txt"], "de.xcloc was not written either")
        // An .xliff of another language is not replaced either.
        try Data(try read(Self.fixture + "/Expected/en.xliff")).write(to: URL(fileURLWithPath: output + "/de.xliff"))
        let xliff = try LinzaBinary.run(
            ["export", "--format", "xliff", "--language", "de", "--output", output], in: app)
        #expect(xliff.status == 2)
        #expect(xliff.standardError.contains("is an XLIFF of another language"))
        #expect(try read(output + "/de.xliff") == read(Self.fixture + "/Expected/en.xliff"))
    }

    @Test func anEarlierBundleLosesTheTablesNoLongerExported() throws {
        let (app, output) = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        #expect(try LinzaBinary.run(["export", "--language", "de", "--output", output], in: app).status == 0)
        try FileManager.default.removeItem(atPath: app + "/Resources/en.lproj/Empty.strings")
        #expect(try LinzaBinary.run(["export", "--language", "de", "--output", output], in: app).status == 0)
        #expect(
            !FileManager.default.fileExists(
                atPath: output + "/de.xcloc/Source Contents/Resources/en.lproj/Empty.strings"))
        let xliff = String(decoding: try read(output + "/de.xcloc/Localized Contents/de.xliff"), as: UTF8.self)
        #expect(!xliff.contains("Empty.strings"))
    }

    @Test func badInputStopsWithAPositionAndExitTwo() throws {
        let (app, output) = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        let usage = try LinzaBinary.run(["export", "--xcode-version", "16.4", "--output", output], in: app)
        #expect(usage.status == 2)
        #expect(usage.standardError.contains("give --xcode-version and --xcode-build together"))
        #expect(
            try LinzaBinary.run(["export", "--language", "not a language", "--output", output], in: app).status == 2)
        #expect(try LinzaBinary.run(["export", "--module", "Nope", "--output", output], in: app).status == 2)
        try Data("\"a\" = \"b\"\n\"c\" = \"d\";\n".utf8).write(
            to: URL(fileURLWithPath: app + "/Resources/de.lproj/Localizable.strings"))
        let broken = try LinzaBinary.run(["export", "--output", output], in: app)
        #expect(broken.status == 2)
        #expect(
            broken.standardError.contains(
                "linza: error: Resources/de.lproj/Localizable.strings:1:10: missing ';' after the value of 'a'"),
            "\(broken.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
