import LinzaBase

/// Read-only helpers over one file's tokens and bytes for call recognition: paths,
/// declarations, argument lists and the values of literal arguments.
struct TokenSource {
    let tokens: [Token]
    let bytes: UnsafeBufferPointer<UInt8>
    let language: SourceLanguage
    private let brackets: LazyBracketTable

    init(tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage) {
        self.tokens = tokens
        self.bytes = bytes
        self.language = language
        brackets = LazyBracketTable(tokens: tokens, bytes: bytes, language: language)
    }

    /// What a table argument names.
    enum TableArgument {
        case named(String)
        /// `nil`: the default table.
        case defaultTable
        /// An expression Linza cannot evaluate.
        case dynamic
    }

    /// Whether the token's text is `expected`; a backticked identifier (`` `tr` ``) is
    /// compared without its backticks, as the compiler reads it.
    /// The first byte of a token's text, inside backticks for a backticked identifier.
    func firstByte(_ index: Int) -> UInt8? {
        let token = tokens[index]
        let start = Int(token.start), end = Int(token.end)
        guard end > start else { return nil }
        return bytes[start] == ascii("`") && end - start >= 2 ? bytes[start + 1] : bytes[start]
    }

    func text(_ index: Int, equals expected: [UInt8]) -> Bool {
        let token = tokens[index]
        var start = Int(token.start), end = Int(token.end)
        if end - start >= 2, bytes[start] == ascii("`"), bytes[end - 1] == ascii("`") {
            start += 1
            end -= 1
        }
        guard end - start == expected.count else { return false }
        for offset in 0..<expected.count where bytes[start + offset] != expected[offset] { return false }
        return true
    }

    private func text(_ index: Int, isOneOf words: [[UInt8]]) -> Bool {
        words.contains { text(index, equals: $0) }
    }

    /// The index of the path's first identifier when the identifiers ending at `last`
    /// (joined by `.`) end with `components`; nil otherwise.
    func pathStart(endingAt last: Int, matching components: [[UInt8]]) -> Int? {
        var index = last
        for component in components.reversed().dropFirst() {
            guard index >= 2, tokens[index - 1].kind == .period, tokens[index - 2].kind == .identifier,
                text(index - 2, equals: component)
            else { return nil }
            index -= 2
        }
        return index
    }

    /// True when the name starting at `first` is being declared, not called: `func name(`
    /// in Swift; `#define name(`, `Type name(` or `Type *name(` in C.
    func isDeclaration(before first: Int) -> Bool {
        guard first >= 1 else { return false }
        let previous = tokens[first - 1]
        switch language {
        case .swift:
            return previous.kind == .identifier && text(first - 1, equals: funcKeyword)
        case .objc:
            if previous.kind == .poundKeyword { return true }
            if previous.kind == .identifier {
                // `#define TITLE NSLocalizedString(…)`: the macro's body calls it.
                if first >= 2, tokens[first - 2].kind == .poundKeyword { return false }
                return !text(first - 1, isOneOf: cExpressionKeywords)
            }
            // `NSString *name(`: a pointer declarator after a type name.
            return previous.kind == .operatorSymbols && text(first - 1, equals: [ascii("*")])
                && first >= 2 && tokens[first - 2].kind == .identifier && !text(first - 2, isOneOf: cExpressionKeywords)
        }
    }

    /// Splits the arguments of the call whose `(` is at `openParen`. Nil when the
    /// parenthesis is never closed.
    func arguments(afterOpenParen openParen: Int) -> [CallArgument]? {
        guard let close = brackets.partner(of: openParen) else { return nil }
        var arguments: [CallArgument] = []
        var argumentStart = openParen + 1
        var index = openParen + 1
        while index < close {
            if let partner = brackets.partner(of: index) {
                index = partner + 1
                continue
            }
            if tokens[index].kind == .comma {
                arguments.append(argument(argumentStart..<index))
                argumentStart = index + 1
            }
            index += 1
        }
        if close > argumentStart || !arguments.isEmpty {
            arguments.append(argument(argumentStart..<close))
        }
        return arguments
    }

    /// The parts of an Objective-C message from its selector part at `first` to the
    /// closing `]`: each part's label and value tokens. Nil when the message does not close.
    func messageArguments(startingAt first: Int) -> [CallArgument]? {
        var arguments: [CallArgument] = []
        var label = first
        var valueStart = first + 2
        var index = valueStart
        while index < tokens.count {
            if let partner = brackets.partner(of: index) {
                index = partner + 1
                continue
            }
            switch tokens[index].kind {
            case .rightBracket:
                arguments.append(CallArgument(label: label..<label + 1, value: valueStart..<index))
                return arguments
            case .rightParen, .rightBrace, .semicolon:
                return nil
            case .identifier where index > valueStart && index + 1 < tokens.count && tokens[index + 1].kind == .colon:
                arguments.append(CallArgument(label: label..<label + 1, value: valueStart..<index))
                label = index
                valueStart = index + 2
                index += 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private func argument(_ range: Range<Int>) -> CallArgument {
        if range.count >= 2, tokens[range.lowerBound].kind == .identifier,
            tokens[range.lowerBound + 1].kind == .colon
        {
            return CallArgument(
                label: range.lowerBound..<range.lowerBound + 1, value: range.lowerBound + 2..<range.upperBound)
        }
        return CallArgument(label: nil, value: range)
    }

    /// The key an argument passes. Nil for an unterminated literal, whose file already
    /// carries a lexical error and whose text cannot be trusted.
    func evaluateKey(_ range: Range<Int>) -> UsageKey? {
        let literals = leadingLiterals(range)
        if literals.count == range.count, !literals.isEmpty {
            guard literals.allSatisfy({ tokens[$0].isTerminated }) else { return nil }
            return .literal(decodeLiterals(literals))
        }
        if !literals.isEmpty { return .dynamic(prefix: decodeLiterals(literals)) }
        let first = tokens[range.lowerBound]
        if first.kind == .stringOpen {
            guard let close = closingToken(ofStringOpenAt: range.lowerBound), tokens[close].isTerminated else {
                return .dynamic(prefix: nil)
            }
            // Decoding the whole literal gives multi-line strings their indentation.
            return .dynamic(
                prefix: SwiftStringDecoder.decode(bytes, start: Int(first.start), end: Int(tokens[close].end)).text)
        }
        return .dynamic(prefix: nil)
    }

    /// The template of an argument that is exactly one interpolated Swift literal.
    func template(_ range: Range<Int>) -> KeyTemplate? {
        let open = range.lowerBound
        guard language == .swift, tokens[open].kind == .stringOpen,
            let close = closingToken(ofStringOpenAt: open), close == range.upperBound - 1,
            tokens[close].isTerminated
        else { return nil }
        return decodedTemplate(open: open, close: close)
    }

    /// Every complete interpolated Swift literal, with where it lies and its template.
    func interpolatedTemplates() -> [(range: Range<Int>, template: KeyTemplate)] {
        guard language == .swift else { return [] }
        return tokens.indices.compactMap { open in
            guard tokens[open].kind == .stringOpen, let close = closingToken(ofStringOpenAt: open),
                tokens[close].isTerminated
            else { return nil }
            return (Int(tokens[open].start)..<Int(tokens[close].end), decodedTemplate(open: open, close: close))
        }
    }

    /// The `KeyTemplate.placeholderHash` of the interpolated Swift literal opened at `open`,
    /// when it is complete, single-line and at most `maxLength` bytes long: a literal handed to a
    /// `LocalizedStringKey` anywhere forms its key from it. A plain `"…"` literal without
    /// escapes is hashed straight from its bytes; others are decoded first. Interpolations are
    /// found by their own tokens, without the file's bracket table.
    func interpolatedLiteralHash(openingAt open: Int, maxLength: Int) -> UInt64? {
        let start = Int(tokens[open].start)
        // Top-level text tokens of the literal: what is outside its interpolations.
        var textTokens: [Int] = [open]
        var depth = 0
        var index = open + 1
        while index < tokens.count {
            let token = tokens[index]
            guard Int(token.end) - start <= maxLength else { return nil }
            switch token.kind {
            case .interpolationOpen: depth += 1
            case .interpolationClose: depth -= 1
            case .stringSegment where depth == 0: textTokens.append(index)
            case .stringClose where depth == 0:
                guard token.isTerminated else { return nil }
                textTokens.append(index)
                // A multi-line `"""` literal is text, a log line or a description, not a key:
                // decoding its indentation away for nothing would cost a tenth of the scan.
                if isMultilineOpening(Int(tokens[open].start)) { return nil }
                return plainInterpolatedHash(textTokens) ?? decodedTemplate(open: open, close: index).placeholderHash
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Whether the literal starting at `start` (after any `#`) opens with `"""`.
    private func isMultilineOpening(_ start: Int) -> Bool {
        var quote = start
        while quote < bytes.count, bytes[quote] == ascii("#") { quote += 1 }
        return quote + 2 < bytes.count && bytes[quote] == ascii("\"") && bytes[quote + 1] == ascii("\"")
            && bytes[quote + 2] == ascii("\"")
    }

    /// The template of the interpolated literal from `open` to its `stringClose` at `close`,
    /// decoded. Its top-level interpolations are found by their own open and close tokens,
    /// without the file's bracket table.
    private func decodedTemplate(open: Int, close: Int) -> KeyTemplate {
        var interpolations: [Int: Int] = [:]
        var depth = 0
        var interpolationStart = 0
        for token in tokens[open...close] {
            if token.kind == .interpolationOpen {
                if depth == 0 { interpolationStart = Int(token.start) }
                depth += 1
            } else if token.kind == .interpolationClose {
                depth -= 1
                if depth == 0 { interpolations[interpolationStart] = Int(token.end) }
            }
        }
        return KeyTemplate(
            segments: SwiftStringDecoder.segments(
                bytes, start: Int(tokens[open].start), end: Int(tokens[close].end), interpolations: interpolations))
    }

    /// The placeholder hash of a `"…\(…)…"` literal from its text tokens' bytes, the simple
    /// escapes (`\n`, `\t`, `\r`, `\0`, `\"`, `\'`, `\\`) resolved on the way; nil when it is
    /// raw, multi-line or has a `\u{…}` escape (then only decoding gives its text).
    private func plainInterpolatedHash(_ textTokens: [Int]) -> UInt64? {
        let first = Int(tokens[textTokens[0]].start)
        let last = Int(tokens[textTokens[textTokens.count - 1]].end)
        // `"""` opens a multi-line literal, `#` a raw one.
        guard bytes[first] == ascii("\""), last - first >= 2, bytes[first + 1] != ascii("\""),
            bytes[last - 1] == ascii("\"")
        else { return nil }
        var hash = StableHash.initial
        func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for (position, index) in textTokens.enumerated() {
            var from = Int(tokens[index].start), to = Int(tokens[index].end)
            if position == 0 { from += 1 }
            if position == textTokens.count - 1 { to -= 1 }
            if position > 0 { add(0) }
            var cursor = from
            while cursor < to {
                let byte = bytes[cursor]
                cursor += 1
                guard byte == ascii("\\") else { add(byte); continue }
                guard cursor < to else { return nil }
                switch bytes[cursor] {
                case ascii("n"): add(0x0A)
                case ascii("t"): add(0x09)
                case ascii("r"): add(0x0D)
                case ascii("0"): add(0x00)
                case ascii("\""), ascii("'"), ascii("\\"): add(bytes[cursor])
                default: return nil
                }
                cursor += 1
            }
        }
        return hash
    }

    /// What a table argument names.
    func evaluateTable(_ range: Range<Int>) -> TableArgument {
        if let text = literalText(range) { return .named(text) }
        if range.count == 1, tokens[range.lowerBound].kind == .identifier,
            text(range.lowerBound, isOneOf: nullKeywords)
        {
            return .defaultTable
        }
        return .dynamic
    }

    /// The branches of a key argument that picks a literal with the conditional operator
    /// (`editing ? "done" : "edit"`, in parentheses or not, nested in its last branch
    /// too), each branch's token range; nil unless there is a condition and every branch
    /// is a complete literal. Such a call reads one of those keys, each of them checkable.
    func literalBranches(_ argument: Range<Int>) -> [Range<Int>]? {
        var range = argument
        if range.count > 2, tokens[range.lowerBound].kind == .leftParen,
            partner(of: range.lowerBound) == range.upperBound - 1
        {
            range = (range.lowerBound + 1)..<(range.upperBound - 1)
        }
        guard
            let question = firstTopLevel(
                in: range, where: { tokens[$0].kind == .operatorSymbols && text($0, equals: questionMark) }),
            question > range.lowerBound,
            let colon = firstTopLevel(in: (question + 1)..<range.upperBound, where: { tokens[$0].kind == .colon })
        else { return nil }
        let chosen = (question + 1)..<colon, otherwise = (colon + 1)..<range.upperBound
        guard !chosen.isEmpty, !otherwise.isEmpty, literalText(chosen) != nil else { return nil }
        if literalText(otherwise) != nil { return [chosen, otherwise] }
        return literalBranches(otherwise).map { [chosen] + $0 }
    }

    /// The first token of `range` outside brackets that `matches`.
    private func firstTopLevel(in range: Range<Int>, where matches: (Int) -> Bool) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if let partner = partner(of: index) {
                index = partner + 1
                continue
            }
            if matches(index) { return index }
            index += 1
        }
        return nil
    }

    /// The text of an argument that is only a literal (adjacent literals joined, as C
    /// does), or nil.
    func literalText(_ range: Range<Int>) -> String? {
        let literals = leadingLiterals(range)
        guard !literals.isEmpty, literals.count == range.count,
            literals.allSatisfy({ tokens[$0].isTerminated })
        else { return nil }
        return decodeLiterals(literals)
    }

    /// The indices of the string literals the range starts with (Swift allows one; C
    /// concatenates adjacent ones).
    private func leadingLiterals(_ range: Range<Int>) -> [Int] {
        var result: [Int] = []
        for index in range {
            guard tokens[index].kind == .stringLiteral else { break }
            result.append(index)
            if language == .swift { break }
        }
        return result
    }

    private func decodeLiterals(_ indices: [Int]) -> String {
        indices.map { index in
            let token = tokens[index]
            switch language {
            case .swift: return SwiftStringDecoder.decode(bytes, start: Int(token.start), end: Int(token.end)).text
            case .objc: return ObjectiveCStringDecoder.decode(bytes, start: Int(token.start), end: Int(token.end))
            }
        }.joined()
    }

    /// The token's text.
    func string(_ index: Int) -> String {
        String(
            decoding: UnsafeBufferPointer(rebasing: bytes[Int(tokens[index].start)..<Int(tokens[index].end)]),
            as: UTF8.self)
    }

    /// The token's bytes, without the backticks of a backticked identifier.
    func bytes(_ index: Int) -> [UInt8] {
        var start = Int(tokens[index].start), end = Int(tokens[index].end)
        if end - start >= 2, bytes[start] == ascii("`"), bytes[end - 1] == ascii("`") {
            start += 1
            end -= 1
        }
        return Array(bytes[start..<end])
    }

    /// The index of the token closing the bracket opened at `index`, or nil.
    func partner(of index: Int) -> Int? {
        brackets.partner(of: index)
    }

    /// `range` split at its top-level commas (empty when the range is).
    func splitAtCommas(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if let partner = brackets.partner(of: index) {
                index = partner + 1
                continue
            }
            if tokens[index].kind == .comma {
                parts.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        if range.upperBound > start || !parts.isEmpty { parts.append(start..<range.upperBound) }
        return parts
    }

    /// The first token of the string literal ending at `last`: `last` itself for a plain
    /// literal, the matching `stringOpen` for an interpolated one.
    func literalStart(endingAt last: Int) -> Int? {
        switch tokens[last].kind {
        case .stringLiteral:
            return last
        case .stringClose:
            var depth = 0
            for index in stride(from: last - 1, through: 0, by: -1) {
                switch tokens[index].kind {
                case .stringClose: depth += 1
                case .stringOpen:
                    if depth == 0 { return index }
                    depth -= 1
                default: break
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// The `stringClose` that ends the interpolated literal opened at `open`.
    private func closingToken(ofStringOpenAt open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.count {
            switch tokens[index].kind {
            case .stringOpen: depth += 1
            case .stringClose:
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}

private let funcKeyword = Array("func".utf8)
private let nullKeywords = ["nil", "Nil", "NULL"].map { Array($0.utf8) }
/// C keywords after which a name followed by `(` is a call, not a declaration.
private let cExpressionKeywords = ["return", "case", "else", "do", "sizeof", "typeof", "__typeof__", "in"]
    .map { Array($0.utf8) }

/// The file's `BracketTable`, built the first time a call form's name matches: most files
/// and most calls never need it.
private final class LazyBracketTable {
    private let tokens: [Token]
    private let bytes: UnsafeBufferPointer<UInt8>
    private let language: SourceLanguage
    private var table: BracketTable?

    init(tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage) {
        self.tokens = tokens
        self.bytes = bytes
        self.language = language
    }

    func partner(of index: Int) -> Int? {
        if table == nil { table = BracketTable(tokens, bytes: bytes, language: language) }
        return table!.partner(of: index)
    }
}

private let questionMark: [UInt8] = [ascii("?")]
