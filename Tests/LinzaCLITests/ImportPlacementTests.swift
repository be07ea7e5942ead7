import Foundation
import Testing

/// Where `linza import` puts a language the table does not have yet: beside the
/// development table when that is the one place the project shows, and nowhere (each unit
/// reported with the reason) when the project's layout leaves the place in doubt.
@Suite struct ImportPlacementTests {
    /// A fresh copy of Fixtures/RoundTrip/App and a French XLIFF for its Localizable table.
    func app() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-placement-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: ImportCommandTests.fixture + "/App", toPath: folder + "/App")
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Resources/en.lproj/Localizable.strings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="library.title" xml:space="preserve">
                    <source>Library</source>
                    <target>Bibliothèque</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """
        try Data(xliff.utf8).write(to: URL(fileURLWithPath: folder + "/App/fr.xliff"))
        return folder + "/App"
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func aNewLanguageGoesBesideTheDevelopmentTable() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        let result = try LinzaBinary.run(["import", "--apply", "fr.xliff"], in: app)
        #expect(result.status == 0, "\(result.standardError)")
        let french = try String(contentsOfFile: app + "/Resources/fr.lproj/Localizable.strings", encoding: .utf8)
        #expect(french.contains("\"library.title\" = \"Bibliothèque\";"))
    }

    @Test func aLanguageWhoseTableLivesElsewhereIsNotGivenASecondOne() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        try write("\"library.search\" = \"Chercher\";\n", to: app + "/Resources/Legacy/fr.lproj/Localizable.strings")
        let result = try LinzaBinary.run(["import", "--apply", "fr.xliff"], in: app)
        #expect(
            result.standardOutput.contains(
                "fr's Localizable table is at Resources/Legacy/fr.lproj/Localizable.strings, not beside the "
                    + "development table; not applied"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("['library.title']"))
        #expect(!exists(app + "/Resources/fr.lproj"))
        #expect(
            try String(contentsOfFile: app + "/Resources/Legacy/fr.lproj/Localizable.strings", encoding: .utf8)
                == "\"library.search\" = \"Chercher\";\n")
    }

    @Test func otherLanguagesInSeveralFoldersLeaveThePlaceInDoubt() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        let russian = app + "/Resources/ru.lproj/Localizable.strings"
        try FileManager.default.createDirectory(
            atPath: app + "/Resources/Legacy/ru.lproj", withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: russian, toPath: app + "/Resources/Legacy/ru.lproj/Localizable.strings")
        let result = try LinzaBinary.run(["import", "--apply", "fr.xliff"], in: app)
        #expect(
            result.standardOutput.contains(
                "fr has no Localizable table, and its other languages are in 2 folders (Resources, Resources/Legacy)"),
            "\(result.standardOutput)")
        #expect(!exists(app + "/Resources/fr.lproj"))
    }

    @Test func aPathThatIsNoTableIsNotWrittenOver() throws {
        let app = try app()
        defer { try? FileManager.default.removeItem(atPath: (app as NSString).deletingLastPathComponent) }
        // A folder where the new table would go: not a table Linza read, so not replaced.
        try FileManager.default.createDirectory(
            atPath: app + "/Resources/fr.lproj/Localizable.strings", withIntermediateDirectories: true)
        let result = try LinzaBinary.run(["import", "--apply", "fr.xliff"], in: app)
        #expect(
            result.standardOutput.contains(
                "Resources/fr.lproj/Localizable.strings is there but Linza did not read it as a table; not written over"
            ),
            "\(result.standardOutput) \(result.standardError)")
        var isFolder: ObjCBool = false
        #expect(
            FileManager.default.fileExists(
                atPath: app + "/Resources/fr.lproj/Localizable.strings", isDirectory: &isFolder) && isFolder.boolValue)
    }
}
