import Testing
@testable import LinzaBase
@testable import LinzaTables

/// `.strings` entries loaded as views into their file's text (`TableEntry`, `TableText`) and
/// the byte-keyed index over them (`KeyIndex`, `TableEntries`): they must read exactly as the
/// entries made from strings did.
@Suite struct TableViewTests {
    static let path = "/p/de.lproj/Localizable.strings"

    func load(_ text: String, name: String = "Localizable", format: TableFormat = .strings) -> LoadedTableFile {
        let file = TableFile(
            path: format == .strings ? Self.path : "/p/de.lproj/\(name).stringsdict", language: "de",
            name: name, format: format, displayName: "de.lproj/\(name)")
        return TableLoader.load(file, bytes: Array(text.utf8))[0]
    }

    @Test func viewsReadAsTheParsedStringsDo() {
        let text = """
            /* Escapes make a key or value differ from its bytes. */
            "plain" = "Wert";
            "esc\\"aped\\n" = "Zeile\\n\\U00E9\\UD83D\\UDE00 %@";
            unquoted.key = unquoted;
            "same";
            "dict" = { "a" = "b"; };
            "empty" = "";
            """
        let loaded = load(text)
        let parsed = Array(text.utf8).withUnsafeBufferPointer { StringsParser.parse($0) }
        #expect(loaded.problems.map(\.message) == parsed.problems.map(\.message))
        #expect(loaded.entries.map(\.key) == parsed.entries.map(\.key))
        #expect(loaded.entries.map(\.value) == parsed.entries.map(\.value))
        #expect(loaded.entries.map(\.key) == ["plain", "esc\"aped\n", "unquoted.key", "same", "dict", "empty"])
        #expect(loaded.entries[1].value == "Zeile\n\u{E9}\u{1F600} %@")
        #expect(loaded.entries[3].value == "same")
        #expect(loaded.entries[4].isUsable == false && loaded.entries[4].texts.isEmpty)
        // Places are worked out when asked for: line 2 column 1 for the first key, and the
        // value's own column.
        #expect(loaded.entries[0].location == Location(file: Self.path, line: 2, column: 1))
        #expect(loaded.entries[0].texts.map(\.location) == [Location(file: Self.path, line: 2, column: 11)])
        #expect(loaded.entries[1].location.line == 3)
        #expect(loaded.entries.map(\.hasFormatSignInTexts) == [false, true, false, false, false, false])
        #expect(loaded.entries.map(\.hasEmptyText) == [false, false, false, false, false, true])
        #expect(loaded.entries[1].withKeyBytes { Array($0) } == Array("esc\"aped\n".utf8))
    }

    @Test func aMaterializedOrChangedEntryKeepsItsFields() {
        let entry = load(#""k" = "v";"#).entries[0]
        #expect(entry.materialized == entry)
        #expect(entry.materialized.fields == entry.fields)
        var changed = entry
        changed.isUsable = false
        #expect(changed.key == "k" && changed.value == "v" && changed.isUsable == false)
        #expect(entry.isUsable)
        #expect(changed.textContents.map(\.text) == ["v"])
    }

    @Test func duplicatesAreFoundByBytes() {
        let loaded = load(
            "\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n\"Caf\u{E9}\" = \"x\";\n\"Cafe\u{301}\" = \"y\";\n")
        // Precomposed and decomposed é are different keys to the run time.
        #expect(loaded.duplicates.map(\.key) == ["a"])
        #expect(loaded.duplicates.first?.location.line == 3)
        #expect(loaded.duplicates.first?.firstLocation.line == 1)
    }

    @Test func theLastUsableDefinitionWinsAndAStringsdictEntryBeatsAStringsOne() {
        let strings = load(#""a" = "1"; "b" = "2"; "a" = "3"; "c" = ("x");"#)
        let stringsdict = load(
            """
            <plist version="1.0"><dict><key>b</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>plural</string></dict></dict></plist>
            """, format: .stringsdict)
        let table = LocalizationTable(language: "de", name: "Localizable", files: [stringsdict, strings])
        #expect(table.entry(for: "a")?.value == "3")
        #expect(table.entry(for: "b")?.value == "plural")
        #expect(table.entry(for: "c") == nil)
        #expect(table.entries.contains(ExactString("a")) && !table.entries.contains(ExactString("d")))
        #expect(table.entries.count == 2)
        // In the order keys first appear (.strings files first), whatever the hashing.
        #expect(table.entries.keys.map(\.value) == ["a", "b"])
    }

    @Test func theKeyIndexFindsEveryKeyAfterGrowing() {
        let keys = (0..<5_000).map { "key.\($0).\(String(repeating: "x", count: $0 % 23))" } + [""]
        var index = KeyIndex(capacity: 4)
        for (number, key) in keys.enumerated() {
            var key = key
            let earlier = key.withUTF8 { bytes in
                index.insert(Int32(number), key: bytes) { other in
                    var stored = keys[Int(other)]
                    return stored.withUTF8 { KeyIndex.equal($0, bytes) }
                }
            }
            #expect(earlier == nil)
        }
        #expect(index.count == keys.count)
        func find(_ key: String) -> Int32? {
            var key = key
            return key.withUTF8 { bytes in
                index.find(bytes) { other in
                    var stored = keys[Int(other)]
                    return stored.withUTF8 { KeyIndex.equal($0, bytes) }
                }
            }
        }
        for (number, key) in keys.enumerated() { #expect(find(key) == Int32(number)) }
        #expect(find("key.5") == nil)
        #expect(find("nope") == nil)
        // Inserting a key again returns the first number and adds nothing.
        var again = "key.7.xxxxxxx"
        let earlier = again.withUTF8 { bytes in
            index.insert(99_999, key: bytes) { other in
                var stored = keys[Int(other)]
                return stored.withUTF8 { KeyIndex.equal($0, bytes) }
            }
        }
        #expect(earlier == 7)
        #expect(index.count == keys.count)
    }
}

extension TableViewTests {
    @Test func changingAnEntryNeverChangesACopyOfIt() {
        var entry = TableEntry(key: "k", location: Location(file: "/f", line: 1, column: 1), format: .stringsdict)
        entry.texts.append(EntryText(text: "a", role: .value, location: Location(file: "/f", line: 2, column: 1)))
        let copy = entry
        entry.texts.append(EntryText(text: "b", role: .value, location: Location(file: "/f", line: 3, column: 1)))
        entry.state = "translated"
        #expect(copy.texts.map(\.text) == ["a"] && copy.state == nil)
        #expect(entry.texts.map(\.text) == ["a", "b"] && entry.state == "translated")
        #expect(entry.format == .stringsdict && entry.key == "k")
    }
}
