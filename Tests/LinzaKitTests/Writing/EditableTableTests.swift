import Testing
@testable import LinzaBase
@testable import LinzaTables

/// The operations every editable table carries out its own way (`EditableTable`), asked
/// for through the protocol alone, as the planners ask for them.
@Suite struct EditableTableTests {
    static let strings = "/* A */\n\"a\" = \"A\";\n/* B */\n\"b\" = \"B\";\n/* C */\n\"c\" = \"C\";\n"

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : {
              "comment" : "Note A",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "A de"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "A"
                  }
                }
              }
            },
            "b" : {
              "extractionState" : "manual"
            },
            "c" : {

            }
          },
          "version" : "1.0"
        }
        """

    static func open(_ format: TableFormat, _ text: String, path: String = "/p/en.lproj/L") throws -> any EditableTable
    {
        try format.editableTable(path: path + "." + format.rawValue, bytes: Array(text.utf8))
    }

    static func stringsdict(_ keys: [String]) throws -> any EditableTable {
        try open(.stringsdict, StringsdictDocumentTests.plist(keys.map(StringsdictDocumentTests.entry).joined()))
    }

    static func text(_ document: any EditableTable, _ edits: [TextEdit]) -> String {
        String(decoding: document.applying(edits), as: UTF8.self)
    }

    /// `fields` (`archived`) as the archive file holds them, read back.
    static func archive(_ fields: [(String, JSONValue)]) throws -> JSONNode {
        try Array(JSONValue.object(fields).rendered().utf8).withUnsafeBufferPointer { try JSONParser.parse($0) }
    }

    @Test func theFactoryOpensAndCreatesEachFormat() throws {
        #expect(try Self.open(.strings, Self.strings).format == .strings)
        #expect(try Self.stringsdict(["a"]).format == .stringsdict)
        let catalog = try Self.open(.xcstrings, Self.catalog)
        #expect(catalog.format == .xcstrings && catalog.sharedSourceLanguage == "en")
        #expect(try Self.open(.strings, Self.strings).sharedSourceLanguage == nil)
        let plurals = try TableFormat.stringsdict.newTable(at: "/p/en.lproj/L.stringsdict")
        #expect(plurals.isNew && plurals.keys.isEmpty)
        let created = try TableFormat.xcstrings.newTable(at: "/q/L.xcstrings", like: catalog)
        #expect(created.isNew && created.sharedSourceLanguage == "en")
        #expect(throws: TableRefusal.self) { try TableFormat.xcstrings.newTable(at: "/q/L.xcstrings") }
        #expect(!TableFormat.stringsdict.canHold("a\u{1}b") && TableFormat.strings.canHold("a\u{1}b"))
    }

    @Test func aStringsFilePlansRemovalsRenamesAndAdditionsInOneChange() throws {
        var document = try Self.open(.strings, Self.strings)
        let added = NewStringsEntry(key: "bb", value: "BB", comment: "Note")
        var edits: [TextEdit] = []
        let outcome = document.plan(TableChange(removing: ["b"], renaming: ["a": "a2"], adding: [added]), edits: &edits)
        #expect(outcome.added == [added] && outcome.placedEveryRun && outcome.keptTexts.isEmpty)
        // Sorted by the old keys: "bb" follows "a", the last kept key before it.
        #expect(
            Self.text(document, edits)
                == "/* A */\n\"a2\" = \"A\";\n/* Note */\n\"bb\" = \"BB\";\n/* C */\n\"c\" = \"C\";\n")
        let reread = try Self.open(.strings, Self.text(document, edits))
        let expected = document.valuesRenaming(
            document.expectedValues(removing: ["b"], adding: [added], marking: []), ["a": "a2"])
        #expect(reread.values == expected)
    }

    @Test func aStringsdictWritesEachRunOfArrivingEntriesInOnePiece() throws {
        // The root's end tag does not start its line: a run starts on a new line, as one piece.
        let text = "<plist version=\"1.0\">\n<dict><key>x</key><string>y</string></dict>\n</plist>\n"
        var document = try Self.open(.stringsdict, text)
        let one = TableEntryPayload.plural(
            key: "a", lines: Array("\t<key>a</key>\n\t<string>A</string>\n".utf8), indentation: [0x09])
        let two = TableEntryPayload.plural(
            key: "b", lines: Array("\t<key>b</key>\n\t<string>B</string>\n".utf8), indentation: [0x09])
        var together: [TextEdit] = []
        _ = document.plan(TableChange(arriving: [[one, two]]), edits: &together)
        var apart: [TextEdit] = []
        _ = document.plan(TableChange(arriving: [[one], [two]]), edits: &apart)
        #expect(together.count == 1 && apart.count == 2)
        // Re-indented like the file's first entry, which has no line of its own here.
        #expect(
            Self.text(document, together) == "<plist version=\"1.0\">\n<dict><key>x</key><string>y</string>\n"
                + "<key>a</key>\n<string>A</string>\n<key>b</key>\n<string>B</string>\n</dict>\n</plist>\n")
        #expect(
            Self.text(document, apart) == "<plist version=\"1.0\">\n<dict><key>x</key><string>y</string>\n"
                + "<key>a</key>\n<string>A</string>\n\n<key>b</key>\n<string>B</string>\n</dict>\n</plist>\n")
        // A root written `<dict/>` has no end tag to add before: nothing is placed, and the plan says so.
        var empty = try Self.open(.stringsdict, "<plist version=\"1.0\">\n<dict/>\n</plist>\n")
        var none: [TextEdit] = []
        #expect(!empty.plan(TableChange(arriving: [[one]]), edits: &none).placedEveryRun && none.isEmpty)
        // Renames and removals keep every other entry's bytes.
        var plurals = try Self.stringsdict(["a", "b", "c"])
        var edits: [TextEdit] = []
        _ = plurals.plan(TableChange(removing: ["b"], renaming: ["c": "d"]), edits: &edits)
        #expect(try Self.open(.stringsdict, Self.text(plurals, edits)).keys == ["a", "d"])
        #expect(plurals.indentation == [0x09] && plurals.lineEnding == [0x0A])
    }

    @Test func aCatalogAddsEntriesAndLocalizationsWhereTheyLack() throws {
        var catalog = try Self.open(.xcstrings, Self.catalog)
        let new = NewStringsEntry(key: "d", value: "Dee", comment: "Note D")
        let french = NewStringsEntry(key: "a", value: "A fr", language: "fr")
        let adding = [
            new, NewStringsEntry(key: "a", value: "A"), french, NewStringsEntry(key: "a", value: "A2", language: "de"),
            NewStringsEntry(key: "zz", value: "Z", language: "fr"),
        ]
        var edits: [TextEdit] = []
        let outcome = catalog.plan(TableChange(removing: ["b"], renaming: ["c": "c2"], adding: adding), edits: &edits)
        #expect(
            outcome.added == [new, french], "a key the catalog has, a localization it has, an entry it lacks: skipped")
        #expect(
            outcome.keptTexts == ["c2\u{0}en": .some("c")], "the old key was the source text: kept as its localization")
        #expect(edits.count == 1)
        #expect(catalog.holds("a", language: "fr") && !catalog.holds("d", language: "fr"))
        let reread = try Self.open(.xcstrings, Self.text(catalog, edits))
        #expect(reread.keys == ["a", "c2", "d"])
        var expected = catalog.expectedValues(removing: ["b"], adding: outcome.added, marking: [])
        expected.merge(outcome.keptTexts) { _, kept in kept }
        #expect(reread.values == catalog.valuesRenaming(expected, ["c": "c2"]))
        #expect(reread.comments == ["a": "Note A", "d": "Note D"])
    }

    @Test func retiringDeletesFromSpliceFilesAndMarksCatalogEntriesStaleOnce() throws {
        var strings = try Self.open(.strings, "\"a\" = \"1\";\n\"b\" = \"2\";\n\"a\" = \"3\";\n")
        var removed: [String] = [], marked: [String] = []
        let edits = strings.retire(["a"], deleting: false, removed: &removed, marked: &marked)
        #expect(removed == ["a"] && marked.isEmpty && Self.text(strings, edits) == "\"b\" = \"2\";\n")

        var catalog = try Self.open(.xcstrings, Self.catalog)
        removed = []
        _ = catalog.retire(["a", "b", "nope"], deleting: false, removed: &removed, marked: &marked)
        _ = catalog.retire(["a", "b"], deleting: false, removed: &removed, marked: &marked)
        #expect(marked == ["a", "b"] && removed.isEmpty, "each key marked once")
        var deleting = try Self.open(.xcstrings, Self.catalog)
        marked = []
        let deleted = deleting.retire(["a", "c"], deleting: true, removed: &removed, marked: &marked)
        #expect(removed == ["a", "c"] && marked.isEmpty)
        #expect(try Self.open(.xcstrings, Self.text(deleting, deleted)).keys == ["b"])
    }

    @Test func anEntryGivenToATableOfItsFormatIsTakenOrFoundThere() throws {
        let source = try Self.open(.strings, Self.strings)
        let payload = try #require(source.payload(of: "b"))
        #expect(payload == .text(NewStringsEntry(key: "b", value: "B", comment: "B", keepsComment: true)))
        #expect(source.payload(of: "nope") == nil)
        var lacking = try Self.open(.strings, "\"a\" = \"A\";\n")
        #expect(lacking.receive(payload) == .pending)
        var same = try Self.open(.strings, "\"b\" = \"B\";\n")
        var other = try Self.open(.strings, "\"b\" = \"Bee\";\n")
        #expect(
            same.receive(payload) == .present(identical: true) && other.receive(payload) == .present(identical: false))

        let plurals = try Self.stringsdict(["a", "b"])
        let plural = try #require(plurals.payload(of: "b"))
        #expect(plural.key == "b")
        var target = try Self.stringsdict(["a"])
        #expect(target.receive(plural) == .pending && target.receive(payload) == .unfit)
        var holding = try Self.stringsdict(["b"])
        #expect(holding.receive(plural) == .present(identical: true))

        let catalog = try Self.open(.xcstrings, Self.catalog)
        let entry = try #require(catalog.payload(of: "a"))
        var created = try TableFormat.xcstrings.newTable(at: "/q/L.xcstrings", like: catalog)
        guard case .received(let values) = created.receive(entry) else { Issue.record("not received"); return }
        #expect(values == catalog.values.filter { $0.key.hasPrefix("a") })
        var written: [TextEdit] = []
        _ = created.plan(TableChange(), edits: &written)
        #expect(created.keys.isEmpty && written.count == 1, "taken into the tree, written whole")
        #expect(created.receive(payload) == .unfit)
        // A catalog that has the key compares it with its entry as read.
        var holdingEntry = try Self.open(.xcstrings, Self.catalog)
        #expect(holdingEntry.receive(entry) == .present(identical: true))
        var differing = try Self.open(.xcstrings, Self.catalog.replacing("\"A de\"", with: "\"A!\""))
        #expect(differing.receive(entry) == .present(identical: false))
    }

    @Test func aStringsdictArchiveRestoresTheDeletedEntries() throws {
        var document = try Self.stringsdict(["a", "b", "c"])
        var removed: [String] = [], marked: [String] = []
        let edits = document.retire(["b"], deleting: false, removed: &removed, marked: &marked)
        let archived = try Self.archive(document.archived(removed: removed, marked: marked, edits: edits))
        var pruned = try TableFormat.stringsdict.editableTable(path: document.path, bytes: document.applying(edits))
        let restoring = pruned.restoring(archived)
        #expect(pruned.applying(restoring.edits) == document.bytes && restoring.skipped.isEmpty)
        #expect(Set(restoring.restored.keys) == ["b"])
        // Put back twice: the key is there again, and is left out.
        var restored = try TableFormat.stringsdict.editableTable(path: document.path, bytes: document.bytes)
        #expect(restored.restoring(archived).skipped.count == 1)
    }

    @Test func aCatalogArchiveRestoresDeletedAndStaleEntries() throws {
        var catalog = try Self.open(.xcstrings, Self.catalog)
        var removed: [String] = [], marked: [String] = []
        _ = catalog.retire(["a"], deleting: true, removed: &removed, marked: &marked)
        let edits = catalog.retire(["b"], deleting: false, removed: &removed, marked: &marked)
        let archived = try Self.archive(catalog.archived(removed: removed, marked: marked, edits: edits))
        var pruned = try TableFormat.xcstrings.editableTable(path: catalog.path, bytes: catalog.applying(edits))
        #expect(pruned.keys == ["b", "c"])
        let restoring = pruned.restoring(archived)
        #expect(pruned.applying(restoring.edits) == catalog.bytes, "the entry at its place, the state as it was")
        #expect(restoring.restored["b"] == .some("manual") && restoring.restored["a"] != nil)
    }

    @Test func onlyACatalogsValuesCarryLanguagesAlongARename() throws {
        let values: [String: String?] = ["a": nil, "a\u{0}en": "A"]
        #expect(
            try Self.open(.xcstrings, Self.catalog).valuesRenaming(values, ["a": "b"]) == ["b": nil, "b\u{0}en": "A"])
        // In a `.strings` file a key may hold a NUL: it is a key of its own.
        #expect(
            try Self.open(.strings, Self.strings).valuesRenaming(values, ["a": "b"]) == ["b": nil, "a\u{0}en": "A"])
    }

    @Test func eachFormatDescribesItsStyle() throws {
        let strings = try Self.open(.strings, "/* One */\n\"a\" = \"A\";\r\n// Two\r\n\"b\" = \"B\";\r\n")
        #expect(strings.comments == ["a": "One", "b": "Two"] && strings.lineEnding == [0x0D, 0x0A])
        #expect(try Self.open(.xcstrings, Self.catalog).lineEnding == [0x0A])
        #expect(try Self.stringsdict([]).indentation == [0x09] && strings.indentation == [0x09])
    }
}
