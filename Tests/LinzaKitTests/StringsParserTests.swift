@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
import LinzaTestSupport
@testable import LinzaWriting
import Testing

@Suite struct StringsParserTests {
    func parse(_ text: String) -> StringsParseResult {
        Array(text.utf8).withUnsafeBufferPointer { StringsParser.parse($0) }
    }

    func pairs(_ text: String) -> [String: String] {
        let result = parse(text)
        #expect(result.problems.isEmpty, "unexpected problems: \(result.problems)")
        return Dictionary(result.entries.map { ($0.key, $0.value ?? "<non-string>") }, uniquingKeysWith: { $1 })
    }

    @Test func quotedSingleQuotedAndUnquoted() {
        #expect(pairs(#""a" = "1"; 'b' = '2'; c.d-e/f:g_$ = 3;"#) == ["a": "1", "b": "2", "c.d-e/f:g_$": "3"])
    }

    @Test func keyAloneMeansValueEqualsKey() {
        #expect(pairs(#""same"; other;"#) == ["same": "same", "other": "other"])
    }

    @Test func commentsAndWhitespace() {
        let text = "/* block\n comment */ // line\n\"a\"\t=\u{2028}\"1\" /* between */ ; \u{2029}// end"
        #expect(pairs(text) == ["a": "1"])
    }

    @Test func escapes() {
        #expect(pairs(#""k" = "\"q\" \\ \' \n\t\r \a\b\f\v";"#)["k"] == "\"q\" \\ ' \n\t\r \u{7}\u{8}\u{C}\u{B}")
        #expect(pairs(#""k" = "\U00e9\U20AC \U0041B";"#)["k"] == "é€ AB")
        #expect(pairs(#""k" = "\UD83D\UDE00";"#)["k"] == "😀")
        #expect(pairs(#""k" = "\101\0615 \351";"#)["k"] == "A15 Ø")  // octal is NeXTSTEP Latin
        #expect(pairs(#""k" = "\z\é";"#)["k"] == "zé")
    }

    @Test func quoteOfTheOtherKindIsText() {
        #expect(pairs(#""it's" = 'say "hi"';"#) == ["it's": "say \"hi\""])
    }

    @Test func multiLineValues() {
        #expect(pairs("\"k\" = \"line one\nline two\";")["k"] == "line one\nline two")
    }

    @Test func duplicatesAreKeptInOrder() {
        let result = parse(#""a" = "1"; "a" = "2";"#)
        #expect(result.entries.map(\.value) == ["1", "2"])
    }

    @Test func emptyAndCommentOnlyFiles() {
        #expect(parse("").entries.isEmpty && parse("").problems.isEmpty)
        #expect(parse("/* nothing */\n// here\n").problems.isEmpty)
    }

    @Test func dictionaryForm() {
        #expect(pairs(#"{ "a" = "1"; "b" = "2"; }"#) == ["a": "1", "b": "2"])
    }

    @Test func nonStringValueLosesTheEntry() {
        let result = parse(#""a" = ( "x", "y" ); "b" = { "c" = "d"; }; "e" = <0fab>; "f" = "ok";"#)
        #expect(result.entries.map(\.key) == ["a", "b", "e", "f"])
        #expect(result.problems.map(\.effect) == [.losesEntry, .losesEntry, .losesEntry])
    }

    // MARK: - Problems and where they point

    func problem(_ marked: String) -> (StringsProblem?, Int?) {
        let text = MarkedText(marked)
        let result = parse(text.text)
        let expectedOffset = text.markers.first.map { marker in
            // Markers count lines and byte columns; convert to a byte offset.
            let lines = text.text.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.prefix(marker.line - 1).reduce(0) { $0 + $1.utf8.count + 1 } + marker.column - 1
        }
        return (result.problems.first, expectedOffset)
    }

    @Test func missingSemicolonRejectsTheFile() {
        let (found, offset) = problem("\"a\" = \"1\"↓\n\"b\" = \"2\";")
        #expect(found?.effect == .rejectsFile)
        #expect(found?.offset == offset)
        #expect(found?.message == "missing ';' after the value of 'a'")
    }

    @Test func missingSemicolonAtEndOfFile() {
        let (found, offset) = problem("\"a\" = \"1\";\n\"b\" = \"2\"↓")
        #expect(found?.effect == .rejectsFile)
        #expect(found?.offset == offset)
    }

    @Test func strayCharacterWhereAKeyStartsDropsTheRestSilently() {
        let (found, offset) = problem("\"a\" = \"1\";\n↓; \"b\" = \"2\";")
        #expect(found?.effect == .ignoresRest)
        #expect(found?.offset == offset)
        #expect(found?.message == "unexpected ';' where a key should start")
    }

    @Test func invisibleCharactersAreNamed() {
        let (found, _) = problem("\"a\" = \"1\";\n↓\u{00A0}\"b\" = \"2\";")
        #expect(found?.message == "unexpected invisible character U+00A0 where a key should start")
    }

    @Test func unterminatedStringRejectsTheFile() {
        let (found, offset) = problem("\"a\" = \"1\";\n\"b\" = ↓\"2;")
        #expect(found?.message == "unterminated string")
        #expect(found?.effect == .rejectsFile)
        #expect(found?.offset == offset)
    }

    @Test func unterminatedCommentAtKeyPositionDropsTheRest() {
        let (found, offset) = problem("\"a\" = \"1\";\n↓/* never closed\n\"b\" = \"2\";")
        #expect(found?.effect == .ignoresRest)
        #expect(found?.offset == offset)
    }

    @Test func missingValueAndMissingEquals() {
        let (noValue, _) = problem("\"a\" = ;")
        #expect(noValue?.effect == .rejectsFile)
        let (noEquals, offset) = problem("\"a\" ↓\"b\";")
        #expect(noEquals?.message == "expected '=' or ';' after key 'a', found '\"'")
        #expect(noEquals?.offset == offset)
    }

    @Test func loneStringIsNotATable() {
        #expect(parse(#""just a string""#).problems.first?.effect == .rejectsFile)
    }

    @Test func deepNestingIsRejectedWithoutCrashing() {
        let text = "\"a\" = " + String(repeating: "(", count: 600) + String(repeating: ")", count: 600) + ";"
        #expect(parse(text).problems.first?.message.contains("nested deeper") == true)
    }
}
