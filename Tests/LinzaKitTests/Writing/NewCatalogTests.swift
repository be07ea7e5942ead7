import Testing
@testable import LinzaBase
@testable import LinzaTables

/// `CatalogDocument.newFile`: the catalog `move` creates for entries from another catalog.
@Suite struct NewCatalogTests {
    static let template = """
        {
          "sourceLanguage" : "de",
          "strings" : {
            "b" : {
              "comment" : "Zeile\\u2028zwei",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "needs_review",
                    "value" : "B"
                  }
                }
              }
            }
          },
          "version" : "1.1"
        }

        """

    @Test func aNewCatalogIsWhatXcodeWritesForItsEntries() throws {
        let template = try CatalogDocument(path: "/a/Localizable.xcstrings", bytes: Array(Self.template.utf8))
        var catalog = CatalogDocument.newFile(at: "/b/Feed.xcstrings", like: template)
        #expect(catalog.isNew && catalog.keys.isEmpty)
        #expect(catalog.edits.isEmpty, "no entry, no file")
        let entry = try #require(template.read["strings"]?.members?.first)
        catalog.restore(entry.key, entry.value)
        let edits = catalog.edits
        #expect(edits.count == 1 && edits[0].range == 0..<0)
        // The template's source language, version, escapes and final newline.
        let written = catalog.applying(edits)
        #expect(String(decoding: written, as: UTF8.self) == Self.template)
        let reread = try CatalogDocument(path: "/b/Feed.xcstrings", bytes: written)
        #expect(reread.values == CatalogDocument.values(of: entry))
        #expect(reread.sourceLanguage == "de" && !reread.isNew)
    }
}
