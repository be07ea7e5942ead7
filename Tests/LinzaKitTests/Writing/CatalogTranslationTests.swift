import Testing
@testable import LinzaBase
@testable import LinzaTables

/// `import`'s edits of String Catalogs: string units set at every kind of variation path,
/// written in Xcode's layout.
@Suite struct CatalogTranslationTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld files" : {
              "localizations" : {
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld file"
                        }
                      },
                      "other" : {
                        "stringUnit" : {
                          "state" : "translated",
                          "value" : "%lld files"
                        }
                      }
                    }
                  }
                }
              }
            },
            "Done" : {
              "comment" : "Button",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "needs_review",
                    "value" : "Fertig"
                  }
                }
              }
            },
            "Sent %@ %lld" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "Sent %1$@ %2$#@count@"
                  },
                  "substitutions" : {
                    "count" : {
                      "argNum" : 2,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "other" : {
                            "stringUnit" : {
                              "state" : "new",
                              "value" : "%arg times"
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    private func translate(_ translations: [TextTranslation]) throws -> (CatalogDocument, TranslationOutcome) {
        var document = try CatalogDocument(path: "/p/L.xcstrings", bytes: Array(Self.catalog.utf8))
        var edits: [TextEdit] = []
        let outcome = document.translate(translations, like: { _ in nil }, placing: { _ in nil }, edits: &edits)
        let updated = document.applying(edits)
        let reread = try CatalogDocument(path: "/p/L.xcstrings", bytes: updated)
        #expect(reread.rendering == updated, "written in Xcode's layout")
        let values = reread.values
        for (key, value) in outcome.expected { #expect(values[key] == value) }
        return (reread, outcome)
    }

    @Test func equalTextsChangeNoByte() throws {
        var document = try CatalogDocument(path: "/p/L.xcstrings", bytes: Array(Self.catalog.utf8))
        var edits: [TextEdit] = []
        let outcome = document.translate(
            [
                TextTranslation(key: "Done", language: "de", value: "Fertig"),
                TextTranslation(key: "%lld files", language: "en", path: ["plural", "one"], value: "%lld file"),
            ], like: { _ in nil }, placing: { _ in nil }, edits: &edits)
        #expect(outcome.results == [.unchanged, .unchanged])
        #expect(edits.isEmpty)
    }

    @Test func setsAUnitWithItsStateAndAddsALocalization() throws {
        let (reread, outcome) = try translate([
            TextTranslation(key: "Done", language: "de", value: "Erledigt"),
            TextTranslation(key: "Done", language: "fr", value: "Terminé", state: "needs_review"),
        ])
        #expect(outcome.results == [.changed, .changed])
        let done = reread.read["strings"]?["Done"]?["localizations"]
        #expect(done?["de"]?["stringUnit"]?["state"]?.string == "translated")
        #expect(done?["de"]?["stringUnit"]?["value"]?.string == "Erledigt")
        #expect(done?["fr"]?["stringUnit"]?["state"]?.string == "needs_review")
        #expect(reread.read["strings"]?["Done"]?["comment"]?.string == "Button")
    }

    @Test func setsPluralAndSubstitutionVariations() throws {
        let (reread, outcome) = try translate([
            TextTranslation(key: "%lld files", language: "ru", path: ["plural", "few"], value: "%lld файла"),
            TextTranslation(key: "Sent %@ %lld", language: "de", value: "%1$@ %2$#@count@ gesendet"),
            TextTranslation(
                key: "Sent %@ %lld", language: "de", path: ["substitutions", "count", "plural", "other"],
                value: "%arg Mal"),
        ])
        #expect(outcome.results == [.changed, .changed, .changed])
        let strings = reread.read["strings"]
        #expect(
            strings?["%lld files"]?["localizations"]?["ru"]?["variations"]?["plural"]?["few"]?["stringUnit"]?["value"]?
                .string == "%lld файла")
        let count = strings?["Sent %@ %lld"]?["localizations"]?["de"]?["substitutions"]?["count"]
        #expect(count?["argNum"] == .literal("2"))
        #expect(count?["formatSpecifier"]?.string == "lld")
        #expect(count?["variations"]?["plural"]?["other"]?["stringUnit"]?["value"]?.string == "%arg Mal")
    }

    /// An App Shortcut's phrases: the `stringSet` is written as Xcode writes one (state,
    /// then the values' array), replaced whole, and refused where the language holds a text.
    @Test func setsAStringSet() throws {
        let phrases = ["Suche in ${applicationName}", "${applicationName} durchsuchen"]
        let (reread, outcome) = try translate([
            TextTranslation(key: "Done", language: "fr", value: "", values: phrases),
            TextTranslation(key: "Done", language: "de", value: "", values: phrases),
        ])
        #expect(outcome.results.first == .changed)
        #expect(outcome.results.last.map { if case .refused = $0 { true } else { false } } == true)
        let set = reread.read["strings"]?["Done"]?["localizations"]?["fr"]?["stringSet"]
        #expect(set?.members?.map(\.key) == ["state", "values"])
        #expect(set?["state"]?.string == "translated")
        #expect(set?["values"] == .array(phrases.map(CatalogValue.string)))
        #expect(
            String(decoding: reread.rendering, as: UTF8.self).contains(
                """
                        "fr" : {
                          "stringSet" : {
                            "state" : "translated",
                            "values" : [
                              "Suche in ${applicationName}",
                              "${applicationName} durchsuchen"
                            ]
                          }
                        }
                """))
        var document = reread
        var edits: [TextEdit] = []
        let again = document.translate(
            [
                TextTranslation(key: "Done", language: "fr", value: "", values: phrases),
                TextTranslation(key: "Done", language: "fr", value: "Terminé"),
            ], like: { _ in nil }, placing: { _ in nil }, edits: &edits)
        #expect(again.results.first == .unchanged)
        #expect(again.results.last.map { if case .refused = $0 { true } else { false } } == true)
    }

    @Test func refusesUnknownKeysAndMismatchedShapes() throws {
        let (_, outcome) = try translate([
            TextTranslation(key: "Nope", language: "de", value: "x"),
            TextTranslation(key: "%lld files", language: "en", value: "flat"),
            TextTranslation(key: "Done", language: "de", path: ["plural", "one"], value: "x"),
            TextTranslation(key: "Done", language: "de", path: ["plural", "lots"], value: "x"),
        ])
        for result in outcome.results {
            guard case .refused = result else {
                Issue.record("expected a refusal, got \(result)")
                continue
            }
        }
        #expect(outcome.touched.isEmpty)
    }
}
