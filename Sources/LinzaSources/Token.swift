/// The kinds of token the Swift and Objective-C lexers produce. Only what call recognition
/// needs is distinguished; everything else is `other` or `operatorSymbols`.
package enum TokenKind: UInt8, Sendable {
    /// An identifier or keyword, including backticked identifiers and `$0`.
    case identifier
    /// A whole string literal without interpolation, delimiters included (`@"…"` in
    /// Objective-C).
    case stringLiteral
    /// An interpolated literal from its opening delimiter up to its first `\(`.
    case stringOpen
    /// Literal text between two interpolations of one string.
    case stringSegment
    /// Literal text after the last interpolation, closing delimiter included.
    case stringClose
    /// `\(` (or `\#(` in a raw string) opening an interpolation.
    case interpolationOpen
    /// The `)` that closes an interpolation.
    case interpolationClose
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case comma, colon, semicolon, period
    /// `#if`, `#selector`, `#available`, `#define` and the like.
    case poundKeyword
    /// `#/.../#` (and, in Swift 6 mode, some bare `/.../`).
    case regexLiteral
    case number
    case operatorSymbols
    case other
}

/// A token: its kind and the byte range it covers in the file's UTF-8 buffer.
/// Offsets are 32-bit to keep the token array compact (no source file is 4 GiB).
package struct Token: Sendable, Hashable {
    package var kind: TokenKind
    /// True when a line break separates this token from the previous one.
    package var startsLine: Bool
    /// False for a string literal that runs into a line break or the end of the file.
    package var isTerminated: Bool
    package var start: UInt32
    package var end: UInt32

    package init(kind: TokenKind, startsLine: Bool, isTerminated: Bool = true, start: Int, end: Int) {
        self.kind = kind
        self.startsLine = startsLine
        self.isTerminated = isTerminated
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
    }
}

/// What a lexer hands to call recognition.
package struct LexedSource: Sendable {
    package var tokens: [Token]
    package var problems: [LexicalProblem]
    /// Byte ranges of comments that contain `linza:` (suppression directives).
    package var directiveComments: [Range<Int>]
}

/// A lexical error: the file is not valid source here, and what follows may be mis-scanned.
package struct LexicalProblem: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case unterminatedString
        case unterminatedBlockComment
        case unterminatedRegex
        /// An `#if 0` block without its `#endif`.
        case unterminatedConditional
    }

    package var kind: Kind
    /// Byte offset where the unterminated construct starts.
    package var offset: Int
}
