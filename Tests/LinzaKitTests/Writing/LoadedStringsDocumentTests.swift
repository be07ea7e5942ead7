@testable import LinzaTables
import Testing

/// A `.strings` document read from the entries `Linter.load` made (`StringsDocument.reading`)
/// is the document parsing the same text makes: every entry's key, value, span, comment and
/// offsets, and the same refusals where the load had a problem or the file is `{ }`-wrapped.
@Suite struct LoadedStringsDocumentTests {
    static let path = "/p/de.lproj/Localizable.strings"

    static func loaded(_ text: String) -> LoadedTableFile {
        TableLoader.load(
            TableFile(path: path, language: "de", name: "Localizable", format: .strings, displayName: "Localizable"),
            bytes: Array(text.utf8))[0]
    }

    static func describe(_ document: StringsDocument) -> [String] {
        document.entries.indices.map { index in
            let entry = document.entries[index]
            return "\(entry.key)|\(entry.value ?? "nil")|\(entry.span)|\(entry.end)|\(entry.keyOffset)|"
                + "\(entry.valueOffset)|\(document.comment(of: index) ?? "nil")"
        }
    }

    @Test func readsAsTheParsedDocument() throws {
        let texts = [
            "/* A */\n\"a\" = \"1\";\n\n// B\n// more\n\"b\" = \"2\"; // tail\n\"c\" = 'x\\ny';\n",
            "\"a\"; /* runs\n over lines */\n/* note */ \"b\" = \"\\U00e9\";\r\n\r\n\"c\" = \"3\";",
            "\t\"indented\" = \"1\";\n\n\n/* far */\n\n\"after blank\" = \"2\";\n",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let parsed = try StringsDocument(path: Self.path, bytes: bytes)
            let loaded = Self.loaded(text)
            let reused = try StringsDocument.reading(Self.path, text: loaded.stringsText!, loaded: loaded)
            #expect(Self.describe(reused) == Self.describe(parsed), "\(text)")
            #expect(reused.entrySpans == parsed.entrySpans && reused.lineEnding == parsed.lineEnding)
        }
    }

    @Test func aLoadWithAProblemOrBracesIsRefusedAsParsingRefusesIt() throws {
        for text in ["{ \"a\" = \"1\"; }\n", "\"a\" = \"1\";\n\"b\" = \"2\"\n\"c\" = \"3\";\n"] {
            let loaded = Self.loaded(text)
            var parsedRefusal: String?, reusedRefusal: String?
            do { _ = try StringsDocument(path: Self.path, bytes: Array(text.utf8)) } catch {
                parsedRefusal = (error as? TableRefusal)?.reason
            }
            do { _ = try StringsDocument.reading(Self.path, text: Array(text.utf8), loaded: loaded) } catch {
                reusedRefusal = (error as? TableRefusal)?.reason
            }
            #expect(parsedRefusal != nil && reusedRefusal == parsedRefusal, "\(text)")
        }
    }

    /// GlotPress exports `.strings` as XML property lists (Pocket Casts' 14 translations):
    /// refused as a form Linza does not write, not as a broken table to fix.
    @Test func anXMLPropertyListIsRefusedAsAFormLinzaDoesNotWrite() {
        let text =
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>a</key><string>1</string></dict></plist>\n"
        #expect {
            try StringsDocument(path: Self.path, bytes: Array(text.utf8))
        } throws: { error in
            (error as? TableRefusal)?.reason.hasPrefix("an XML property list: Linza checks such tables") == true
        }
    }
}
