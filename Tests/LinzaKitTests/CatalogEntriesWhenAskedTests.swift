import Foundation
import LinzaTestSupport
import Testing
@testable import LinzaBase
@testable import LinzaTables

/// A String Catalog loaded for a writer keeps each entry as its key's record and its
/// localization's place (`CatalogKeyRecord`, `CatalogEntrySpan`), parsed when a field is
/// asked for (issue 37 item 15): it must read exactly as the catalog loaded whole, field by
/// field, problems and duplicates included.
@Suite struct CatalogEntriesWhenAskedTests {
    /// Plural, device and substitution variations, a string set, states, `shouldTranslate`,
    /// a key without a source text, a language twice, members of the wrong type and escapes.
    static let rich = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld items" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Artikel" } },
                      "other" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld Artikel" } }
                    }
                  }
                },
                "en" : {
                  "variations" : {
                    "device" : {
                      "iphone" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } },
                      "mac" : { "stringUnit" : { "state" : "new", "value" : "" } }
                    }
                  }
                }
              }
            },
            "files" : {
              "localizations" : {
                "fr" : {
                  "stringUnit" : { "state" : "translated", "value" : "%#@count@ \"fichiers\"\n" },
                  "substitutions" : {
                    "count" : {
                      "variations" : {
                        "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "un" } } }
                      }
                    }
                  }
                },
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "deux" } },
                "pt_BR" : { "stringUnit" : { "state" : 7, "value" : ["x"] } }
              }
            },
            "shortcut" : {
              "localizations" : {
                "en" : { "stringSet" : { "state" : "translated", "values" : [ "Order", "Reorder" ] } }
              }
            },
            "legacy" : { "shouldTranslate" : false, "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Alt" } } } },
            "no.source" : { "comment" : "Only a key", "localizations" : { "de" : "not an object" } }
          },
          "version" : "1.0"
        }
        """#

    static func load(_ bytes: [UInt8], path: String, whenAsked: Bool) -> [LoadedTableFile] {
        let file = TableFile(
            path: path, language: nil, name: "Localizable", format: .xcstrings, displayName: "Localizable.xcstrings")
        return TableLoader.load(file, bytes: bytes, catalogEntriesWhenAsked: whenAsked)
    }

    /// Every field and question of every entry, as the loaded-whole entry answers them.
    static func expectSame(_ bytes: [UInt8], path: String) {
        let whole = load(bytes, path: path, whenAsked: false)
        let whenAsked = load(bytes, path: path, whenAsked: true)
        #expect(whenAsked.map(\.file) == whole.map(\.file), "\(path)")
        #expect(whenAsked.map(\.problems) == whole.map(\.problems), "\(path)")
        #expect(whenAsked.map(\.duplicates) == whole.map(\.duplicates), "\(path)")
        #expect(whenAsked.map(\.endLocation) == whole.map(\.endLocation), "\(path)")
        #expect(whenAsked.map(\.entries.count) == whole.map(\.entries.count), "\(path)")
        for (lazy, parsed) in zip(whenAsked.flatMap(\.entries), whole.flatMap(\.entries)) {
            #expect(lazy.fields == parsed.fields, "\(path): \(parsed.key)")
            #expect(lazy == parsed && lazy.hashValue == parsed.hashValue)
            #expect(lazy.key == parsed.key && lazy.location == parsed.location && lazy.texts == parsed.texts)
            #expect(lazy.pluralRules == parsed.pluralRules && lazy.state == parsed.state)
            #expect(lazy.extractionState == parsed.extractionState && lazy.isUsable == parsed.isUsable)
            #expect(lazy.format == parsed.format && lazy.isTranslatable == parsed.isTranslatable)
            #expect(lazy.value == parsed.value && lazy.textContents.map(\.text) == parsed.textContents.map(\.text))
            #expect(lazy.textContents.map(\.role) == parsed.textContents.map(\.role))
            #expect(
                lazy.hasFormatSignInTexts == parsed.hasFormatSignInTexts && lazy.hasEmptyText == parsed.hasEmptyText)
            #expect(lazy.withKeyBytes { Array($0) } == parsed.withKeyBytes { Array($0) })
            #expect(lazy.materialized.fields == parsed.fields)
        }
    }

    @Test func entriesReadAsTheCatalogLoadedWholeDoes() {
        Self.expectSame(Array(Self.rich.utf8), path: "/p/Localizable.xcstrings")
        // The checks above compared something: every language, every kind of text.
        let whole = Self.load(Array(Self.rich.utf8), path: "/p/Localizable.xcstrings", whenAsked: false)
        #expect(whole.map(\.language) == ["de", "en", "fr", "pt-BR"])
        let source = whole.first { $0.language == "en" }
        #expect(source?.problems.isEmpty == false && source?.duplicates.isEmpty == false)
        #expect(whole.flatMap(\.entries).contains { !$0.isTranslatable })
        #expect(whole.flatMap(\.entries).contains { $0.pluralRules.count == 1 })
    }

    @Test func everyFixtureCatalogReadsAsLoadedWhole() throws {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: Repository.fixtures)
            .filter { $0.hasSuffix(".xcstrings") }
        #expect(paths.count >= 15)
        for path in paths {
            let full = Repository.fixtures + "/" + path
            Self.expectSame(try FileReader.read(full), path: full)
        }
    }

    /// What makes the load small: no entry of a catalog loaded for a writer holds parsed
    /// fields, and the entries of all its languages share one copy of its text.
    @Test func entriesHoldTheirPlaceNotTheirFields() throws {
        let loaded = Self.load(Array(Self.rich.utf8), path: "/p/Localizable.xcstrings", whenAsked: true)
        var texts = Set<ObjectIdentifier>()
        for entry in loaded.flatMap(\.entries) {
            guard case .catalog(let record, _) = entry.content else {
                Issue.record("\(entry.key) holds its fields")
                continue
            }
            texts.insert(ObjectIdentifier(record.text))
        }
        #expect(texts.count == 1)
        #expect(loaded.compactMap(\.catalogText).allSatisfy { $0 == Array(Self.rich.utf8) })
        // A field changed is held as a field; the record is untouched.
        var changed = loaded[0].entries[0]
        changed.state = "stale"
        #expect(changed.state == "stale" && loaded[0].entries[0].state != "stale")
        var untranslatable = loaded[0].entries[0]
        untranslatable.isTranslatable = false
        guard case .catalog = untranslatable.content else {
            Issue.record("isTranslatable is kept in the span")
            return
        }
        #expect(!untranslatable.isTranslatable && loaded[0].entries[0].isTranslatable)
    }
}
