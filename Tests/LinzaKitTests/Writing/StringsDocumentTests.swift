import Testing
@testable import LinzaBase
@testable import LinzaTables

/// Editing `.strings` files by splicing: exact bytes after each kind of edit, in every
/// encoding and line-ending style.
@Suite struct StringsDocumentTests {
    func document(_ text: String) throws -> StringsDocument {
        try StringsDocument(path: "/p/en.lproj/Localizable.strings", bytes: Array(text.utf8))
    }

    func text(_ document: StringsDocument, _ edits: [TextEdit]) -> String {
        String(decoding: document.applying(edits), as: UTF8.self)
    }

    static let commented = """
        /* Header of the file */

        /* Menu title */
        "menu.title" = "Menu";

        /* Pay button */
        "pay" = "Pay"; // shown on checkout

        // Last one
        "zeta" = "Z";

        """

    @Test(arguments: [
        Array("\"a\" = \"b\";\n".utf8),
        [0xEF, 0xBB, 0xBF] + Array("\"a\" = \"b\";\r\n\"c\" = \"d\";".utf8),
        TextEncoding.utf16LittleEndian.encode(Array("/* é */\n\"a\" = \"ü😀\";\n".utf8)),
        TextEncoding.utf16BigEndian.encode(Array("\"a\" = \"b\";".utf8)),
        Array("".utf8),
        Array("/* only a comment */".utf8),
    ])
    func unchangedFilesRoundTrip(_ bytes: [UInt8]) throws {
        let document = try StringsDocument(path: "/p/L.strings", bytes: bytes)
        #expect(document.applying([]) == bytes)
    }

    @Test func refusesBrokenAndLossyFiles() {
        #expect(throws: TableRefusal.self) { try document("\"a\" = \"b\"\n\"c\" = \"d\";") }
        // An unpaired surrogate decodes to U+FFFD and would not be written back.
        #expect(throws: TableRefusal.self) {
            try StringsDocument(
                path: "/p/L.strings", bytes: [0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00, 0x3B, 0x00])
        }
    }

    @Test func spansHoldCommentsAndTrailingComments() throws {
        let document = try document(Self.commented)
        let spans = document.entries.map { String(decoding: document.text[$0.span], as: UTF8.self) }
        #expect(
            spans == [
                "/* Menu title */\n\"menu.title\" = \"Menu\";\n",
                "/* Pay button */\n\"pay\" = \"Pay\"; // shown on checkout\n",
                "// Last one\n\"zeta\" = \"Z\";\n",
            ])
    }

    @Test func deletingTakesTheBlankLineAlong() throws {
        let document = try document(Self.commented)
        #expect(
            text(document, [document.deletion(of: 1)]) == """
                /* Header of the file */

                /* Menu title */
                "menu.title" = "Menu";

                // Last one
                "zeta" = "Z";

                """)
        #expect(
            text(document, document.deletions(of: [0, 2])) == """
                /* Header of the file */

                /* Pay button */
                "pay" = "Pay"; // shown on checkout

                """)
    }

    @Test func deletingTheLastEntryKeepsAFileWithoutFinalLineBreak() throws {
        let document = try document("\"a\" = \"A\";\r\n\r\n\"b\" = \"B\";")
        #expect(text(document, document.deletions(of: [1])) == "\"a\" = \"A\";")
    }

    @Test func loneCarriageReturnsStay() throws {
        let document = try document("\"a\" = \"A\";\r\"c\" = \"C\";\r\"d\" = \"D\";\r")
        #expect(
            text(document, document.insertions([NewStringsEntry(key: "b", value: "B")]))
                == "\"a\" = \"A\";\r\"b\" = \"B\";\r\"c\" = \"C\";\r\"d\" = \"D\";\r")
    }

    @Test func deletingFromALineWithTwoEntries() throws {
        let document = try document("\"a\" = \"1\"; \"b\" = \"2\"; // two\n\"c\" = \"3\";")
        // The spaces between them go with the deleted entry, its line's line break stays.
        #expect(text(document, [document.deletion(of: 0)]) == "\"b\" = \"2\"; // two\n\"c\" = \"3\";")
        #expect(text(document, [document.deletion(of: 1)]) == "\"a\" = \"1\";\n\"c\" = \"3\";")
        #expect(text(document, [document.deletion(of: 2)]) == "\"a\" = \"1\"; \"b\" = \"2\"; // two")
    }

    // The cases below were found by the writers' fuzz target (Tests/Fuzz/Regressions/writers).

    @Test func aCommentBeforeTheKeyOnItsLineIsTheEntrys() throws {
        let document = try document("/* A */ \"a\" = \"1\";\n\n/* B */\n\"b\" = \"2\";\n")
        #expect(text(document, [document.deletion(of: 0)]) == "/* B */\n\"b\" = \"2\";\n")
    }

    @Test func aCommentHoldingSlashStarStartsWhereItOpens() throws {
        let document = try document("/* old /* note \"x\" = \"y\"; */\n\"a\"  =  \"1\";\n")
        #expect(
            String(decoding: document.text[document.entries[0].span], as: UTF8.self)
                == "/* old /* note \"x\" = \"y\"; */\n\"a\"  =  \"1\";\n")
        // The spacing around `=` is read from the key, not from quotes in the comment.
        #expect(
            text(document, document.insertions([NewStringsEntry(key: "b", value: "2")])).hasSuffix("\"b\"  =  \"2\";\n")
        )
    }

    @Test func aTrailingCommentOverLinesIsTheEntrys() throws {
        let document = try document("\"a\" = \"1\"; /* about a,\n still a */\n\"c\" = \"3\";\n")
        #expect(text(document, [document.deletion(of: 0)]) == "\"c\" = \"3\";\n")
        #expect(
            text(document, document.insertions([NewStringsEntry(key: "b", value: "2")]) { _ in "a" })
                == "\"a\" = \"1\"; /* about a,\n still a */\n\"b\" = \"2\";\n\"c\" = \"3\";\n")
    }

    @Test func insertingAfterAnEntrySharingItsLine() throws {
        let document = try document("\"a\" = \"1\"; \"c\" = \"3\";\n")
        // What followed the anchor on its line stays after the new entry, every byte kept.
        #expect(
            text(document, document.insertions([NewStringsEntry(key: "b", value: "2")]) { _ in "a" })
                == "\"a\" = \"1\";\n\"b\" = \"2\"; \"c\" = \"3\";\n")
    }

    @Test func refusesEntriesInBraces() {
        #expect(throws: TableRefusal.self) { try document("/* x */\n{\n  \"a\" = \"1\";\n}\n") }
    }

    @Test func aLineSeparatorEndsALineComment() throws {
        let document = try document("\"a\" = \"1\"; // note\u{2028}\"b\" = \"2\";\n")
        #expect(document.keys == ["a", "b"])
        #expect(text(document, [document.deletion(of: 1)]) == "\"a\" = \"1\"; // note\u{2028}\n")
    }

    @Test func insertingInSortedFileCopiesItsStyle() throws {
        let document = try document(Self.commented)
        let edits = document.insertions([
            NewStringsEntry(key: "order", value: "Order \"now\"", comment: "Order button"),
            NewStringsEntry(key: "alpha", value: "A"),
        ])
        #expect(
            text(document, edits) == """
                /* Header of the file */

                /* No comment provided by engineer. */
                "alpha" = "A";

                /* Menu title */
                "menu.title" = "Menu";

                /* Order button */
                "order" = "Order \\"now\\"";

                /* Pay button */
                "pay" = "Pay"; // shown on checkout

                // Last one
                "zeta" = "Z";

                """)
    }

    @Test func insertingInUnsortedFileGoesAfterItsAnchorOrAtTheEnd() throws {
        let document = try document("\"b\"=\"B\";\r\n\"a\"=\"A\";\r\n\"c\"=\"C\";")
        let edits = document.insertions([
            NewStringsEntry(key: "b2", value: "B2"), NewStringsEntry(key: "d", value: "D\n"),
        ]) {
            $0 == "b2" ? "b" : nil
        }
        #expect(
            text(document, edits) == "\"b\"=\"B\";\r\n\"b2\"=\"B2\";\r\n\"a\"=\"A\";\r\n\"c\"=\"C\";\r\n\"d\"=\"D\\n\";"
        )
    }

    @Test func insertingIntoEmptyAndCommentOnlyFiles() throws {
        let empty = try document("")
        #expect(text(empty, empty.insertions([NewStringsEntry(key: "a", value: "A")])) == "\"a\" = \"A\";\n")
        let comment = try document("/* Strings */")
        #expect(
            text(comment, comment.insertions([NewStringsEntry(key: "a", value: "A")]))
                == "/* Strings */\n\"a\" = \"A\";")
        // With no entries to follow, entries get their calls' comments and a blank line
        // between them, as genstrings writes them.
        #expect(
            text(
                empty,
                empty.insertions([
                    NewStringsEntry(key: "a", value: "A", comment: "First"), NewStringsEntry(key: "b", value: "B"),
                ])) == "/* First */\n\"a\" = \"A\";\n\n\"b\" = \"B\";\n")
        let blank = try document("\n")
        #expect(
            text(
                blank,
                blank.insertions([
                    NewStringsEntry(key: "a", value: "A", comment: "First"), NewStringsEntry(key: "b", value: "B"),
                ])) == "\n/* First */\n\"a\" = \"A\";\n\n\"b\" = \"B\";\n")
    }

    @Test func utf16FilesStayUTF16() throws {
        let bytes = TextEncoding.utf16LittleEndian.encode(
            Array("\"a\" = \"Ä\";\n\"c\" = \"C\";\n\"d\" = \"D\";\n".utf8))
        let document = try StringsDocument(path: "/p/L.strings", bytes: bytes)
        let updated = document.applying(
            document.insertions([NewStringsEntry(key: "b", value: "ß")]) + [document.deletion(of: 2)])
        #expect(
            updated
                == TextEncoding.utf16LittleEndian.encode(Array("\"a\" = \"Ä\";\n\"b\" = \"ß\";\n\"c\" = \"C\";\n".utf8))
        )
    }
}

extension StringsDocumentTests {
    @Test func commentsAreReadWithoutTheirMarks() throws {
        let document = try document(Self.commented)
        #expect(document.entries.indices.map(document.comment(of:)) == ["Menu title", "Pay button", "Last one"])
    }
}
