@testable import LinzaBase
@testable import LinzaTables
@testable import LinzaWriting
import Testing

/// `linza migrate`'s conversion, one fact of Xcode's migration per test (docs/MIGRATION.md
/// says which real migration each comes from).
@Suite struct CatalogMigrationTests {
    typealias Text = LegacyTable.Text

    func render(_ table: LegacyTable, _ options: CatalogMigration.Options = .init()) -> String {
        String(
            decoding: XcodeJSONLayout().render(
                CatalogMigration.catalog(table, sourceLanguage: "en", options: options).catalog), as: UTF8.self)
    }

    func plural(_ key: String, _ format: String, _ name: String, _ type: String?, _ forms: [(String, String)])
        -> LegacyTable.Plural
    {
        LegacyTable.Plural(
            key: key, format: format,
            variables: [
                LegacyTable.Variable(name: name, valueType: type, forms: forms.map { (category: $0.0, text: $0.1) })
            ])
    }

    @Test func aSmallTableIsWrittenAsXcodeWritesItsMigration() {
        let table = LegacyTable(
            texts: [
                "en": [
                    Text(key: "title", value: "Notes", comment: "Title of the list"),
                    Text(key: "Delete", value: "Delete", comment: LegacyTable.genstringsComment),
                ],
                "de": [
                    Text(key: "title", value: "Notizen", comment: "Titel"),
                    Text(key: "Delete", value: "Löschen", comment: LegacyTable.genstringsComment),
                ],
            ])
        #expect(
            render(table) == """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "Delete" : {
                      "extractionState" : "migrated",
                      "localizations" : {
                        "de" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Löschen"
                          }
                        },
                        "en" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Delete"
                          }
                        }
                      }
                    },
                    "title" : {
                      "comment" : "Title of the list",
                      "extractionState" : "migrated",
                      "localizations" : {
                        "de" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Notizen"
                          }
                        },
                        "en" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Notes"
                          }
                        }
                      }
                    }
                  },
                  "version" : "1.0"
                }
                """)
    }

    @Test func aSourceTextThatIsItsOwnKeyStillGetsItsUnit() {
        // XcodesApp: the 5 keys its build did not extract ("Beta" = "Beta") kept theirs.
        let table = LegacyTable(texts: ["en": [Text(key: "OK", value: "OK")]])
        #expect(
            render(table).contains(
                "\"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"OK\""
            ))
    }

    @Test func aPluralThatIsExactlyItsVariableAndShowsItsNumberCollapses() throws {
        let entry = plural("posts %lld", "%#@posts@", "posts", "lld", [("one", "%lld post"), ("other", "%lld posts")])
        let variable = try #require(CatalogMigration.collapsible(entry))
        #expect(variable.name == "posts")
        // Some forms may leave the number out ("one post"): still collapsed.
        #expect(
            CatalogMigration.collapsible(plural("k", "%#@n@", "n", "d", [("one", "one post"), ("other", "%d posts")]))
                != nil)
    }

    @Test(arguments: [
        ("%#@n@ left", [("one", "%d"), ("other", "%d")]),  // text around the variable
        ("%#@n@", [("one", "liked it"), ("other", "liked it")]),  // no form shows the number
        ("%#@n@", [("one", "%2$@ follower"), ("other", "%2$@ followers")]),  // another argument
    ])
    func otherPluralsBecomeSubstitutions(_ format: String, _ forms: [(String, String)]) {
        #expect(CatalogMigration.collapsible(plural("k", format, "n", "d", forms)) == nil)
    }

    @Test func substitutionsKeepTheNameTypeAndPositionAndWriteTheNumberAsArg() {
        let entry = plural(
            "k", "%2$#@voters@ of %1$@", "voters", "lld", [("one", "%lld voter"), ("other", "%lld voters")])
        let localization = CatalogMigration.localization(entry, options: .init())
        #expect(localization["stringUnit"]?["value"]?.string == "%#@voters@ of %1$@")
        let substitution = localization["substitutions"]?["voters"]
        #expect(substitution?["argNum"] == .literal("2"))
        #expect(substitution?["formatSpecifier"]?.string == "lld")
        // With argNum, Xcode keeps the conversion in the forms (IceCubesApp's eu.lproj) ...
        #expect(substitution?["variations"]?["plural"]?["one"]?["stringUnit"]?["value"]?.string == "%lld voter")
        // ... without, it writes the number %arg.
        let plain = plural(
            "k", "%#@voters@ in all", "voters", "lld", [("one", "%lld voter"), ("other", "%lld voters")])
        let value = CatalogMigration.localization(plain, options: .init())["substitutions"]?["voters"]
        #expect(value?["argNum"] == nil)
        #expect(value?["variations"]?["plural"]?["one"]?["stringUnit"]?["value"]?.string == "%arg voter")
    }

    @Test func anUndefinedReferencePointsAtTheOneUnusedVariable() {
        let entry = LegacyTable.Plural(
            key: "k", format: "%#@count_posts@ von %#@count_voters@",
            variables: [
                LegacyTable.Variable(name: "count_votes", valueType: "lld", forms: [(category: "other", text: "%lld")]),
                LegacyTable.Variable(
                    name: "count_voters", valueType: "lld", forms: [(category: "other", text: "%lld")]),
            ])
        #expect(CatalogMigration.renamedReference(entry)! == ("count_posts", "count_votes"))
        let table = LegacyTable(plurals: ["de": [entry]])
        let (catalog, notes) = CatalogMigration.catalog(table, sourceLanguage: "en")
        #expect(
            catalog["strings"]?["k"]?["localizations"]?["de"]?["stringUnit"]?["value"]?.string
                == "%#@count_votes@ von %#@count_voters@")
        #expect(notes.contains { $0.contains("refers to the undefined variable 'count_posts'") })
    }

    @Test func commentsComeFromTheDevelopmentLanguageOnly() {
        let table = LegacyTable(
            texts: [
                "en": [
                    Text(key: "a", value: "A"), Text(key: "b", value: "B", comment: "Dev"),
                    Text(key: "b", value: "B2", comment: "Last"),
                ],
                "ko": [
                    Text(key: "a", value: "에이", comment: "MARK: Section"),
                    Text(key: "c", value: "씨", comment: "Only ko"),
                ],
            ])
        let strings = CatalogMigration.catalog(table, sourceLanguage: "en").catalog["strings"]
        #expect(strings?["a"]?["comment"] == nil)
        // A key written twice keeps its last definition, comment and text.
        #expect(strings?["b"]?["comment"]?.string == "Last")
        #expect(strings?["b"]?["localizations"]?["en"]?["stringUnit"]?["value"]?.string == "B2")
        // A key the development language lacks keeps its own language's comment.
        #expect(strings?["c"]?["comment"]?.string == "Only ko")
    }

    @Test func keepingVariableNamesWritesSubstitutionsEvenWhereXcodeCollapses() {
        let entry = plural("k", "%#@posts@", "posts", "lld", [("one", "%lld post"), ("other", "%lld posts")])
        var options = CatalogMigration.Options()
        options.keepsVariableNames = true
        #expect(CatalogMigration.localization(entry, options: options)["substitutions"]?["posts"] != nil)
        #expect(CatalogMigration.localization(entry, options: .init())["variations"] != nil)
    }

    @Test func reviewingSourceCopiesMarksTranslationsEqualToTheSource() {
        let table = LegacyTable(texts: [
            "en": [Text(key: "k", value: "Done")], "de": [Text(key: "k", value: "Done")],
            "fr": [Text(key: "k", value: "Terminé")],
        ])
        var options = CatalogMigration.Options()
        options.reviewsSourceCopies = true
        let catalog = CatalogMigration.catalog(table, sourceLanguage: "en", options: options).catalog
        let localizations = catalog["strings"]?["k"]?["localizations"]
        #expect(localizations?["de"]?["stringUnit"]?["state"]?.string == "needs_review")
        #expect(localizations?["fr"]?["stringUnit"]?["state"]?.string == "translated")
        #expect(localizations?["en"]?["stringUnit"]?["state"]?.string == "translated")
    }

    @Test func theStringsdictEntryWinsOverTheStringsEntryOfOneKeyAndSaysSo() {
        let table = LegacyTable(
            texts: ["en": [Text(key: "k %d", value: "%d things")]],
            plurals: ["en": [plural("k %d", "%#@n@", "n", "d", [("one", "%d thing"), ("other", "%d things")])]])
        let (catalog, notes) = CatalogMigration.catalog(table, sourceLanguage: "en")
        #expect(catalog["strings"]?["k %d"]?["localizations"]?["en"]?["variations"] != nil)
        #expect(notes.count == 1 && notes[0].contains("the .stringsdict entry is kept"))
    }

    @Test func theCommentIsTheLastCommentAboveTheEntry() {
        let text = Array("// Alerts\n// Uninstall\n\"k\" = \"v\";".utf8)
        #expect(MigratePlanner.lastComment(text, 0..<23) == "Uninstall")
        let block = Array("/* one */ /*\n two\n */\n".utf8)
        #expect(MigratePlanner.lastComment(block, 0..<block.count) == "two")
        #expect(MigratePlanner.lastComment(Array("\n\n".utf8), 0..<2) == nil)
    }

    @Test func stringsdictVariablesOtherThanPluralsAreRefused() {
        let text = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>k</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@device@</string>
            \t\t<key>device</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringDeviceSpecificRuleType</string>
            \t\t\t<key>iphone</key>
            \t\t\t<string>Tap</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>
            """.utf8)
        #expect(throws: MigrationRefusal.self) { try LegacyTable.plurals(of: text, path: "x.stringsdict") }
    }
}

/// Which keys only other languages have, and the table without them.
@Suite struct LegacyTableTests {
    @Test func orphansAreTheKeysTheDevelopmentLanguageLacksInBothFormats() {
        let plural = LegacyTable.Plural(key: "p", format: "%#@n@", variables: [])
        let table = LegacyTable(
            texts: [
                "en": [.init(key: "a", value: "A")],
                "de": [.init(key: "a", value: "A"), .init(key: "b", value: "B"), .init(key: "p", value: "P")],
            ],
            plurals: ["en": [plural], "fr": [LegacyTable.Plural(key: "q", format: "%#@n@", variables: [])]])
        #expect(table.orphans(development: "en") == ["b", "q"])
        let dropped = table.dropping(["b", "q"])
        #expect(dropped.texts["de"]?.map(\.key) == ["a", "p"])
        #expect(dropped.plurals["fr"] == nil)
        #expect(dropped.orphans(development: "en").isEmpty)
    }
}
