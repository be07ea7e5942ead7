@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
@testable import LinzaWriting
import Testing

/// unused_key counts a key written as any string literal: the scanner keeps each literal's
/// hash, straight from the bytes when nothing needs decoding, from the decoded text otherwise.
@Suite struct LiteralHashTests {
    func hashes(_ source: String, path: String = "/p/A.swift") -> Set<UInt64> {
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: [], defaultTable: "Localizable"),
            collectsLiterals: true)
        return Set(scanner.scan(Array(source.utf8), path: path).literalHashes)
    }

    @Test func everySpellingOfAKeyHashesLikeItsText() {
        let key = StableHash.fnv1a("menu.title")
        for literal in [#""menu.title""#, #""menu\u{2E}title""#, ##"#"menu.title"#"##, "\"\"\"\nmenu.title\n\"\"\""] {
            #expect(hashes("let x = \(literal)").contains(key), "\(literal)")
        }
        #expect(hashes(#"NSString *x = @"menu.title";"#, path: "/p/A.m").contains(key))
        // Two literals in a row are not one body with quotes inside.
        #expect(
            !hashes(#"NSString *x = @"menu." @"title";"#, path: "/p/A.m").contains(StableHash.fnv1a(#"menu." @"title"#))
        )
    }

    @Test func anInterpolatedLiteralHashesLikeTheKeysItForms() throws {
        // Straight from the bytes, with simple escapes, through the decoder (`\u{…}`, raw), and
        // nested literals inside the interpolations do not count as text.
        let cases: [(String, String)] = [
            (#""\(count) new posts""#, "%lld new posts"),
            (#""Line\n\(name) \"quoted\"""#, "Line\n%@ \"quoted\""),
            (#""\(a ?? "x") \u{2014} \(b)""#, "%@ — %d"),
            (###"#"\#(n) items"#"###, "%lld items"),
        ]
        for (literal, key) in cases {
            let hash = try #require(KeyTemplate.placeholderHash(ofKey: key))
            #expect(hashes("var label: LocalizedStringKey { \(literal) }").contains(hash), "\(literal)")
        }
        // A multi-line literal is text, not a key.
        let multiline = try #require(KeyTemplate.placeholderHash(ofKey: "%@ lines"))
        #expect(!hashes("let s = \"\"\"\n\\(n) lines\n\"\"\"").contains(multiline))
    }

    @Test func otherTextDoesNotMatch() {
        #expect(!hashes(#"let x = "menu.titles"; let y = "Menu.title""#).contains(StableHash.fnv1a("menu.title")))
        #expect(hashes(#"let empty = """#) == [StableHash.fnv1a("")])
    }
}
