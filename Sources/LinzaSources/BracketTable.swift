import LinzaBase

/// Which closing token matches each opening one in a token array, computed in one pass,
/// so finding the end of any call's arguments is a lookup instead of a scan (no input
/// can make recognition quadratic, and no call is too long to be read).
///
/// Pairs are `()`, `[]`, `{}`, `\(` … `)` of interpolations and, in Swift, the angle
/// brackets of generic arguments (`Dictionary<String, Int>`), whose commas do not separate
/// call arguments.
struct BracketTable {
    /// For an opening token, the index of its partner; -1 when unmatched or not an opener.
    private var partners: [Int32]

    init(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage) {
        partners = Array(repeating: -1, count: tokens.count)
        var stack: [Int] = []
        var index = 0
        while index < tokens.count {
            let kind = tokens[index].kind
            if kind.isOpener {
                stack.append(index)
            } else if let opener = kind.matchingOpener {
                // A closer without its opener on top (broken code) is skipped, not paired.
                if let top = stack.last, tokens[top].kind == opener {
                    stack.removeLast()
                    partners[top] = Int32(index)
                }
            } else if language == .swift, let close = Self.genericClose(at: index, tokens, bytes) {
                partners[index] = Int32(close)
                index = close
            }
            index += 1
        }
    }

    /// The index of the token that closes the opener at `index`, or nil.
    func partner(of index: Int) -> Int? {
        let partner = partners[index]
        return partner < 0 ? nil : Int(partner)
    }

    /// When the `<` at `index` directly follows an identifier and what follows up to a
    /// matching `>` can only be a type (`Array<Set<Int>>`, `Result<A, B>`), the index of
    /// the token holding that `>`.
    private static func genericClose(at index: Int, _ tokens: [Token], _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let token = tokens[index]
        guard token.kind == .operatorSymbols, token.end - token.start == 1, bytes[Int(token.start)] == ascii("<"),
            index > 0, tokens[index - 1].kind == .identifier, tokens[index - 1].end == token.start
        else { return nil }
        var depth = 1
        var cursor = index + 1
        while cursor < tokens.count, cursor < index + 64 {
            let next = tokens[cursor]
            switch next.kind {
            case .identifier, .comma, .period, .leftBracket, .rightBracket, .leftParen, .rightParen, .colon:
                break
            case .operatorSymbols:
                for offset in Int(next.start)..<Int(next.end) {
                    switch bytes[offset] {
                    case ascii("<"): depth += 1
                    case ascii(">"):
                        depth -= 1
                        if depth == 0 { return offset == Int(next.end) - 1 ? cursor : nil }
                    case ascii("?"), ascii("!"), ascii("&"), ascii("-"): break  // optionals, compositions, ->
                    default: return nil
                    }
                }
            default:
                return nil
            }
            cursor += 1
        }
        return nil
    }
}

extension TokenKind {
    var isOpener: Bool {
        self == .leftParen || self == .leftBracket || self == .leftBrace || self == .interpolationOpen
    }

    /// For a closing token, the kind of opener it closes.
    var matchingOpener: TokenKind? {
        switch self {
        case .rightParen: return .leftParen
        case .rightBracket: return .leftBracket
        case .rightBrace: return .leftBrace
        case .interpolationClose: return .interpolationOpen
        default: return nil
        }
    }
}
