import Testing

@testable import LinzaBase
@testable import LinzaTables

/// The order of a String Catalog's units in Xcode's XLIFF, and the empty elements Xcode
/// writes, as a real Xcode 26.2 export shows them (cleveland-lewis/Itori; docs/ROUNDTRIP.md).
@Suite struct ExchangeUnitOrderTests {
    /// Keys in the order that export lists them (a sample of its 1,121): digit runs as numbers,
    /// uppercase before lowercase, everything beyond ASCII after, by code unit.
    static let xcodeOrder = [
        "", " ", "%.1f Credits", "%@", "%@ running", "%lld", "%lld %@", "(%lld)", "+%lld more", "0",
        "1. Click the button below to open System Settings.", "2. Find 'Roots' in the list.",
        "4. Return here to sync.", "12-hour", "24-hour", "50pct", ">", "API Key", "ARCHIVED", "Academic",
        "Add", "Add Assignment", "Add Assignment...", "timer.label.search", "·", "· %@", "· Target: %lld%%",
        "· ~%lld %@", "—", "•", "● %lld", "🔧 Phase 6.7: TextEditor with custom Binding ADDED",
    ]

    @Test func keysAreInXcodesXLIFFOrder() {
        for (index, key) in Self.xcodeOrder.enumerated() {
            for (other, otherKey) in Self.xcodeOrder.enumerated() {
                #expect(ExchangeUnitOrder.precedes(key, otherKey) == (index < other), "\(key) / \(otherKey)")
            }
        }
        #expect(ExchangeUnitOrder.compare("a01", "a1") != 0, "a total order")
        #expect(ExchangeUnitOrder.compare("a01", "a1") == -ExchangeUnitOrder.compare("a1", "a01"))
    }

    @Test func catalogUnitsFollowThatOrderNotTheCatalogs() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "·" : {

                },
                "12-hour" : {

                },
                "2. Find" : {

                },
                "Academic" : {
                  "localizations" : {
                    "en" : {
                      "variations" : {
                        "plural" : {
                          "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld year" } },
                          "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld years" } }
                        }
                      }
                    }
                  }
                },
                "ARCHIVED" : {

                }
              },
              "version" : "1.1"
            }
            """
        let units = try ExchangeMapping.catalogUnits(Array(catalog.utf8), path: "L.xcstrings", targetLanguage: "de")
        #expect(
            units.units.map(\.id) == [
                "2. Find", "12-hour", "ARCHIVED", "Academic|==|plural.one", "Academic|==|plural.other", "·",
            ])
    }

    @Test func emptyTextsAreWrittenAsEmptyElements() throws {
        let document = XLIFFDocument(files: [
            XLIFFFile(
                original: "L.xcstrings", sourceLanguage: "en", targetLanguage: "en",
                tool: XLIFFTool(version: "26.2", buildNumber: "17C52"),
                units: [XLIFFUnit(id: "", source: "", target: "", state: "new", note: "")])
        ])
        let text = String(decoding: XLIFFWriter.bytes(of: document), as: UTF8.self)
        #expect(
            text.contains(
                """
                      <trans-unit id="" xml:space="preserve">
                        <source/>
                        <target state="new"/>
                        <note/>
                      </trans-unit>
                """))
        #expect(try XLIFFReader.read(Array(text.utf8), path: "x.xliff") == document)
    }
}
