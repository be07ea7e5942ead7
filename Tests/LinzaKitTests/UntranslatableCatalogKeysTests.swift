import Testing
@testable import LinzaBase
@testable import LinzaTables

/// Keys marked `shouldTranslate: false` show the source text in every language: each
/// language without its own entry of the key gets the source's, marked not to translate.
/// Looked up in sets made once (a catalog of 20,000 such keys took 34 s to load when each
/// was searched for in every language); the entries must be those the searches gave.
@Suite struct UntranslatableCatalogKeysTests {
    static let catalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "brand" : { "shouldTranslate" : false, "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Marke" } } } },
            "hello" : { "localizations" : { "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour" } } } },
            "logo" : { "shouldTranslate" : false, "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Logo!" } } } },
            "broken" : { "shouldTranslate" : false, "localizations" : { "en" : "not an object" } },
            "brand" : { "shouldTranslate" : false }
          },
          "version" : "1.0"
        }
        """#

    @Test(arguments: [false, true])
    func everyLanguageShowsTheSourceText(whenAsked: Bool) {
        let file = TableFile(
            path: "/p/Localizable.xcstrings", language: nil, name: "Localizable", format: .xcstrings,
            displayName: "Localizable.xcstrings")
        let loaded = TableLoader.load(file, bytes: Array(Self.catalog.utf8), catalogEntriesWhenAsked: whenAsked)
        func entries(_ language: String) -> [String] {
            (loaded.first { $0.language == language }?.entries ?? []).map {
                "\($0.key)=\($0.value ?? "nil")\($0.isTranslatable ? "" : " (not translated)")"
            }
        }
        #expect(loaded.map(\.language) == ["de", "en", "fr"])
        // The source's own entries, its key standing as the text where it has none; the
        // last `brand` is the one marked, and `broken`, whose source entry is unusable,
        // gets a bare entry.
        #expect(
            entries("en") == [
                "brand=brand", "hello=hello", "logo=Logo! (not translated)", "brand=brand (not translated)",
                "broken=nil",
            ])
        // A language keeps its own entry of the key (`brand` in German) and gets the
        // source's where it has none.
        #expect(
            entries("de") == ["brand=Marke", "logo=Logo! (not translated)", "broken=nil"])
        #expect(
            entries("fr") == [
                "hello=Bonjour", "brand=brand (not translated)", "logo=Logo! (not translated)", "broken=nil",
            ])
    }
}
