import Foundation
import Testing

/// A unit an import gives more than once (one file passed twice, a bundle and its XLIFF, two
/// deliveries of one language): with the same target it is set once, with different targets
/// none is applied and every place is reported. Before, each copy was planned on the same
/// file: a key a `.strings` file lacked was added twice (and with two texts, both times), a
/// plural form a `.stringsdict` lacked was added twice.
@Suite struct ImportRepeatedUnitsTests {
    static let english = "\"a\" = \"A\";\n\"b\" = \"B\";\n"
    static let german = "\"a\" = \"AA\";\n"

    func project() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-import-twice-" + UUID().uuidString
        let files = [
            ".linza.yml": "development_language: en\nrequired_languages: [en, de]\n",
            "App/en.lproj/Localizable.strings": Self.english,
            "App/de.lproj/Localizable.strings": Self.german,
            "App/View.swift":
                "import Foundation\nlet a = NSLocalizedString(\"a\", comment: \"\")\nlet b = NSLocalizedString(\"b\", comment: \"\")\n",
            "d1.xliff": Self.xliff(target: "BB"),
            "d2.xliff": Self.xliff(target: "BX"),
        ]
        try ProjectFiles.write(files, in: folder)
        return folder
    }

    static func xliff(target: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="b" xml:space="preserve">
                <source>B</source>
                <target>\(target)</target>
              </trans-unit>
            </body>
          </file>
        </xliff>

        """
    }

    @Test func aUnitGivenTwiceIsSetOnceOrNotAtAll() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let german = folder + "/App/de.lproj/Localizable.strings"

        let same = try LinzaBinary.run(["import", "--no-cache", "--apply", "d1.xliff", "d1.xliff"], in: folder)
        #expect(same.status == 0, "\(same.standardError)")
        #expect(try String(contentsOfFile: german, encoding: .utf8) == Self.german + "\"b\" = \"BB\";\n")
        #expect(same.standardError.contains("1 text to set"), "\(same.standardError)")

        try FileManager.default.createTestFile(atPath: german, contents: Data(Self.german.utf8))
        let different = try LinzaBinary.run(["import", "--no-cache", "--apply", "d1.xliff", "d2.xliff"], in: folder)
        #expect(different.status == 0, "\(different.standardError)")
        #expect(try String(contentsOfFile: german, encoding: .utf8) == Self.german)
        #expect(
            different.standardOutput.components(separatedBy: "given 2 times in this import with different texts")
                .count == 3, "\(different.standardOutput)")
        #expect(different.standardError.contains("2 not applied"), "\(different.standardError)")
    }
}
