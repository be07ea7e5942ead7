@testable import LinzaBase
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaSetup
@testable import LinzaTables
@testable import LinzaWriting
import Testing

/// Renaming keys in place in each table format, and the names `rename --derive` proposes.
@Suite struct KeyRenamingTests {
    func renamed(_ text: String, _ renames: [String: String]) throws -> String {
        let document = try StringsDocument(path: "/p/en.lproj/Localizable.strings", bytes: Array(text.utf8))
        let edited = document.applying(document.renamings(renames))
        // What is read back is the old map under the new keys.
        let reread = try StringsDocument(path: document.path, bytes: edited)
        #expect(reread.values == renamingValues(document.values, renames))
        return String(decoding: edited, as: UTF8.self)
    }

    @Test func stringsKeysKeepTheirQuoting() throws {
        #expect(try renamed("/* c */\n\"a\" = \"A\";\n", ["a": "b \"q\""]) == "/* c */\n\"b \\\"q\\\"\" = \"A\";\n")
        #expect(try renamed("'a' = \"A\";\n", ["a": "it's \"x\""]) == "'it\\'s \\\"x\\\"' = \"A\";\n")
        #expect(try renamed("a.b = \"A\";\n", ["a.b": "c_d"]) == "c_d = \"A\";\n")
        #expect(
            try renamed("a.b = \"A\";\n", ["a.b": "c d"]) == "\"c d\" = \"A\";\n",
            "an unquoted key that cannot stay so gets quotes")
        #expect(
            try renamed("\"a\\\\b\" = \"A\"; \"c\" = \"C\";\n", ["a\\b": "x\ny"])
                == "\"x\\ny\" = \"A\"; \"c\" = \"C\";\n")
    }

    @Test func aShorthandEntryIsWrittenOutSoItsTextStays() throws {
        #expect(
            try renamed("\"Cancel\";\n\"b\" = \"B\";\n", ["Cancel": "cancel"])
                == "\"cancel\" = \"Cancel\";\n\"b\" = \"B\";\n")
        #expect(try renamed("\"Cancel\"\n/* ; */ // =\n ;", ["Cancel": "c"]) == "\"c\" = \"Cancel\"\n/* ; */ // =\n ;")
        #expect(try renamed("\"a\" /* ; */ = \"A\";", ["a": "b"]) == "\"b\" /* ; */ = \"A\";")
    }

    @Test func everyDefinitionOfAKeyIsRenamed() throws {
        #expect(try renamed("\"a\" = \"1\";\n\"a\" = \"2\";\n", ["a": "z"]) == "\"z\" = \"1\";\n\"z\" = \"2\";\n")
    }

    @Test func utf16TablesStayUTF16() throws {
        let text = "\"a\" = \"Ä\";\r\n"
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let document = try StringsDocument(path: "/p/de.lproj/Localizable.strings", bytes: bytes)
        let edited = document.applying(document.renamings(["a": "ü"]))
        let expected = "\"ü\" = \"Ä\";\r\n"
        #expect(edited == [0xFF, 0xFE] + expected.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }

    static let plurals = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>a</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@n@</string>
        \t</dict>
        \t<key><![CDATA[b</key>]]><!-- note --></key>
        \t<dict/>
        \t<key/>
        \t<dict/>
        </dict>
        </plist>
        """

    @Test func stringsdictKeysAreRewrittenWithTheirTreesKept() throws {
        let document = try StringsdictDocument(
            path: "/p/en.lproj/Localizable.stringsdict", bytes: Array(Self.plurals.utf8))
        #expect(document.keys == ["a", "b</key>", ""])
        let renames = ["a": "x & <y>", "b</key>": "b", "": "empty"]
        let edited = String(decoding: document.applying(document.renamings(renames)), as: UTF8.self)
        #expect(edited.contains("\t<key>x &amp; &lt;y&gt;</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>"))
        #expect(edited.contains("\t<key>b</key>\n\t<dict/>\n\t<key>empty</key>\n\t<dict/>"))
        let reread = try StringsdictDocument(path: document.path, bytes: Array(edited.utf8))
        #expect(reread.keys == ["x & <y>", "b", "empty"])
        #expect(reread.values == renamingValues(document.values, renames))
    }

    @Test func aCatalogEntryMovesWholeToItsSortedPlace() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "a" : {
                  "comment" : "First",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "A"
                      }
                    }
                  }
                },
                "m" : {

                }
              },
              "version" : "1.0"
            }
            """
        var document = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: Array(catalog.utf8))
        document.rename("a", to: "z")
        let edited = String(decoding: document.rendering, as: UTF8.self)
        #expect(
            edited
                == catalog.replacing(
                    """
                        "a" : {
                          "comment" : "First",
                          "localizations" : {
                            "en" : {
                              "stringUnit" : {
                                "state" : "translated",
                                "value" : "A"
                              }
                            }
                          }
                        },
                        "m" : {

                        }
                    """,
                    with: """
                            "m" : {

                            },
                            "z" : {
                              "comment" : "First",
                              "localizations" : {
                                "en" : {
                                  "stringUnit" : {
                                    "state" : "translated",
                                    "value" : "A"
                                  }
                                }
                              }
                            }
                        """))
        #expect(
            try CatalogDocument(path: document.path, bytes: document.rendering).values
                == renamingValues(
                    try CatalogDocument(path: document.path, bytes: Array(catalog.utf8)).values, ["a": "z"],
                    catalog: true))
    }

    @Test func aCatalogKeyThatWasItsSourceTextKeepsThatText() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Hello, world" : {
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Hallo, Welt"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        var document = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: Array(catalog.utf8))
        #expect(document.rename("Hello, world", to: "greeting") == .kept("Hello, world"))
        let values = try CatalogDocument(path: document.path, bytes: document.rendering).values
        #expect(values["greeting\u{0}en"] == .some("Hello, world"))
        #expect(values["greeting\u{0}de"] == .some("Hallo, Welt"))
    }

    /// A catalog of entry `key` with `localizations` (language → its JSON, in Xcode's layout at
    /// the localization's indent) and `more` members before them.
    static func catalog(_ key: String, more: String = "", _ localizations: [(String, String)]) -> String {
        let members = localizations.map { "        \"\($0.0)\" : \($0.1)" }.joined(separator: ",\n")
        let body = localizations.isEmpty ? "\n" : "      \"localizations\" : {\n\(members)\n      }\n"
        return
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"\(key)\" : {\n\(more)\(body)    }\n  },\n  \"version\" : \"1.0\"\n}"
    }

    static func unit(_ value: String, state: String = "translated") -> String {
        "{\n          \"stringUnit\" : {\n            \"state\" : \"\(state)\",\n            \"value\" : \"\(value)\"\n          }\n        }"
    }

    @Test(arguments: [
        catalog("Reader View", [("de", unit("Leseansicht"))]),
        catalog("Reader View", []),
        catalog(
            "Reader View", more: "      \"comment\" : \"Toolbar\",\n      \"extractionState\" : \"manual\",\n",
            [("fr", unit("Lecteur", state: "needs_review"))]),
    ])
    func aCatalogKeyThatWasItsSourceTextRenamedThereAndBackIsByteForByteTheSame(_ text: String) throws {
        var document = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: Array(text.utf8))
        #expect(document.rename("Reader View", to: "reader.view") == .kept("Reader View"))
        var renamed = try CatalogDocument(path: document.path, bytes: document.rendering)
        #expect(renamed.values["reader.view\u{0}en"] == .some("Reader View"))
        #expect(renamed.rename("reader.view", to: "Reader View") == .dropped("Reader View"))
        #expect(String(decoding: renamed.rendering, as: UTF8.self) == text)
    }

    /// A source-language localization that says more than "the text is the key" stays: a state
    /// a rename does not write, a variation, a substitution, an entry not to translate, or
    /// another text. The key shows the same text without it, but it is what a person set.
    @Test(arguments: [
        catalog("reader.view", [("en", unit("Reader View", state: "needs_review"))]),
        catalog("reader.view", [("en", unit("Reader View", state: "new"))]),
        catalog("reader.view", [("en", unit("Reader view"))]),
        catalog("reader.view", more: "      \"shouldTranslate\" : false,\n", [("en", unit("Reader View"))]),
        catalog(
            "reader.view",
            [
                (
                    "en",
                    "{\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Reader View\"\n"
                        + "          },\n          \"substitutions\" : {\n\n          }\n        }"
                )
            ]),
    ])
    func aSourceLocalizationThatSaysMoreThanTheKeyStays(_ text: String) throws {
        var document = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: Array(text.utf8))
        let before = document.values["reader.view\u{0}en"]
        #expect(document.rename("reader.view", to: "Reader View") == nil)
        #expect(
            try CatalogDocument(path: document.path, bytes: document.rendering).values["Reader View\u{0}en"] == before)
    }

    @Test(
        arguments: [
            ("Order now", "orderNow"),
            ("Don't cancel — yet!", "dontCancelYet"),
            ("%d items in the cart", "itemsInTheCartWithParam"),
            ("Hello, %@! You have %2$ld new messages today", "helloYouHaveNewMessagesWithParam"),
            ("SMS code sent", "smsCodeSent"),
            ("iPhone settings", "iPhoneSettings"),
            ("Ваш заказ готов", "вашЗаказГотов"),
            ("Save 20%", "save20"),
            ("…", nil),
            ("%@", nil),
        ] as [(String, String?)])
    func derivedNames(_ value: String, _ expected: String?) {
        #expect(RenameDerivation.name(for: value, maxWords: 5, formatSuffix: "WithParam") == expected)
    }

    @Test func derivedNamesTakeAtMostTheWordsAsked() {
        #expect(RenameDerivation.name(for: "One two three four", maxWords: 2, formatSuffix: "X") == "oneTwo")
        #expect(RenameDerivation.name(for: "Pay %@ now", maxWords: 1, formatSuffix: "Arg") == "payArg")
    }
}
