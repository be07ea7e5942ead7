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

/// The decoded key must be exactly what the compiler produces for the literal. Each
/// expectation below is the value Swift gives the same literal (the test source itself
/// is compiled by Swift, which makes the comparison direct where the literal can be
/// written in Swift: the `expected` arguments are Swift literals too).
@Suite struct SwiftStringDecoderTests {
    func decodedKey(_ code: String) -> String? {
        keys("NSLocalizedString(\(code), comment: \"\")").first ?? nil
    }

    @Test func simpleEscapes() {
        #expect(decodedKey(#""a\nb\tc\"d\\e\'f\0g\rh""#) == "a\nb\tc\"d\\e'f\0g\rh")
    }

    @Test func unicodeEscapes() {
        #expect(decodedKey(#""caf\u{E9} \u{1F355}""#) == "café 🍕")
        #expect(decodedKey(#""\u{65}\u{301}""#) == "e\u{301}")
    }

    @Test func rawStringsAreVerbatim() {
        #expect(decodedKey(##"#"a\nb "quoted""#"##) == #"a\nb "quoted""#)
        #expect(decodedKey(##"#"tab\#tend"#"##) == "tab\tend")
        #expect(decodedKey(###"##"one # "# two"##"###) == ##"one # "# two"##)
    }

    @Test func multiLineIndentationIsStripped() {
        let code = "\"\"\"\n        first line\n          indented\n\n        last line\n        \"\"\""
        #expect(
            decodedKey(code) == """
                first line
                  indented

                last line
                """)
    }

    @Test func multiLineLineContinuation() {
        let code = "\"\"\"\n    one \\\n    two\n    \"\"\""
        #expect(
            decodedKey(code) == """
                one \
                two
                """)
    }

    @Test func multiLineEscapedQuotesAndCRLF() {
        let code = "\"\"\"\r\n    a \\\"\"\" b\r\n    c\r\n    \"\"\""
        #expect(decodedKey(code) == "a \"\"\" b\nc")
    }

    @Test func rawMultiLine() {
        let code = "#\"\"\"\n    raw \\n \"\"\" text\n    \"\"\"#"
        #expect(decodedKey(code) == #"raw \n """ text"#)
    }

    @Test func emptyLiterals() {
        #expect(decodedKey(#""""#) == "")
        #expect(decodedKey("\"\"\"\n\"\"\"") == "")
    }

    @Test func nonASCIIKeysStayIntact() {
        #expect(decodedKey(#""Ваша электронная почта""#) == "Ваша электронная почта")
    }
}
