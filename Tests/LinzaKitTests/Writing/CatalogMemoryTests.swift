import Testing
@testable import LinzaBase
@testable import LinzaTables

/// A String Catalog of tens of megabytes is edited without a tree of it or a copy of it per
/// step (issue 37): the document holds the entries a plan changes and nothing else, and its
/// edit is a splice of those entries, not the whole file again.
@Suite struct CatalogMemoryTests {
    /// A catalog of `count` entries in Xcode's layout, each in three languages.
    static func catalog(_ count: Int) -> [UInt8] {
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for index in 0..<count {
            let key = "item." + String(repeating: "0", count: 5 - String(index).count) + String(index)
            text += "    \"\(key)\" : {\n      \"localizations\" : {\n"
            for (position, language) in ["de", "en", "fr"].enumerated() {
                text +=
                    "        \"\(language)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
                    + "            \"value\" : \"\(language) \(index)\"\n          }\n        }\(position < 2 ? "," : "")\n"
            }
            text += "      }\n    }\(index < count - 1 ? "," : "")\n"
        }
        return Array((text + "  },\n  \"version\" : \"1.0\"\n}\n").utf8)
    }

    @Test func addingOneEntryHoldsAndSplicesThatEntryOnly() throws {
        let bytes = Self.catalog(2000)
        var document = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: bytes)
        var edits: [TextEdit] = []
        let outcome = document.plan(
            TableChange(adding: [NewStringsEntry(key: "item.01000a", value: "New", comment: "Added")]), edits: &edits)
        #expect(outcome.added.count == 1)
        #expect(document.edited.count == 1, "only the new entry is held")
        // The splice covers the new entry and the separators around it, not the 500 KB file.
        #expect(edits.count == 1)
        #expect(edits.allSatisfy { $0.range.count < 100 && $0.replacement.count < 300 }, "\(edits.map(\.range))")
        let written = document.applying(edits)
        let reread = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: written)
        #expect(reread.keys.count == 2001 && reread.keys[1001] == "item.01000a")
        #expect(written == document.rendering)
    }

    @Test func changingEveryEntryWritesOneSpliceOfThem() throws {
        var document = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: Self.catalog(300))
        var removed: [String] = [], marked: [String] = []
        let edits = document.retire(Set(document.keys), deleting: false, removed: &removed, marked: &marked)
        #expect(marked.count == 300 && edits.count == 1)
        let reread = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: document.applying(edits))
        #expect(reread.keys.allSatisfy { reread.readExtractionState(of: $0) == "stale" })
        // Deleting them all leaves the empty object Xcode writes.
        var emptied = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: Self.catalog(300))
        let deletion = emptied.retire(Set(emptied.keys), deleting: true, removed: &removed, marked: &marked)
        let empty = String(decoding: emptied.applying(deletion), as: UTF8.self)
        #expect(empty == "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}\n")
    }

    /// A key renamed to one sorting last moves its entry from the front to the end: two
    /// small edits, not one splice of everything in between (a 60 MB catalog's rename held
    /// that splice whole).
    @Test func anEntryMovedFarIsTwoSmallEdits() throws {
        let bytes = Self.catalog(2000)
        for (old, new) in [("item.00005", "zz.last"), ("item.01995", "aa.first"), ("item.01000", "item.01000b")] {
            var document = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: bytes)
            var edits: [TextEdit] = []
            _ = document.plan(TableChange(renaming: [old: new]), edits: &edits)
            #expect(edits.count <= 2, "\(old) → \(new)")
            #expect(edits.allSatisfy { $0.range.count < 600 && $0.replacement.count < 600 }, "\(edits.map(\.range))")
            let written = document.applying(edits)
            let reread = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: written)
            #expect(reread.keys == document.order && reread.keys.contains(new) && !reread.keys.contains(old))
            #expect(reread.keys == reread.keys.sorted())
            #expect(reread.values[new + "\u{0}de"] == .some("de \(Int(old.dropFirst(5))!)"))
            #expect(reread.root == document.root)
        }
    }

    /// Edits between entries kept as read, whatever the plan did: removed at both ends,
    /// added between, changed in place; each plan written reads back as the document says.
    @Test func editsAroundKeptEntriesWriteWhatTheDocumentHolds() throws {
        let bytes = Self.catalog(40)
        let plans: [TableChange] = [
            TableChange(removing: ["item.00000", "item.00039"]),
            TableChange(
                removing: ["item.00000"], adding: [NewStringsEntry(key: "item.00039a", value: "x", comment: nil)]),
            TableChange(
                removing: Set(
                    (0..<40).map { "item." + String(repeating: "0", count: 5 - String($0).count) + String($0) })
            ),
            TableChange(renaming: ["item.00001": "item.00038a", "item.00038": "item.00001a"]),
            TableChange(adding: [
                NewStringsEntry(key: "a", value: "A", comment: "first"),
                NewStringsEntry(key: "z", value: "Z", comment: nil),
            ]),
        ]
        for change in plans {
            var document = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: bytes)
            var edits: [TextEdit] = []
            _ = document.plan(change, edits: &edits)
            let written = document.applying(edits)
            let reread = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: written)
            // Read with the check that the file is in Xcode's layout.
            #expect(reread.keys == document.order)
            #expect(reread.root == document.root)
            #expect(written == document.rendering)
        }
    }
}
