import Foundation
import Testing

/// `linza import --include-missing`: a unit of a key code uses that the development
/// `.strings` table lacks (`NSLocalizedString(_:value:comment:)`) is applied as Xcode's
/// importer applies it, its source checked against the call's value; without the option it
/// is an unknown key, as before. (Firefox Focus's real imports showed it:
/// XcodeImportSampleTests.)
@Suite struct ImportCodeKeysTests {
    /// A project whose French table has a key only code gives in English, and an XLIFF
    /// translating it (and a second code key, from a text the code no longer has).
    func project() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-import-code-" + UUID().uuidString
        let files = [
            ".linza.yml": "development_language: en\nrequired_languages: [en, fr]\n",
            "App/en.lproj/Localizable.strings": "\"table.key\" = \"Table\";\n",
            "App/fr.lproj/Localizable.strings": "\"code.key\" = \"Ancien\";\n\"table.key\" = \"Tableau\";\n",
            "App/View.swift": """
            import Foundation
            let a = NSLocalizedString("code.key", value: "Code text", comment: "Shown in code")
            let b = NSLocalizedString("moved.key", value: "New text", comment: "Changed")
            let c = NSLocalizedString("table.key", comment: "In the table")

            """,
            "fr.xliff": """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="code.key" xml:space="preserve">
                    <source>Code text</source>
                    <target>Nouveau</target>
                  </trans-unit>
                  <trans-unit id="moved.key" xml:space="preserve">
                    <source>Old text</source>
                    <target>Vieux texte</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """,
        ]
        try ProjectFiles.write(files, in: folder)
        return folder
    }

    @Test func codeKeysAreAppliedOnlyWithIncludeMissing() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let french = folder + "/App/fr.lproj/Localizable.strings"
        let before = try String(contentsOfFile: french, encoding: .utf8)

        let plain = try LinzaBinary.run(["import", "--no-cache", "--apply", "fr.xliff"], in: folder)
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(plain.standardOutput.contains("unknown key: App/en.lproj/Localizable.strings has no unit 'code.key'"))
        #expect(try String(contentsOfFile: french, encoding: .utf8) == before)

        let result = try LinzaBinary.run(
            ["import", "--include-missing", "--no-cache", "--apply", "fr.xliff"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            try String(contentsOfFile: french, encoding: .utf8)
                == "\"code.key\" = \"Nouveau\";\n\"table.key\" = \"Tableau\";\n")
        #expect(
            result.standardOutput.contains(
                "stale source: the unit was translated from 'Old text', the source is now 'New text'"))
        #expect(result.standardError.contains("1 text to set, 0 already there, 1 not applied"))
    }

    /// The same in a String Catalog: the catalog gains the key's entry as Xcode's
    /// extraction writes it from the call (comment, `extracted_with_value`, the value as
    /// the source language's `new` unit), with the translation; without the option the
    /// unit is an unknown key and the catalog keeps every byte.
    @Test func aCatalogGainsACodeKeyWithItsTranslation() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-import-code-catalog-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "table.key" : {
                  "comment" : "In the table",
                  "localizations" : {
                    "fr" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Tableau"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let files = [
            ".linza.yml": "development_language: en\nrequired_languages: [en, fr]\n",
            "App/Localizable.xcstrings": catalog,
            "App/View.swift": """
            import Foundation
            let a = NSLocalizedString("code.key", value: "Code text", comment: "Shown in code")
            let c = NSLocalizedString("table.key", comment: "In the table")

            """,
            "fr.xliff": """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="code.key" xml:space="preserve">
                    <source>Code text</source>
                    <target state="translated">Nouveau</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """,
        ]
        try ProjectFiles.write(files, in: folder)
        let path = folder + "/App/Localizable.xcstrings"

        let plain = try LinzaBinary.run(["import", "--no-cache", "--apply", "fr.xliff"], in: folder)
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(plain.standardOutput.contains("unknown key: App/Localizable.xcstrings has no unit 'code.key'"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == catalog)

        let result = try LinzaBinary.run(
            ["import", "--include-missing", "--no-cache", "--apply", "fr.xliff"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let added = """
                "code.key" : {
                  "comment" : "Shown in code",
                  "extractionState" : "extracted_with_value",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "new",
                        "value" : "Code text"
                      }
                    },
                    "fr" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Nouveau"
                      }
                    }
                  }
                },

            """
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == catalog.replacingOccurrences(of: "    \"table.key\" : {", with: added + "    \"table.key\" : {"))
        #expect(result.standardError.contains("1 text to set, 0 already there, 0 not applied"))
        // Lint sees the key in both languages now; the source text is `new`, as Xcode's
        // extraction leaves it, which catalog_state does not report in the development language.
        let lint = try LinzaBinary.run(["--no-cache"], in: folder)
        #expect(!lint.standardOutput.contains("missing"), "\(lint.standardOutput)")
        #expect(!lint.standardOutput.contains("'code.key'"), "\(lint.standardOutput)")
    }

    /// A module that keeps its development texts in code and has no development table (a
    /// widget, as Firefox Focus's): `export --include-missing` exports the table its code
    /// reads as the file Xcode names, `Widgets/en.lproj/Localizable.strings`, with the German
    /// file beside it as targets; `import --include-missing` applies a French translation to a
    /// new `Widgets/fr.lproj/Localizable.strings` written as Xcode's importer writes one. Without
    /// the option the file is unknown, as before.
    @Test func aTableKeptInCodeIsExportedAndImportedAsXcodeNamesIt() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-code-table-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ProjectFiles.write(
            [
                ".linza.yml": """
                development_language: en
                required_languages: [en, de]
                modules:
                  - name: Widgets
                    included: [Widgets]
                    resources: [Widgets]
                    development_values_in_code: true

                """,
                "Widgets/Widget.swift": """
                import Foundation
                let title = NSLocalizedString("Widget.Title", value: "Quick Actions", comment: "Gallery title")
                let search = NSLocalizedString("widget.search", value: "Search in %@", comment: "")

                """,
                "Widgets/de.lproj/Localizable.strings":
                    "/* Gallery title */\n\"Widget.Title\" = \"Schnellaktionen\";\n",
            ], in: folder)

        let export = try LinzaBinary.run(
            [
                "export", "--include-missing", "--no-cache", "--language", "de", "--language", "fr", "--format",
                "xliff",
                "--output", "out",
            ], in: folder)
        #expect(export.status == 0, "\(export.standardError)")
        #expect(!export.standardError.contains("without a development-language file"), "\(export.standardError)")
        let german = try String(contentsOfFile: folder + "/out/de.xliff", encoding: .utf8)
        #expect(german.contains("<file original=\"Widgets/en.lproj/Localizable.strings\" source-language=\"en\""))
        #expect(
            german.contains(
                """
                      <trans-unit id="Widget.Title" xml:space="preserve">
                        <source>Quick Actions</source>
                        <target>Schnellaktionen</target>
                        <note>Gallery title</note>
                      </trans-unit>
                      <trans-unit id="widget.search" xml:space="preserve">
                        <source>Search in %@</source>
                        <note>No comment provided by engineer.</note>
                      </trans-unit>
                """), "\(german)")

        let french = try String(contentsOfFile: folder + "/out/fr.xliff", encoding: .utf8)
            .replacingOccurrences(
                of: "<source>Quick Actions</source>\n",
                with: "<source>Quick Actions</source>\n        <target>Actions rapides</target>\n"
            )
            .replacingOccurrences(
                of: "<source>Search in %@</source>\n",
                with: "<source>Search in %@</source>\n        <target>Chercher dans %@</target>\n")
        try FileManager.default.createTestFile(atPath: folder + "/fr.xliff", contents: Data(french.utf8))
        let plain = try LinzaBinary.run(["import", "--no-cache", "--apply", "fr.xliff"], in: folder)
        #expect(
            plain.standardOutput.contains("unknown file: Widgets/en.lproj/Localizable.strings"),
            "\(plain.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Widgets/fr.lproj/Localizable.strings"))

        let result = try LinzaBinary.run(
            ["import", "--include-missing", "--no-cache", "--apply", "fr.xliff"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            try String(contentsOfFile: folder + "/Widgets/fr.lproj/Localizable.strings", encoding: .utf8)
                == """
                /* Gallery title */
                "Widget.Title" = "Actions rapides";

                /* No comment provided by engineer. */
                "widget.search" = "Chercher dans %@";


                """)
        #expect(!FileManager.default.fileExists(atPath: folder + "/Widgets/en.lproj/Localizable.strings"))
    }

    /// The same before any language has the table (Firefox Focus's widget on the day Xcode
    /// 13.0 created its tables): the new file goes beside the one the table would be, in the
    /// folder of the calls.
    @Test func aTableKeptInCodeGetsItsFirstLanguage() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-code-table-first-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ProjectFiles.write(
            [
                ".linza.yml":
                    "development_language: en\nrequired_languages: [en]\nmodules:\n  - name: Widgets\n"
                    + "    included: [Widgets]\n    resources: [Widgets]\n    development_values_in_code: true\n",
                "Widgets/Widget.swift":
                    "import Foundation\nlet t = NSLocalizedString(\"Widget.Title\", value: \"Quick Actions\", comment: \"Title\")\n",
                "fr.xliff": """
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
                  <file original="Widgets/en.lproj/Localizable.strings" source-language="en" target-language="fr" datatype="plaintext">
                    <body>
                      <trans-unit id="Widget.Title" xml:space="preserve">
                        <source>Quick Actions</source>
                        <target>Actions rapides</target>
                        <note>Title</note>
                      </trans-unit>
                    </body>
                  </file>
                </xliff>

                """,
            ], in: folder)
        let result = try LinzaBinary.run(
            ["import", "--include-missing", "--no-cache", "--apply", "fr.xliff"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            try String(contentsOfFile: folder + "/Widgets/fr.lproj/Localizable.strings", encoding: .utf8)
                == "/* Title */\n\"Widget.Title\" = \"Actions rapides\";\n\n", "\(result.standardOutput)")
    }
}
