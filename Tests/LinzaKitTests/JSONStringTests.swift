import Foundation
import LinzaKit
import Testing

/// The JSON reader's strings: plain ones are taken from the bytes at once, escaped ones are
/// built, and both read as Foundation reads them; a bad string is an error at its place.
@Suite struct JSONStringTests {
    func string(_ json: String) throws -> String? {
        try Array(json.utf8).withUnsafeBufferPointer { try JSONParser.parse($0) }.string
    }

    func error(_ json: String) -> JSONSyntaxError? {
        do {
            _ = try Array(json.utf8).withUnsafeBufferPointer { try JSONParser.parse($0) }
            return nil
        } catch {
            return error as? JSONSyntaxError
        }
    }

    @Test func plainAndEscapedStringsRead() throws {
        #expect(try string(#""""#) == "")
        #expect(try string(#""plain café 😀""#) == "plain café 😀")
        #expect(try string(#""a\nb""#) == "a\nb")
        #expect(try string(#""\"quoted\" and \\ and \/""#) == "\"quoted\" and \\ and /")
        #expect(
            try string(#""tab\tthen a long plain run after it, \u00e9, \ud83d\ude00 end""#)
                == "tab\tthen a long plain run after it, é, 😀 end")
        #expect(try string(#""\b\f\r""#) == "\u{8}\u{C}\r")
        // A lone surrogate is not a character: it reads as U+FFFD, as before.
        #expect(try string(#""a\ud800b""#) == "a\u{FFFD}b")
    }

    @Test func badStringsAreErrorsAtTheirPlace() {
        #expect(error("\"abc").map { [$0.message, "\($0.offset)"] } == ["unterminated string", "0"])
        #expect(error("[\"ab\\").map { [$0.message, "\($0.offset)"] } == ["unterminated string", "1"])
        #expect(
            error("\"ab\ncd\"").map { [$0.message, "\($0.offset)"] } == ["unescaped control character in string", "3"])
        #expect(
            error("\"a\\nb\u{1}\"").map { [$0.message, "\($0.offset)"] } == [
                "unescaped control character in string", "5",
            ])
        #expect(error("\"ab\\x\"").map { [$0.message, "\($0.offset)"] } == ["invalid escape in string", "3"])
        #expect(error("\"\\u12zz\"").map { [$0.message, "\($0.offset)"] } == ["invalid \\u escape", "5"])
    }

    /// Strings of random plain, escaped and non-ASCII pieces read as Foundation reads them.
    @Test func randomStringsReadAsFoundationReadsThem() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "a", "plain text ", "é", "😀", "\\n", "\\\"", "\\\\", "\\u00e9", "\\ud83d\\ude00", "\\t", "/", "\\/",
        ]
        for _ in 0..<500 {
            let count = Int.random(in: 0..<12, using: &generator)
            let body = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let json = "[\"" + body + "\"]"
            let foundation = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
            let ours = try Array(json.utf8).withUnsafeBufferPointer { try JSONParser.parse($0) }.items?.first?.string
            #expect(ours == foundation?.first, "\(json)")
        }
    }
}
