import LinzaBase

/// A lexer for Objective-C (and C, C++) source over UTF-8 bytes, producing the same
/// tokens as `SwiftLexer` so one recognizer serves both languages.
///
/// It knows what can hide or fake a call in C: `//` and `/* */` comments (not nested, as
/// in C), `"…"` and `@"…"` literals, character literals such as `'"'`, and backslash line
/// continuations. Preprocessor directives become `poundKeyword` tokens and their lines are
/// read as clang reads them (`PreprocessorLines`): raw text after `#pragma` or `#error`,
/// lenient quotes after `#define`, nothing at all in an `#if 0` block. C++ raw strings
/// (`R"x(…)x"`, in `.mm` files) are single tokens.
package struct ObjectiveCLexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private var tokens: [Token] = []
    private var problems: [LexicalProblem] = []
    private var directiveComments: [Range<Int>] = []
    private var lineBreakBefore = true
    /// True from a directive's `#` to the end of its line: an unmatched quote there is
    /// only a warning to clang.
    private var inDirective = false
    /// One element per open `#if`: whether a branch of it that is always compiled (`#if 1`)
    /// is behind, so that its `#else` and `#elif` branches are never compiled.
    private var takenConditionals: [Bool] = []

    /// Lexes `bytes` from `start` (past a BOM, say) to the end.
    package static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> LexedSource {
        var lexer = ObjectiveCLexer(bytes: bytes, position: start)
        lexer.tokens.reserveCapacity(bytes.count / 6)
        while lexer.position < bytes.count { lexer.lexNext() }
        return LexedSource(tokens: lexer.tokens, problems: lexer.problems, directiveComments: lexer.directiveComments)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, position: Int) {
        self.bytes = bytes
        self.position = position
    }

    private mutating func lexNext() {
        let byte = bytes[position]
        switch byte {
        case 0x20, 0x09, 0x0B, 0x0C, 0x00:
            position += 1
        case 0x0A, 0x0D:
            position += 1
            lineBreakBefore = true
            inDirective = false
        case ascii("\\"):
            // A line continuation outside a literal is white space, and the line goes on.
            position = PreprocessorLines.afterLineContinuation(bytes, at: position) ?? position + 1
        case ascii("/"):
            if peek(1) == ascii("/") {
                skipLineComment()
            } else if peek(1) == ascii("*") {
                skipBlockComment()
            } else {
                lexOperator()
            }
        case ascii("\""):
            lexQuoted(start: position, quoteAt: position, kind: .stringLiteral)
        case ascii("'"):
            lexQuoted(start: position, quoteAt: position, kind: .other)
        case ascii("@"):
            if peek(1) == ascii("\"") {
                lexQuoted(start: position, quoteAt: position + 1, kind: .stringLiteral)
            } else {
                emit(.other, position, position + 1)
            }
        case ascii("#"):
            lexPound()
        case ascii("("): emit(.leftParen, position, position + 1)
        case ascii(")"): emit(.rightParen, position, position + 1)
        case ascii("["): emit(.leftBracket, position, position + 1)
        case ascii("]"): emit(.rightBracket, position, position + 1)
        case ascii("{"): emit(.leftBrace, position, position + 1)
        case ascii("}"): emit(.rightBrace, position, position + 1)
        case ascii(","): emit(.comma, position, position + 1)
        case ascii(":"): emit(.colon, position, position + 1)
        case ascii(";"): emit(.semicolon, position, position + 1)
        case ascii("."):
            emit(.period, position, position + 1)
        case ascii("0")...ascii("9"):
            var index = position
            while index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] == ascii(".") { index += 1 }
            emit(.number, position, index)
        case _ where isIdentifierByte(byte):
            var index = position
            while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == ascii("\""), isRawStringPrefix(position, index) {
                lexRawString(start: position, quoteAt: index)
            } else {
                emit(.identifier, position, index)
            }
        default:
            lexOperator()
        }
    }

    /// `#name`: a directive when it starts a line (its line is then read as clang reads it),
    /// else the `#` or `#x` of a macro body.
    private mutating func lexPound() {
        let start = position
        let (nameStart, nameEnd) = PreprocessorLines.directiveName(bytes, hashAt: start)
        var end = nameEnd
        while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
        guard end > nameStart else { return emit(.other, start, start + 1) }
        let isDirective = lineBreakBefore
        emit(.poundKeyword, start, end)
        guard isDirective else { return }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<end]), as: UTF8.self)
        switch name {
        case "if", "ifdef", "ifndef":
            takenConditionals.append(name == "if" && PreprocessorLines.isTrueCondition(bytes, from: end))
        case "else", "elif", "elifdef", "elifndef":
            // After a branch always compiled, the rest up to the `#endif` never is.
            if takenConditionals.last == true {
                return skipDisabledBlock(from: end, directive: start, throughBranches: true)
            }
            if name == "elif", !takenConditionals.isEmpty {
                takenConditionals[takenConditionals.count - 1] = PreprocessorLines.isTrueCondition(bytes, from: end)
            }
        case "endif":
            _ = takenConditionals.popLast()
        default:
            break
        }
        switch PreprocessorLines.body(bytes, nameStart: nameStart, nameEnd: end) {
        case .text:
            position = PreprocessorLines.endOfTextLine(bytes, from: end)
        case .code:
            inDirective = true
        case .disabledBlock:
            skipDisabledBlock(from: end, directive: start, throughBranches: false)
        }
    }

    /// Skips a block that is never compiled, from the end of its directive's name; one that
    /// ended at its `#endif` (rather than at an `#else` or `#elif`) closes its conditional.
    private mutating func skipDisabledBlock(from end: Int, directive start: Int, throughBranches: Bool) {
        let block = PreprocessorLines.endOfDisabledBlock(bytes, from: end, throughBranches: throughBranches)
        if let problem = block.unterminated { problems.append(LexicalProblem(kind: problem, offset: start)) }
        position = block.end
        lineBreakBefore = true
        if block.end >= bytes.count || bytes[block.end] != ascii("#") { _ = takenConditionals.popLast() }
    }

    /// `R`, `LR`, `uR`, `UR` or `u8R` right before a quote: a C++ raw string.
    private func isRawStringPrefix(_ start: Int, _ end: Int) -> Bool {
        switch end - start {
        case 1: return bytes[start] == ascii("R")
        case 2: return bytes[start + 1] == ascii("R") && [ascii("L"), ascii("u"), ascii("U")].contains(bytes[start])
        case 3: return bytes[start] == ascii("u") && bytes[start + 1] == ascii("8") && bytes[start + 2] == ascii("R")
        default: return false
        }
    }

    /// `R"delim(…)delim"`: no escapes, line breaks allowed, ends at `)delim"`.
    private mutating func lexRawString(start: Int, quoteAt quote: Int) {
        var index = quote + 1
        while index < bytes.count, index - quote <= 17, bytes[index] != ascii("("),
            bytes[index] != 0x0A, bytes[index] != ascii("\\")
        { index += 1 }
        guard index < bytes.count, bytes[index] == ascii("(") else {
            // Not a raw string after all (an over-long or broken delimiter): an identifier and a quote.
            return emit(.identifier, start, quote)
        }
        let delimiter = Array(bytes[(quote + 1)..<index])
        index += 1
        while index < bytes.count {
            if bytes[index] == ascii(")"), index + delimiter.count + 1 < bytes.count,
                bytes[index + delimiter.count + 1] == ascii("\""),
                delimiter.indices.allSatisfy({ bytes[index + 1 + $0] == delimiter[$0] })
            {
                return emit(.other, start, index + delimiter.count + 2)
            }
            index += 1
        }
        problems.append(LexicalProblem(kind: .unterminatedString, offset: start))
        emit(.other, start, bytes.count, terminated: false)
    }

    /// `//` comments run to the end of the line, and past it when the line ends in `\`.
    private mutating func skipLineComment() {
        let start = position
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                var before = index - 1
                if byte == 0x0A, before >= start, bytes[before] == 0x0D { before -= 1 }
                if before >= start, bytes[before] == ascii("\\") {
                    index += 1
                    continue
                }
                break
            }
            index += 1
        }
        if containsDirective(bytes, start..<index) { directiveComments.append(start..<index) }
        position = index
    }

    private mutating func skipBlockComment() {
        let start = position
        var index = position + 2
        while index + 1 < bytes.count {
            if bytes[index] == ascii("*"), bytes[index + 1] == ascii("/") {
                if containsDirective(bytes, start..<index + 2) { directiveComments.append(start..<index + 2) }
                position = index + 2
                return
            }
            if bytes[index] == 0x0A || bytes[index] == 0x0D { lineBreakBefore = true }
            index += 1
        }
        problems.append(LexicalProblem(kind: .unterminatedBlockComment, offset: start))
        position = bytes.count
    }

    /// A `"…"`, `@"…"` or `'…'` literal: backslash escapes anything (a line break too);
    /// an unescaped line break ends it unterminated.
    private mutating func lexQuoted(start: Int, quoteAt quote: Int, kind: TokenKind) {
        let closing = bytes[quote]
        var index = quote + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ascii("\\") {
                index += 2
                if index - 1 < bytes.count, bytes[index - 1] == 0x0D, index < bytes.count, bytes[index] == 0x0A {
                    index += 1
                }
                continue
            }
            if byte == closing {
                emit(kind, start, index + 1)
                return
            }
            if byte == 0x0A || byte == 0x0D { break }
            index += 1
        }
        // Clang only warns about an unmatched quote in a directive line (`#define Q '`).
        if !inDirective { problems.append(LexicalProblem(kind: .unterminatedString, offset: start)) }
        emit(kind, start, min(index, bytes.count), terminated: false)
    }

    private mutating func lexOperator() {
        var index = position + 1
        while index < bytes.count, isOperatorByte(bytes[index]) {
            if bytes[index] == ascii("/"), index + 1 < bytes.count,
                bytes[index + 1] == ascii("/") || bytes[index + 1] == ascii("*")
            {
                break
            }
            index += 1
        }
        emit(.operatorSymbols, position, index)
    }

    private mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, terminated: Bool = true) {
        tokens.append(Token(kind: kind, startsLine: lineBreakBefore, isTerminated: terminated, start: start, end: end))
        lineBreakBefore = false
        position = end
    }

    private func peek(_ offset: Int) -> UInt8 {
        position + offset < bytes.count ? bytes[position + offset] : 0
    }
}

@inline(__always) private func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= ascii("a") && byte | 0x20 <= ascii("z")) || (byte >= ascii("0") && byte <= ascii("9"))
        || byte == ascii("_") || byte == ascii("$") || byte >= 0x80
}

@inline(__always) private func isOperatorByte(_ byte: UInt8) -> Bool {
    switch byte {
    case ascii("/"), ascii("="), ascii("-"), ascii("+"), ascii("!"), ascii("*"), ascii("%"), ascii("<"),
        ascii(">"), ascii("&"), ascii("|"), ascii("^"), ascii("~"), ascii("?"):
        return true
    default:
        return false
    }
}
