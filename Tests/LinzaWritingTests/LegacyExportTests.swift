@testable import LinzaBase
@testable import LinzaTables
@testable import LinzaWriting
import Testing

/// `linza migrate --to strings`: a catalog back to `.strings` and `.stringsdict` files, and
/// the property that migrating there and back gives the files byte for byte.
@Suite struct LegacyExportTests {
    func catalog(_ json: String) throws -> CatalogValue {
        let bytes = Array(json.utf8)
        return try #require(CatalogValue(try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }))
    }

    func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    @Test func textsCommentsAndTheSourceTextThatIsItsKeyComeBack() throws {
        let value = try catalog(
            """
            {"sourceLanguage": "en", "strings": {
              "OK": {"comment": "Confirms", "localizations": {"de": {"stringUnit": {"state": "needs_review", "value": "OK"}}}},
              "quote": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Say \\"hi\\"\\n"}}}}
            }, "version": "1.0"}
            """)
        let (files, notes) = try LegacyExport.files(of: value, path: "L.xcstrings")
        #expect(
            text(files["en"]?.strings) == "/* Confirms */\n\"OK\" = \"OK\";\n\n\"quote\" = \"Say \\\"hi\\\"\\n\";\n")
        #expect(text(files["de"]?.strings) == "/* Confirms */\n\"OK\" = \"OK\";\n")
        #expect(notes == ["1 unit in state needs_review: a .strings file has no states"])
    }

    @Test func substitutionsComeBackWithTheirPositionAndNumber() throws {
        let value = try catalog(
            """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"ru": {
              "stringUnit": {"state": "translated", "value": "%2$@: %#@notes@"},
              "substitutions": {"notes": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                "other": {"stringUnit": {"state": "translated", "value": "%arg заметки"}},
                "one": {"stringUnit": {"state": "translated", "value": "%arg заметка"}}}}}}}}}}}
            """)
        let stringsdict = try #require(
            text(try LegacyExport.files(of: value, path: "L.xcstrings").files["ru"]?.stringsdict))
        #expect(stringsdict.contains("<string>%2$@: %1$#@notes@</string>"))
        #expect(stringsdict.contains("<key>one</key>\n\t\t\t<string>%lld заметка</string>\n\t\t\t<key>other</key>"))
        #expect(stringsdict.contains("<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>lld</string>"))
    }

    @Test func deviceVariationsAreRefused() throws {
        let value = try catalog(
            """
            {"sourceLanguage": "en", "strings": {"tap": {"localizations": {"en": {"variations": {"device": {
              "mac": {"stringUnit": {"state": "translated", "value": "Click"}},
              "other": {"stringUnit": {"state": "translated", "value": "Tap"}}}}}}}}}
            """)
        #expect(throws: MigrationRefusal.self) { try LegacyExport.files(of: value, path: "L.xcstrings") }
    }

    /// Generated tables in the layout `--to strings` writes (entries in Xcode's order, a
    /// comment on some, every language's comment the development one's, plurals named
    /// `value`), migrated to a catalog, rendered, read back and written back: the same bytes.
    @Test(arguments: 0..<40)
    func migratingAndBackGivesTheSameFiles(_ seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let (files, table) = generated(&random)
        let (migrated, notes) = CatalogMigration.catalog(table, sourceLanguage: "en")
        #expect(notes.isEmpty)
        let bytes = XcodeJSONLayout().render(migrated)
        let reread = try catalog(String(decoding: bytes, as: UTF8.self))
        #expect(reread == migrated)
        let back = try LegacyExport.files(of: reread, path: "L.xcstrings").files
        #expect(back == files, "seed \(seed)")
        // And the files read as the table they were generated from.
        for (language, file) in files {
            if let strings = file.strings {
                #expect(
                    MigratePlanner.texts(of: try StringsDocument(path: "x.strings", bytes: strings))
                        == table.texts[language])
            }
            if let stringsdict = file.stringsdict {
                #expect(try LegacyTable.plurals(of: stringsdict, path: "x.stringsdict") == table.plurals[language])
            }
        }
    }

    func generated(_ random: inout SplitMix) -> (files: [String: LegacyExport.Files], table: LegacyTable) {
        let alphabet = [
            "a", "b", "Z", " ", "é", "ж", "\"", "\\", "\n", "&", "<", "'", "%@", "%1$@", "…", "9", "10", "-",
        ]
        func word(_ length: Int) -> String { (0..<length).map { _ in alphabet[random.next(alphabet.count)] }.joined() }
        var keys = Set<String>()
        while keys.count < 2 + random.next(8) { keys.insert("k" + word(1 + random.next(5))) }
        let ordered = keys.sorted { CatalogCollation.precedes($0, $1) }
        let plural = Set(ordered.filter { _ in random.next(4) == 0 })
        let comments = Dictionary(
            uniqueKeysWithValues: ordered.map {
                (
                    $0,
                    random.next(2) == 0
                        ? "note-" + word(3).filter { $0 != "\n" && $0 != "\\" && $0 != "\"" && $0 != " " } : nil
                )
            })
        var table = LegacyTable()
        var files: [String: LegacyExport.Files] = [:]
        for language in ["en", "de", "ru"] {
            var texts: [LegacyTable.Text] = []
            var entries: [String] = []
            var plurals: [LegacyTable.Plural] = []
            for key in ordered where language == "en" || random.next(3) > 0 {
                if plural.contains(key) {
                    let forms = [("one", "%d " + word(2)), ("other", "%d " + word(3))].map {
                        (category: $0.0, text: $0.1)
                    }
                    let variable = LegacyTable.Variable(name: "value", valueType: "d", forms: forms)
                    plurals.append(LegacyTable.Plural(key: key, format: "%#@value@", variables: [variable]))
                    continue
                }
                // The development text is sometimes the key itself (no unit in the catalog).
                let value = language == "en" && random.next(3) == 0 ? key : word(random.next(6))
                texts.append(LegacyTable.Text(key: key, value: value, comment: comments[key]!))
                entries.append(LegacyWriting.stringsEntry(key: key, value: value, comment: comments[key]!))
            }
            if !texts.isEmpty { table.texts[language] = texts }
            if !plurals.isEmpty { table.plurals[language] = plurals }
            files[language] = LegacyExport.Files(
                strings: texts.isEmpty ? nil : LegacyWriting.stringsFile(entries),
                stringsdict: plurals.isEmpty
                    ? nil : LegacyWriting.stringsdictFile(plurals.map(LegacyWriting.stringsdictEntry)))
        }
        return (files, table)
    }
}

/// A small seeded generator, so that a failing case can be run again.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
