import Testing
@testable import LinzaBase
@testable import LinzaSources

/// A renamed key is written in the literal form the call already uses, and the lexer and
/// decoder that read calls (which match the compiler) read back exactly the new key.
@Suite struct KeyLiteralEncoderTests {
    static let plain = KeyLiteralEncoder.Kind.swift(hashes: 0, multiline: false, indentation: "", lineBreak: "\n")
    static let raw = KeyLiteralEncoder.Kind.swift(hashes: 1, multiline: false, indentation: "", lineBreak: "\n")
    static let multiline = KeyLiteralEncoder.Kind.swift(
        hashes: 0, multiline: true, indentation: "    ", lineBreak: "\n")
    static let rawMultilineCRLF = KeyLiteralEncoder.Kind.swift(
        hashes: 2, multiline: true, indentation: "\t", lineBreak: "\r\n")
    static let objectiveC = KeyLiteralEncoder.Kind.objectiveC(at: true)
    static let cString = KeyLiteralEncoder.Kind.objectiveC(at: false)

    /// A raw literal with just the `#`s its text needs gets just those the new text needs,
    /// so a rename and its inverse give back the same bytes; one with more keeps them.
    @Test func aRawLiteralsHashesFollowTheTextWhenTheyWereMinimal() {
        let there = KeyLiteralEncoder.literal(##"a"#b"##, as: Self.raw, replacing: "farewell")
        #expect(there == ###"##"a"#b"##"###)
        let twice = KeyLiteralEncoder.Kind.swift(hashes: 2, multiline: false, indentation: "", lineBreak: "\n")
        #expect(KeyLiteralEncoder.literal("farewell", as: twice, replacing: ##"a"#b"##) == ##"#"farewell"#"##)
        #expect(KeyLiteralEncoder.literal("farewell", as: twice, replacing: "bye") == ###"##"farewell"##"###)
        #expect(KeyLiteralEncoder.literal("farewell", as: twice) == ###"##"farewell"##"###)
    }

    @Test func examples() {
        #expect(KeyLiteralEncoder.literal("settings.title", as: Self.plain) == #""settings.title""#)
        #expect(KeyLiteralEncoder.literal(#"say "hi"\n"#, as: Self.plain) == #""say \"hi\"\\n""#)
        #expect(KeyLiteralEncoder.literal("a\tb\nc", as: Self.plain) == #""a\tb\nc""#)
        #expect(KeyLiteralEncoder.literal(#"say "hi""#, as: Self.raw) == ##"#"say "hi""#"##)
        // A raw literal gets the #s its text needs, never fewer than it had.
        #expect(KeyLiteralEncoder.literal(##"a"#b"##, as: Self.raw) == ###"##"a"#b"##"###)
        #expect(
            KeyLiteralEncoder.literal("line 1\nline 2", as: Self.multiline)
                == "\"\"\"\n    line 1\n    line 2\n    \"\"\"")
        #expect(
            KeyLiteralEncoder.literal(#"O'Neil's "café" \ ??="#, as: Self.objectiveC)
                == #"@"O'Neil's \"café\" \\ ?\?=""#)
        #expect(KeyLiteralEncoder.literal("bell\u{7}1", as: Self.cString) == #""bell\0071""#)
    }

    @Test func theFormIsReadFromTheSource() {
        let source = "f(\"a\", #\"b\"#, ##\"c\"##, \"\"\"\r\n\t\td\r\n\t\t\"\"\")"
        let offsets = [2, 7, 14, 24]
        let literals = Array(source.utf8).withUnsafeBufferPointer {
            KeyLiteralEncoder.literals(in: $0, objectiveC: false, at: offsets)
        }
        #expect(offsets.map { literals[$0]?.text } == ["a", "b", "c", "d"])
        #expect(literals[2]?.kind == Self.plain)
        #expect(literals[7]?.kind == Self.raw)
        #expect(literals[14]?.kind == .swift(hashes: 2, multiline: false, indentation: "", lineBreak: "\n"))
        #expect(literals[24]?.kind == .swift(hashes: 0, multiline: true, indentation: "\t\t", lineBreak: "\r\n"))
    }

    @Test func interpolatedLiteralsAreNotKeyLiterals() {
        let source = #"NSLocalizedString("step.\(n)", comment: ""); x = 1"#
        let literals = Array(source.utf8).withUnsafeBufferPointer {
            KeyLiteralEncoder.literals(in: $0, objectiveC: false, at: [18, 46])
        }
        #expect(literals.isEmpty)
    }

    /// Random texts of the characters that need care, in every form: the file's own lexer
    /// finds one literal exactly where it was written, and its decoder gives the text back.
    @Test func everyTextReadsBackInEveryForm() {
        let alphabet: [String] = [
            "a", "Z", " ", "\"", "\\", "#", "\n", "\r", "\t", "\0", "\u{1}", "\u{7F}", "é", "🍕",
            "?", "=", "\u{2028}", "(", ")", "'", "\"\"\"", "\\(", "\\#",
        ]
        var generator = SystemRandomNumberGenerator()
        let kinds = [Self.plain, Self.raw, Self.multiline, Self.rawMultilineCRLF, Self.objectiveC, Self.cString]
        for round in 0..<3000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }.joined()
            let kind = kinds[round % kinds.count]
            let literal = KeyLiteralEncoder.literal(text, as: kind)
            let isObjectiveC = if case .objectiveC = kind { true } else { false }
            let prefix = isObjectiveC ? "NSString *s = NSLocalizedString(" : "let s = NSLocalizedString("
            let source = prefix + literal + (isObjectiveC ? ", nil);\n" : ", comment: \"\")\n")
            let start = prefix.utf8.count
            let found = Array(source.utf8).withUnsafeBufferPointer {
                KeyLiteralEncoder.literals(in: $0, objectiveC: isObjectiveC, at: [start])
            }[start]
            #expect(
                found?.range == start..<(start + literal.utf8.count), "\(kind): \(text.debugDescription) as \(literal)")
            #expect(found?.text == text, "\(kind): \(text.debugDescription) as \(literal)")
            // Written again in the form it was found in, it is the same literal.
            if let found { #expect(KeyLiteralEncoder.literal(text, as: found.kind) == literal) }
        }
    }
}
