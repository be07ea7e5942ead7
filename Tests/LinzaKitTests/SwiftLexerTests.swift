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

/// Each lexical construct either hides a call (comments, string contents) or must not
/// break the scan of the calls around it. Positions are stated with `↓` markers.
@Suite struct SwiftLexerTests {
    /// Asserts that exactly the marked keys are found, at the marked positions.
    func expectCalls(
        _ marked: String, keys expected: [String?],
        functions: [LocalizationFunction] = BuiltInFunctions.functions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let text = MarkedText(marked)
        let found = usages(text.text, functions: functions)
        #expect(found.map(\.key.literal) == expected, sourceLocation: sourceLocation)
        #expect(found.map(\.position) == text.markers, sourceLocation: sourceLocation)
    }

    @Test func plainCall() {
        expectCalls(#"let a = NSLocalizedString(↓"login.title", comment: "")"#, keys: ["login.title"])
    }

    @Test func lineCommentsHideCalls() {
        expectCalls(
            #"""
            // NSLocalizedString("hidden.one", comment: "")
            /// NSLocalizedString("hidden.doc", comment: "")
            let a = NSLocalizedString(↓"shown", comment: "") // NSLocalizedString("hidden.two", comment: "")
            """#, keys: ["shown"])
    }

    @Test func nestedBlockCommentsHideCalls() {
        expectCalls(
            #"""
            /* outer /* inner */ NSLocalizedString("still.comment", comment: "") */
            let a = NSLocalizedString(↓"after", comment: "")
            """#, keys: ["after"])
    }

    @Test func quotesInsideCommentsDoNotProtectTheCommentEnd() {
        // As in swiftc, a comment ends at the first `*/` whatever quotes it contains.
        expectCalls(
            #"""
            /* an unbalanced " quote */ let a = NSLocalizedString(↓"x", comment: "")
            """#, keys: ["x"])
    }

    @Test func stringContentsHideCalls() {
        expectCalls(
            #"""
            let s = "NSLocalizedString(\"fake\", comment: \"\")"
            let b = NSLocalizedString(↓"real", comment: "")
            """#, keys: ["real"])
    }

    @Test func commentMarkersInsideStringsAreText() {
        expectCalls(
            #"""
            let url = "https://example.com/*"
            let b = NSLocalizedString(↓"after.url", comment: "// not a comment")
            """#, keys: ["after.url"])
    }

    @Test func multiLineStringsHideCalls() {
        expectCalls(
            #"""
            let text = """
                NSLocalizedString("fake.multi", comment: "")
                "quoted" and ""double"" inside
                """
            let b = NSLocalizedString(↓"after.multi", comment: "")
            """#, keys: ["after.multi"])
    }

    @Test func rawStringsHideCalls() {
        expectCalls(
            ##"""
            let raw = #"NSLocalizedString("fake.raw", comment: "") with "quotes" and \"#
            let rawMulti = #"""
                NSLocalizedString("fake.raw.multi", comment: "") """ still inside
                """#
            let b = NSLocalizedString(↓"after.raw", comment: "")
            """##, keys: ["after.raw"])
    }

    @Test func callInsideInterpolationIsFound() {
        expectCalls(
            #"""
            let label = "\(NSLocalizedString(↓"menu.total", comment: "")): \(price)"
            """#, keys: ["menu.total"])
    }

    @Test func callInsideNestedInterpolationIsFound() {
        expectCalls(
            #"""
            let s = "a \("b \(NSLocalizedString(↓"deep", comment: "")) c") d"
            let t = NSLocalizedString(↓"after", comment: "")
            """#, keys: ["deep", "after"])
    }

    @Test func callInsideRawInterpolationIsFound() {
        expectCalls(
            ##"""
            let s = #"\(NSLocalizedString("not.interpolated", comment: "")) \#(NSLocalizedString(↓"interpolated", comment: ""))"#
            """##, keys: ["interpolated"])
    }

    @Test func callInsideMultiLineInterpolationIsFound() {
        expectCalls(
            #"""
            let s = """
                Total: \(NSLocalizedString(
                    ↓"total", comment: ""))
                """
            """#, keys: ["total"])
    }

    @Test func functionDeclarationIsNotACall() {
        let wrapper = LocalizationFunction(name: "BPFLocalizedString", key: .position(0))
        expectCalls(
            #"""
            func BPFLocalizedString(_ key: String) -> String { key }
            static func BPFLocalizedString<T>(_ key: T) -> String { "" }
            let a = BPFLocalizedString(↓"used")
            """#, keys: ["used"], functions: [wrapper])
    }

    @Test func parenthesisOnNextLineIsNotACall() {
        expectCalls(
            """
            let f = NSLocalizedString
            ("not.a.call", comment: "")
            """, keys: [])
    }

    @Test func multiLineCallWithLineBreaksAnywhere() {
        expectCalls(
            #"""
            let a = NSLocalizedString(
                ↓"checkout.pay"
                ,
                tableName:
                    "Checkout",
                bundle: .main,
                value: "Pay",
                comment: "Pay button"
            )
            """#, keys: ["checkout.pay"])
    }

    @Test func crlfLineEndings() {
        let text = MarkedText("// comment\r\nlet a = 1\r\nlet b = NSLocalizedString(↓\"crlf\", comment: \"\")\r\n")
        #expect(usages(text.text).map(\.position) == text.markers)
        #expect(text.markers == [MarkedText.Position(line: 3, column: 27)])
    }

    @Test func loneCarriageReturnsBreakLines() {
        let text = MarkedText("let a = 1\rlet b = NSLocalizedString(↓\"cr\", comment: \"\")")
        #expect(usages(text.text).map(\.position) == text.markers)
    }

    @Test func nonASCIIBeforeKeyCountsUTF8Bytes() {
        // "Итого" is 10 UTF-8 bytes: columns count bytes, as swiftc does.
        expectCalls(
            #"let t = "Итого"; let s = NSLocalizedString(↓"after.cyrillic", comment: "")"#, keys: ["after.cyrillic"])
        expectCalls(#"/* 🍕 */ NSLocalizedString(↓"after.emoji", comment: "")"#, keys: ["after.emoji"])
    }

    @Test func byteOrderMarkCountsInLineOneColumnsAsInSwiftc() {
        let text = MarkedText(
            "\u{FEFF}NSLocalizedString(↓\"bom\", comment: \"\")\nNSLocalizedString(↓\"two\", comment: \"\")")
        let found = usages(text.text)
        #expect(found.map(\.key.literal) == ["bom", "two"])
        // MarkedText counts the BOM's three UTF-8 bytes too: 1:22 and 2:19.
        #expect(found.map(\.position) == text.markers)
        #expect(text.markers.first?.column == 22)
    }

    @Test func backtickIdentifiersAndKeywordsAsLabels() {
        expectCalls(
            #"""
            let `NSLocalizedString` = 1
            let a = NSLocalizedString(↓"key", comment: `default`)
            """#, keys: ["key"])
    }

    @Test func extendedRegexLiteralHidesQuotes() {
        expectCalls(
            ##"""
            let regex = #/"(NSLocalizedString)"/#
            let a = NSLocalizedString(↓"after.regex", comment: "")
            """##, keys: ["after.regex"])
    }

    @Test func everyConditionalCompilationBranchIsScanned() {
        expectCalls(
            #"""
            #if DEBUG
            let a = NSLocalizedString(↓"debug", comment: "")
            #elseif BETA
            let b = NSLocalizedString(↓"beta", comment: "")
            #else
            let c = NSLocalizedString(↓"release", comment: "")
            #endif
            """#, keys: ["debug", "beta", "release"])
    }

    @Test func unterminatedStringIsReportedAndScanningGoesOn() {
        let source = scan(
            #"""
            let a = "never closed
            let b = NSLocalizedString("after", comment: "")
            """#)
        #expect(source.syntaxProblems.map(\.kind) == [.unterminatedString])
        #expect(source.syntaxProblems.first?.location.line == 1)
        #expect(source.syntaxProblems.first?.location.column == 9)
        #expect(source.usages.map(\.key.literal) == ["after"])
    }

    @Test func lineBreakInSingleLineInterpolationEndsTheString() {
        let source = scan(
            #"""
            let a = "\(value
            let b = NSLocalizedString("after", comment: "")
            """#)
        #expect(source.syntaxProblems.map(\.kind) == [.unterminatedString])
        #expect(source.usages.map(\.key.literal) == ["after"])
    }

    @Test func unterminatedBlockCommentIsReported() {
        let source = scan("let a = 1\n/* open /* nested */\nNSLocalizedString(\"hidden\", comment: \"\")")
        #expect(source.syntaxProblems.map(\.kind) == [.unterminatedBlockComment])
        #expect(source.syntaxProblems.first?.location.line == 2)
        #expect(source.usages.isEmpty)
    }

    @Test func unterminatedMultiLineStringIsReported() {
        let source = scan("let a = \"\"\"\nNSLocalizedString(\"hidden\", comment: \"\")\n")
        #expect(source.syntaxProblems.map(\.kind) == [.unterminatedString])
        #expect(source.usages.isEmpty)
    }

    @Test func deeplyNestedInterpolationDoesNotCrash() {
        let depth = 50_000
        let code = String(repeating: #""\("#, count: depth) + String(repeating: #")""#, count: depth)
        let source = scan(code)
        #expect(source.syntaxProblems.isEmpty)
    }

    @Test func callInsideABareRegexIsNotACall() {
        expectCalls(
            #"""
            let quoted = /"[^"]*"/; let t = NSLocalizedString(↓"title", comment: "")
            let r = /NSLocalizedString("fake", comment: "")/
            """#, keys: ["title"])
    }

    @Test func rawTripleQuoteClosedOnTheSameLineIsSingleLine() {
        expectCalls(
            ##"""
            let q = #"""#
            let t = NSLocalizedString(↓"title", comment: "")
            let u = NSLocalizedString(↓#"""Hi"""#, comment: "")
            """##, keys: ["title", #"""Hi"""#])
    }

    @Test func backtickedCalleeIsACall() {
        expectCalls(#"let t = `NSLocalizedString`(↓"title", comment: "")"#, keys: ["title"])
    }

    @Test func invalidUTF8IsAnInputFailure() {
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "L"))
        let bytes: [UInt8] = Array("let a = 1\nlet b = \"".utf8) + [0xE9] + Array("\"\n".utf8)
        let source = scanner.scan(bytes, path: "/p/Latin1.swift")
        #expect(source.failure?.location == LinzaKit.Location(file: "/p/Latin1.swift", line: 2, column: 10))
        #expect(source.failure?.message.contains("not valid UTF-8") == true)
    }
}
