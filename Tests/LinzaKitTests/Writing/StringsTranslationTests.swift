import Testing
@testable import LinzaBase
@testable import LinzaTables

/// `import`'s edits of `.strings` files (`EditableTable.translate`): a value set in its
/// own quoting, a missing key added where the file's order says, every other byte kept.
@Suite struct StringsTranslationTests {
    private func translate(_ text: String, _ translations: [TextTranslation], encoding: TextEncoding = .utf8)
        throws -> (String, TranslationOutcome)
    {
        var document = try StringsDocument(path: "/p/de.lproj/L.strings", bytes: encoding.encode(Array(text.utf8)))
        var edits: [TextEdit] = []
        let outcome = document.translate(translations, like: { _ in nil }, placing: { _ in nil }, edits: &edits)
        let updated = document.applying(edits)
        let reread = try StringsDocument(path: "/p/de.lproj/L.strings", bytes: updated)
        #expect(reread.encoding == document.encoding)
        let values = reread.values
        for (key, value) in outcome.expected { #expect(values[key] == value) }
        return (String(decoding: reread.text, as: UTF8.self), outcome)
    }

    private func de(_ key: String, _ value: String) -> TextTranslation {
        TextTranslation(key: key, language: "de", value: value)
    }

    @Test func setsAValueAndKeepsEveryOtherByte() throws {
        let text = "/* Title */\n\"a\" = \"Alt\";\n\n/* Body */\n\"b\"=\"B\"; // tail\n"
        let (result, outcome) = try translate(text, [de("b", "Neu \"B\"\nzwei")])
        #expect(result == "/* Title */\n\"a\" = \"Alt\";\n\n/* Body */\n\"b\"=\"Neu \\\"B\\\"\\nzwei\"; // tail\n")
        #expect(outcome.results == [.changed])
        #expect(outcome.touched == ["b"])
    }

    @Test func anEqualValueChangesNothing() throws {
        let text = "\"a\" = \"A\";\n"
        let (result, outcome) = try translate(text, [de("a", "A")])
        #expect(result == text)
        #expect(outcome.results == [.unchanged])
        #expect(outcome.touched.isEmpty)
    }

    @Test func keepsSingleQuotesUnquotedAndShorthandEntriesReadable() throws {
        let text = "'a' = 'A';\nb = B;\n\"c\";\n"
        let (result, _) = try translate(text, [de("a", "it's"), de("b", "B b"), de("c", "C")])
        #expect(result == "'a' = 'it\\'s';\nb = \"B b\";\n\"c\" = \"C\";\n")
    }

    @Test func aValueWrittenOverLinesKeepsItsRawLineBreaks() throws {
        let text = "\"a\" = \"one\ntwo\";\n"
        let (result, _) = try translate(text, [de("a", "eins\nzwei")])
        #expect(result == "\"a\" = \"eins\nzwei\";\n")
    }

    @Test func theLastDefinitionIsTheOneSet() throws {
        let text = "\"a\" = \"1\";\n\"a\" = \"2\";\n"
        let (result, _) = try translate(text, [de("a", "3")])
        #expect(result == "\"a\" = \"1\";\n\"a\" = \"3\";\n")
    }

    @Test func aMissingKeyIsAddedInSortedPlaceWithTheFilesStyle() throws {
        let text = "/* A */\n\"a\" = \"A\";\n\n/* C */\n\"c\" = \"C\";\n\n/* D */\n\"d\" = \"D\";\n"
        var translation = de("b", "B")
        translation.comment = "The b"
        let (result, outcome) = try translate(text, [translation])
        #expect(
            result
                == "/* A */\n\"a\" = \"A\";\n\n/* The b */\n\"b\" = \"B\";\n\n/* C */\n\"c\" = \"C\";\n\n/* D */\n\"d\" = \"D\";\n"
        )
        #expect(outcome.results == [.changed])
        #expect(outcome.expected == ["b": "B"])
    }

    @Test func utf16WithCRLFStaysSo() throws {
        let text = "\"a\" = \"A\";\r\n\"b\" = \"B\";\r\n"
        var document = try StringsDocument(
            path: "/p/L.strings", bytes: TextEncoding.utf16LittleEndian.encode(Array(text.utf8)))
        var edits: [TextEdit] = []
        _ = document.translate([de("a", "Ä"), de("z", "Z")], like: { _ in nil }, placing: { _ in nil }, edits: &edits)
        #expect(
            document.applying(edits)
                == TextEncoding.utf16LittleEndian.encode(
                    Array("\"a\" = \"Ä\";\r\n\"b\" = \"B\";\r\n\"z\" = \"Z\";\r\n".utf8)))
    }

    @Test func aVariationPathIsRefused() throws {
        let (result, outcome) = try translate(
            "\"a\" = \"A\";\n", [TextTranslation(key: "a", language: "de", path: ["plural", "one"], value: "x")])
        #expect(result == "\"a\" = \"A\";\n")
        guard case .refused = outcome.results.first else {
            Issue.record("expected a refusal")
            return
        }
    }
}
