import Foundation
import Testing

/// An App Shortcut's phrases (a String Catalog `stringSet`) through the binary: counted as
/// translated by `status`, exported as `<mrk mtype="x-set">` values as Xcode 26.2 and later
/// export them, imported into the catalog as Xcode writes a set, and an untouched round
/// trip changes nothing. Before, `status` counted the set as missing, `export` wrote the key
/// as the source, and `import` refused an Xcode file holding a set.
@Suite struct ImportStringSetTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Search on ${applicationName}" : {
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "de" : {
                  "stringSet" : {
                    "state" : "translated",
                    "values" : [
                      "Suche in ${applicationName}"
                    ]
                  }
                },
                "en" : {
                  "stringSet" : {
                    "state" : "new",
                    "values" : [
                      "Search on ${applicationName}",
                      "Find in ${applicationName}"
                    ]
                  }
                }
              }
            }
          },
          "version" : "1.1"
        }
        """

    func project() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-string-set-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/App", withIntermediateDirectories: true)
        try FileManager.default.createTestFile(
            atPath: folder + "/.linza.yml",
            contents: Data("development_language: en\nrequired_languages: [en, de]\n".utf8))
        try FileManager.default.createTestFile(
            atPath: folder + "/App/AppShortcuts.xcstrings", contents: Data(Self.catalog.utf8))
        try FileManager.default.createTestFile(
            atPath: folder + "/App/Shortcuts.swift", contents: Data("import AppIntents\n".utf8))
        return folder
    }

    @Test func statusExportAndImportKnowAStringSet() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/App/AppShortcuts.xcstrings"

        let status = try LinzaBinary.run(["status", "--no-cache"], in: folder)
        #expect(status.status == 0, "\(status.standardError)")
        #expect(status.standardOutput.contains("100 %  1/1"), "\(status.standardOutput)")
        #expect(!status.standardOutput.contains("missing 1"), "\(status.standardOutput)")

        let export = try LinzaBinary.run(
            ["export", "--no-cache", "--language", "fr", "--language", "en", "--format", "xliff", "--output", "out"],
            in: folder)
        #expect(export.status == 0, "\(export.standardError)")
        let french = try String(contentsOfFile: folder + "/out/fr.xliff", encoding: .utf8)
        let source = """
                    <source>
                      <mrk mtype="x-set" mid="0">Search on ${applicationName}</mrk>
                      <mrk mtype="x-set" mid="1">Find in ${applicationName}</mrk>
                    </source>

            """
        #expect(french.contains(source + "        <note/>\n"), "\(french)")

        // The untouched English export gives nothing to set.
        let untouched = try LinzaBinary.run(["import", "--no-cache", "--apply", "out/en.xliff"], in: folder)
        #expect(untouched.status == 0, "\(untouched.standardError)")
        #expect(untouched.standardError.contains("0 texts to set"), "\(untouched.standardError)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.catalog)

        // A translation of one text for the set is reported, not applied.
        let flat = french.replacingOccurrences(
            of: source, with: source + "            <target state=\"translated\">Chercher</target>\n")
        try FileManager.default.createTestFile(atPath: folder + "/flat.xliff", contents: Data(flat.utf8))
        let refused = try LinzaBinary.run(["import", "--no-cache", "--apply", "flat.xliff"], in: folder)
        #expect(refused.standardOutput.contains("the table holds a set of phrases"), "\(refused.standardOutput)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.catalog)

        let translated = french.replacingOccurrences(
            of: source,
            with: source + """
                        <target state="translated">
                          <mrk mtype="x-set" mid="0">Chercher dans ${applicationName}</mrk>
                        </target>

                """)
        try FileManager.default.createTestFile(atPath: folder + "/fr.xliff", contents: Data(translated.utf8))
        let result = try LinzaBinary.run(["import", "--no-cache", "--apply", "fr.xliff"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("1 text to set"), "\(result.standardError)")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        let frenchSet = """
            "Find in ${applicationName}"
                        ]
                      }
                    },
                    "fr" : {
                      "stringSet" : {
                        "state" : "translated",
                        "values" : [
                          "Chercher dans ${applicationName}"
                        ]
                      }
                    }

            """
        let expected = Self.catalog.replacingOccurrences(
            of: "\"Find in ${applicationName}\"\n            ]\n          }\n        }\n", with: frenchSet)
        #expect(expected != Self.catalog)
        #expect(written == expected, "\(written)")
    }
}
