import LinzaBase

/// A lexer for Swift source over UTF-8 bytes.
///
/// It knows every construct that can hide or fake a call: line and nested block comments,
/// single-line, multi-line and raw string literals with interpolation (whose contents are
/// lexed as code, so calls inside `\(…)` are found), `#/…/#` regex literals and backtick
/// identifiers. It does not build a syntax tree; call recognition works on the token array.
///
/// The lexer is iterative: open string literals live on an explicit stack, so no input can
/// exhaust the call stack however deeply its interpolations nest.
package struct SwiftLexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private var tokens: [Token] = []
    private var problems: [LexicalProblem] = []
    private var openStrings: [OpenString] = []
    private var directiveComments: [Range<Int>] = []
    private var lineBreakBefore = true

    /// A string literal whose interpolation the lexer is currently inside.
    private struct OpenString {
        var literalStart: Int
        var hashes: Int
        var multiline: Bool
        /// Unclosed `(` inside the current interpolation.
        var parenDepth = 0
        var hadInterpolation = false
    }

    /// Lexes `bytes` from `start` (past a BOM, say) to the end.
    package static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> LexedSource {
        var lexer = SwiftLexer(bytes: bytes, position: start)
        lexer.run()
        return LexedSource(tokens: lexer.tokens, problems: lexer.problems, directiveComments: lexer.directiveComments)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, position: Int) {
        self.bytes = bytes
        self.position = position
    }

    private mutating func run() {
        tokens.reserveCapacity(bytes.count / 6)
        if position + 1 < bytes.count, bytes[position] == ascii("#"), bytes[position + 1] == ascii("!") {
            skipLineComment()  // a shebang line
        }
        while position < bytes.count {
            lexNext()
        }
        for open in openStrings.reversed() {
            problems.append(LexicalProblem(kind: .unterminatedString, offset: open.literalStart))
        }
        openStrings.removeAll()
    }

    // MARK: - Tokens outside string bodies

    private mutating func lexNext() {
        let byte = bytes[position]
        switch byte {
        case 0x20, 0x09, 0x0B, 0x0C, 0x00:
            // Indentation comes in runs: skip it here rather than one dispatch per byte.
            position += 1
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        case 0x0A, 0x0D:
            position += 1
            lineBreakBefore = true
            if let open = openStrings.last, !open.multiline {
                // Swift ends an interpolated single-line string at a line break.
                abandonSingleLineStrings()
            }
        case ascii("/"):
            let next = peek(1)
            if next == ascii("/") {
                skipLineComment()
            } else if next == ascii("*") {
                skipBlockComment()
            } else if let end = bareRegexEnd() {
                emit(.regexLiteral, position, end)
            } else {
                lexOperator()
            }
        case ascii("\""):
            lexStringLiteral(start: position, hashes: 0)
        case ascii("#"):
            lexPound()
        case ascii("`"):
            lexBacktickIdentifier()
        case ascii("("):
            if !openStrings.isEmpty { openStrings[openStrings.count - 1].parenDepth += 1 }
            emitSingle(.leftParen)
        case ascii(")"):
            if let open = openStrings.last, open.parenDepth == 0 {
                emitSingle(.interpolationClose)
                scanStringBody(segmentStart: position)
            } else {
                if !openStrings.isEmpty { openStrings[openStrings.count - 1].parenDepth -= 1 }
                emitSingle(.rightParen)
            }
        case ascii("["): emitSingle(.leftBracket)
        case ascii("]"): emitSingle(.rightBracket)
        case ascii("{"): emitSingle(.leftBrace)
        case ascii("}"): emitSingle(.rightBrace)
        case ascii(","): emitSingle(.comma)
        case ascii(":"): emitSingle(.colon)
        case ascii(";"): emitSingle(.semicolon)
        case ascii("."): emitSingle(.period)
        case ascii("0")...ascii("9"):
            lexNumber()
        case ascii("a")...ascii("z"), ascii("A")...ascii("Z"), ascii("_"), ascii("$"), 0x80...:
            lexIdentifier(kind: .identifier, start: position)
        case ascii("="), ascii("-"), ascii("+"), ascii("!"), ascii("*"), ascii("%"), ascii("<"),
            ascii(">"), ascii("&"), ascii("|"), ascii("^"), ascii("~"), ascii("?"):
            lexOperator()
        default:
            emitSingle(.other)
        }
    }

    private mutating func skipLineComment() {
        var index = position
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        noteDirective(position..<index)
        position = index
    }

    /// Remembers a comment that holds a `linza:` directive.
    private mutating func noteDirective(_ range: Range<Int>) {
        if containsDirective(bytes, range) { directiveComments.append(range) }
    }

    private mutating func skipBlockComment() {
        let start = position
        var depth = 1
        var index = position + 2
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ascii("*"), index + 1 < bytes.count, bytes[index + 1] == ascii("/") {
                depth -= 1
                index += 2
                if depth == 0 {
                    noteDirective(start..<index)
                    position = index
                    return
                }
            } else if byte == ascii("/"), index + 1 < bytes.count, bytes[index + 1] == ascii("*") {
                depth += 1
                index += 2
            } else {
                if byte == 0x0A || byte == 0x0D { lineBreakBefore = true }
                index += 1
            }
        }
        problems.append(LexicalProblem(kind: .unterminatedBlockComment, offset: start))
        position = bytes.count
    }

    /// `#"…"#` raw strings, `#/…/#` regex literals, `#if`-style keywords.
    private mutating func lexPound() {
        let start = position
        var index = position
        while index < bytes.count, bytes[index] == ascii("#") { index += 1 }
        let hashes = index - start
        let next: UInt8 = index < bytes.count ? bytes[index] : 0
        if next == ascii("\"") {
            lexStringLiteral(start: start, hashes: hashes)
        } else if next == ascii("/") {
            lexExtendedRegex(start: start, hashes: hashes)
        } else if hashes == 1, isIdentifierStart(next) {
            lexIdentifier(kind: .poundKeyword, start: start, from: index)
        } else {
            emit(.other, start, index)
        }
    }

    private mutating func lexBacktickIdentifier() {
        var index = position + 1
        while index < bytes.count, bytes[index] != ascii("`"), bytes[index] != 0x0A, bytes[index] != 0x0D {
            index += 1
        }
        if index < bytes.count, bytes[index] == ascii("`") {
            emit(.identifier, position, index + 1)
        } else {
            emitSingle(.other)
        }
    }

    private mutating func lexIdentifier(kind: TokenKind, start: Int, from: Int? = nil) {
        var index = from ?? start
        while index < bytes.count, isIdentifierContinuation(bytes[index]) { index += 1 }
        emit(kind, start, index)
    }

    private mutating func lexNumber() {
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if isIdentifierContinuation(byte) && byte < 0x80 {
                index += 1
            } else if byte == ascii("."), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
                index += 1
            } else if byte == ascii("-") || byte == ascii("+"),
                let previous = index > position ? bytes[index - 1] : nil,
                previous == ascii("e") || previous == ascii("E") || previous == ascii("p") || previous == ascii("P")
            {
                index += 1
            } else {
                break
            }
        }
        emit(.number, position, index)
    }

    private mutating func lexOperator() {
        var index = position
        while index < bytes.count, isOperatorCharacter(bytes[index]) {
            // Swift stops an operator before a comment: `a+/*x*/b`.
            if bytes[index] == ascii("/"), index + 1 < bytes.count,
                bytes[index + 1] == ascii("/") || bytes[index + 1] == ascii("*"), index > position
            {
                break
            }
            index += 1
        }
        emit(.operatorSymbols, position, max(index, position + 1))
    }

    /// The end of a bare `/…/` regex literal starting at `position`, or nil when this `/` is
    /// an operator. Follows Swift's rules (SE-0354): a regex can only begin where an
    /// expression can, not with a blank; it ends at the first unescaped `/` on the line,
    /// not after a blank; an unbalanced `)` inside means the `/` was a division.
    private func bareRegexEnd() -> Int? {
        guard expressionMayStart() else { return nil }
        let first = peek(1)
        guard first != 0x20, first != 0x09, first != 0x0A, first != 0x0D, first != 0 else { return nil }
        var index = position + 1
        var parenDepth = 0
        while index < bytes.count {
            switch bytes[index] {
            case ascii("\\"):
                guard index + 1 < bytes.count, bytes[index + 1] != 0x0A, bytes[index + 1] != 0x0D else { return nil }
                index += 2
                continue
            case 0x0A, 0x0D:
                return nil
            case ascii("("):
                parenDepth += 1
            case ascii(")"):
                if parenDepth == 0 { return nil }
                parenDepth -= 1
            case ascii("/"):
                let before = bytes[index - 1]
                return before == 0x20 || before == 0x09 ? nil : index + 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// True when the previous token cannot end an expression, so a `/` here would be
    /// prefix position: after an operator, an opening bracket, a comma, `return` and such.
    private func expressionMayStart() -> Bool {
        guard let last = tokens.last else { return true }
        switch last.kind {
        case .identifier:
            return expressionKeywords.contains { keyword in
                Int(last.end - last.start) == keyword.count
                    && zip(bytes[Int(last.start)..<Int(last.end)], keyword).allSatisfy { $0 == $1 }
            }
        case .operatorSymbols:
            // A lone `?` or `!` is most likely postfix (`value! / 2`).
            let length = last.end - last.start
            let byte = bytes[Int(last.start)]
            return !(length == 1 && (byte == ascii("?") || byte == ascii("!")))
        case .number, .stringLiteral, .stringClose, .rightParen, .rightBracket, .rightBrace, .regexLiteral,
            .poundKeyword:
            return false
        default:
            return true
        }
    }

    private mutating func lexExtendedRegex(start: Int, hashes: Int) {
        var index = start + hashes + 1
        let multiline = index < bytes.count && (bytes[index] == 0x0A || bytes[index] == 0x0D)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ascii("\\") {
                index += 2
            } else if byte == ascii("/"), closingHashes(at: index + 1, count: hashes) {
                emit(.regexLiteral, start, index + 1 + hashes)
                return
            } else if !multiline, byte == 0x0A || byte == 0x0D {
                break
            } else {
                index += 1
            }
        }
        problems.append(LexicalProblem(kind: .unterminatedRegex, offset: start))
        emit(.regexLiteral, start, min(index, bytes.count))
    }

    // MARK: - String literals

    private mutating func lexStringLiteral(start: Int, hashes: Int) {
        var index = start + hashes
        let multiline = opensMultilineString(bytes, quote: index, hashes: hashes, end: bytes.count)
        index += multiline ? 3 : 1
        openStrings.append(OpenString(literalStart: start, hashes: hashes, multiline: multiline))
        position = index
        scanStringBody(segmentStart: start)
    }

    /// Scans string content from `position` until the literal closes or an interpolation
    /// opens. `segmentStart` is where the token for this piece of text begins.
    private mutating func scanStringBody(segmentStart: Int) {
        let open = openStrings[openStrings.count - 1]
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ascii("\\") {
                var after = index + 1
                guard delimiterMatches(at: &after, hashes: open.hashes) else {
                    index += 1  // a plain backslash inside a raw string
                    continue
                }
                guard after < bytes.count else { break }
                let escaped = bytes[after]
                if escaped == ascii("(") {
                    emit(open.hadInterpolation ? .stringSegment : .stringOpen, segmentStart, index)
                    emit(.interpolationOpen, index, after + 1)
                    openStrings[openStrings.count - 1].hadInterpolation = true
                    openStrings[openStrings.count - 1].parenDepth = 0
                    position = after + 1
                    return
                }
                // Never step over a line break: it either continues a multi-line string
                // (handled by the loop) or ends an unterminated single-line one.
                index = (escaped == 0x0A || escaped == 0x0D) ? after : after + 1
            } else if byte == ascii("\"") {
                if open.multiline {
                    if peekAbsolute(index + 1) == ascii("\""), peekAbsolute(index + 2) == ascii("\""),
                        closingHashes(at: index + 3, count: open.hashes)
                    {
                        finishString(segmentStart: segmentStart, end: index + 3 + open.hashes)
                        return
                    }
                } else if closingHashes(at: index + 1, count: open.hashes) {
                    finishString(segmentStart: segmentStart, end: index + 1 + open.hashes)
                    return
                }
                index += 1
            } else if byte == 0x0A || byte == 0x0D {
                if !open.multiline {
                    problems.append(LexicalProblem(kind: .unterminatedString, offset: open.literalStart))
                    finishString(segmentStart: segmentStart, end: index, terminated: false)
                    return
                }
                index += 1
            } else {
                index += 1
            }
        }
        problems.append(LexicalProblem(kind: .unterminatedString, offset: open.literalStart))
        finishString(segmentStart: segmentStart, end: bytes.count, terminated: false)
    }

    private mutating func finishString(segmentStart: Int, end: Int, terminated: Bool = true) {
        let open = openStrings.removeLast()
        if open.hadInterpolation {
            emit(.stringClose, segmentStart, end, terminated: terminated)
        } else {
            emit(.stringLiteral, open.literalStart, end, terminated: terminated)
        }
    }

    /// A line break inside the interpolation of a single-line string: Swift reports the
    /// string unterminated and so do we, then lexes on as code.
    private mutating func abandonSingleLineStrings() {
        while let open = openStrings.last, !open.multiline {
            problems.append(LexicalProblem(kind: .unterminatedString, offset: open.literalStart))
            openStrings.removeLast()
        }
    }

    /// In a raw string with `hashes` `#`s, an escape is `\` followed by that many `#`s.
    /// Advances `index` past them when they are there.
    private func delimiterMatches(at index: inout Int, hashes: Int) -> Bool {
        if hashes == 0 { return true }
        guard closingHashes(at: index, count: hashes) else { return false }
        index += hashes
        return true
    }

    private func closingHashes(at index: Int, count: Int) -> Bool {
        if count == 0 { return true }
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != ascii("#") { return false }
        return true
    }

    // MARK: - Helpers

    private mutating func emitSingle(_ kind: TokenKind) {
        emit(kind, position, position + 1)
    }

    private mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, terminated: Bool = true) {
        tokens.append(
            Token(
                kind: kind, startsLine: lineBreakBefore, isTerminated: terminated,
                start: start, end: end))
        lineBreakBefore = false
        position = end
    }

    private func peek(_ offset: Int) -> UInt8 {
        peekAbsolute(position + offset)
    }

    private func peekAbsolute(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }
}

/// Whether the quote at `quote` opens a multi-line literal: `"""`, except that a raw
/// `#"""…` is single-line when its closing `"#` follows on the same line (`#"""#` is `"`).
func opensMultilineString(_ bytes: UnsafeBufferPointer<UInt8>, quote: Int, hashes: Int, end: Int) -> Bool {
    guard quote + 2 < end, bytes[quote + 1] == ascii("\""), bytes[quote + 2] == ascii("\"") else { return false }
    guard hashes > 0 else { return true }
    var index = quote + 1
    while index < end, bytes[index] != 0x0A, bytes[index] != 0x0D {
        if bytes[index] == ascii("\""), index + hashes < end,
            (1...hashes).allSatisfy({ bytes[index + $0] == ascii("#") })
        {
            return false
        }
        index += 1
    }
    return true
}

/// Keywords after which an expression starts, so a `/` there opens a regex literal.
private let expressionKeywords: [[UInt8]] = [
    "return", "throw", "case", "in", "where", "if", "guard", "while",
    "else", "try", "await", "switch", "yield",
].map { Array($0.utf8) }

/// Whether `range` of `bytes` contains `linza:`.
func containsDirective(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    // Every comment is searched, so no allocation here: "linza:" compared byte by byte.
    var index = range.lowerBound
    while index + 6 <= range.upperBound {
        if bytes[index] == ascii("l"), bytes[index + 1] == ascii("i"), bytes[index + 2] == ascii("n"),
            bytes[index + 3] == ascii("z"), bytes[index + 4] == ascii("a"), bytes[index + 5] == ascii(":")
        {
            return true
        }
        index += 1
    }
    return false
}

@inline(__always) private func isDigit(_ byte: UInt8) -> Bool {
    byte >= ascii("0") && byte <= ascii("9")
}

@inline(__always) private func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= ascii("a") && byte | 0x20 <= ascii("z")) || byte == ascii("_") || byte >= 0x80
}

@inline(__always) private func isIdentifierContinuation(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte) || byte == ascii("$")
}

@inline(__always) private func isOperatorCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case ascii("/"), ascii("="), ascii("-"), ascii("+"), ascii("!"), ascii("*"), ascii("%"),
        ascii("<"), ascii(">"), ascii("&"), ascii("|"), ascii("^"), ascii("~"), ascii("?"):
        return true
    default:
        return false
    }
}
