/// Finds localization calls in a Swift token array.
///
/// A call is an identifier path (`NSLocalizedString`, `L10n.tr`, `String.init`) directly
/// followed by `(` on the same line, not preceded by `func`. Arguments are split at
/// top-level commas; the key and table are read from the argument the call form names.
/// Calls inside interpolations are found because their tokens are in the same array.
public struct CallRecognizer: Sendable {
    private let functions: [CompiledFunction]
    private let defaultTable: String

    private struct CompiledFunction: Sendable {
        let function: LocalizationFunction
        /// The callee path's components as UTF-8, last one last.
        let components: [[UInt8]]
    }

    /// A recognised call before its byte offsets are turned into lines and columns.
    public struct Match: Sendable {
        public var function: String
        public var key: UsageKey
        public var table: UsageTable
        public var keyOffset: Int
        public var tableOffset: Int?
    }

    /// Arguments past this many tokens are not searched for the closing parenthesis, which
    /// keeps a file with unbalanced brackets linear to scan.
    private static let maximumCallLength = 20_000

    public init(functions: [LocalizationFunction], defaultTable: String) {
        self.functions = functions.map { function in
            CompiledFunction(function: function,
                             components: function.name.split(separator: ".").map { Array($0.utf8) })
        }
        self.defaultTable = defaultTable
    }

    /// Every call of a known form in `tokens`, in source order.
    public func recognize(_ tokens: [SwiftToken], in bytes: UnsafeBufferPointer<UInt8>) -> [Match] {
        var matches: [Match] = []
        let source = TokenSource(tokens: tokens, bytes: bytes)
        for index in tokens.indices where tokens[index].kind == .identifier {
            guard index + 1 < tokens.count, tokens[index + 1].kind == .leftParen,
                  !tokens[index + 1].startsLine else { continue }
            var last = index
            // `String.init(localized:)` is `String(localized:)`.
            if source.text(index, equals: initKeyword), index >= 2,
               tokens[index - 1].kind == .period, tokens[index - 2].kind == .identifier {
                last = index - 2
            }
            for compiled in functions where source.text(last, equals: compiled.components[compiled.components.count - 1]) {
                guard let first = source.pathStart(endingAt: last, matching: compiled.components),
                      !source.isDeclaration(before: first),
                      let match = recognizeCall(compiled.function, openParen: index + 1, source: source) else { continue }
                matches.append(match)
                break
            }
        }
        return matches
    }

    private func recognizeCall(_ function: LocalizationFunction, openParen: Int, source: TokenSource) -> Match? {
        guard let arguments = source.arguments(afterOpenParen: openParen, limit: Self.maximumCallLength),
              let keyArgument = arguments.first(matching: function.key, in: source),
              !keyArgument.value.isEmpty else { return nil }
        guard let key = source.evaluateKey(keyArgument.value) else { return nil }

        var table = UsageTable.named(function.defaultTable ?? defaultTable)
        var tableOffset: Int?
        if let reference = function.table, let tableArgument = arguments.first(matching: reference, in: source),
           !tableArgument.value.isEmpty {
            tableOffset = Int(source.tokens[tableArgument.value.lowerBound].start)
            if let name = source.evaluateTable(tableArgument.value) {
                if let name { table = .named(name) }
            } else {
                table = .dynamic
            }
        }
        return Match(function: function.displayName, key: key, table: table,
                     keyOffset: Int(source.tokens[keyArgument.value.lowerBound].start), tableOffset: tableOffset)
    }
}

private let initKeyword = Array("init".utf8)
private let funcKeyword = Array("func".utf8)
private let nilKeyword = Array("nil".utf8)

/// One argument of a call: its label, if any, and the token range of its value.
struct CallArgument {
    var label: Range<Int>?
    var value: Range<Int>
}

extension Array where Element == CallArgument {
    fileprivate func first(matching reference: ArgumentReference, in source: TokenSource) -> CallArgument? {
        switch reference {
        case .position(let index):
            return index < count ? self[index] : nil
        case .label(let label):
            let bytes = Array<UInt8>(label.utf8)
            return first { argument in argument.label.map { source.text($0.lowerBound, equals: bytes) } ?? false }
        }
    }
}

/// Read-only helpers over one file's tokens and bytes.
struct TokenSource {
    let tokens: [SwiftToken]
    let bytes: UnsafeBufferPointer<UInt8>

    func text(_ index: Int, equals expected: [UInt8]) -> Bool {
        let token = tokens[index]
        let length = Int(token.end - token.start)
        guard length == expected.count else { return false }
        let start = Int(token.start)
        for offset in 0..<length where bytes[start + offset] != expected[offset] { return false }
        return true
    }

    /// The index of the path's first identifier when the identifiers ending at `last`
    /// (joined by `.`) end with `components`; nil otherwise.
    func pathStart(endingAt last: Int, matching components: [[UInt8]]) -> Int? {
        var index = last
        for component in components.reversed().dropFirst() {
            guard index >= 2, tokens[index - 1].kind == .period, tokens[index - 2].kind == .identifier,
                  text(index - 2, equals: component) else { return nil }
            index -= 2
        }
        return index
    }

    /// True when the path starting at `first` is being declared (`func NSLocalizedString(`).
    func isDeclaration(before first: Int) -> Bool {
        first >= 1 && tokens[first - 1].kind == .identifier && text(first - 1, equals: funcKeyword)
    }

    /// Splits the arguments of the call whose `(` is at `openParen`. Nil when the call
    /// does not close within `limit` tokens.
    func arguments(afterOpenParen openParen: Int, limit: Int) -> [CallArgument]? {
        var arguments: [CallArgument] = []
        var depth = 0
        var argumentStart = openParen + 1
        var index = openParen + 1
        let end = min(tokens.count, openParen + limit)
        while index < end {
            switch tokens[index].kind {
            case .leftParen, .leftBracket, .leftBrace, .interpolationOpen:
                depth += 1
            case .rightParen where depth == 0:
                if index > argumentStart || !arguments.isEmpty {
                    arguments.append(argument(argumentStart..<index))
                }
                return arguments
            case .rightParen, .rightBracket, .rightBrace, .interpolationClose:
                depth -= 1
            case .comma where depth == 0:
                arguments.append(argument(argumentStart..<index))
                argumentStart = index + 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private func argument(_ range: Range<Int>) -> CallArgument {
        if range.count >= 2, tokens[range.lowerBound].kind == .identifier,
           tokens[range.lowerBound + 1].kind == .colon {
            return CallArgument(label: range.lowerBound..<range.lowerBound + 1, value: range.lowerBound + 2..<range.upperBound)
        }
        return CallArgument(label: nil, value: range)
    }

    /// The key an argument passes. Nil for an unterminated literal, whose file already
    /// carries a lexical error and whose text cannot be trusted.
    func evaluateKey(_ range: Range<Int>) -> UsageKey? {
        let first = tokens[range.lowerBound]
        switch first.kind {
        case .stringLiteral:
            guard first.isTerminated else { return nil }
            let decoded = decode(first)
            return range.count == 1 ? .literal(decoded.text) : .dynamic(prefix: decoded.text)
        case .stringOpen:
            guard let close = closingToken(ofStringOpenAt: range.lowerBound), tokens[close].isTerminated else {
                return .dynamic(prefix: nil)
            }
            // Decoding the whole literal gives multi-line strings their indentation.
            let prefix = SwiftStringDecoder.decode(bytes, start: Int(first.start), end: Int(tokens[close].end)).text
            return .dynamic(prefix: prefix)
        default:
            return .dynamic(prefix: nil)
        }
    }

    /// The table an argument names: `.some(name)`, `.some(nil)` for `nil` (the default
    /// table), or nil when it is an expression Linza cannot evaluate.
    func evaluateTable(_ range: Range<Int>) -> String?? {
        guard range.count == 1 else { return nil }
        let token = tokens[range.lowerBound]
        if token.kind == .stringLiteral, token.isTerminated { return .some(decode(token).text) }
        if token.kind == .identifier, text(range.lowerBound, equals: nilKeyword) { return .some(nil) }
        return nil
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

    private func decode(_ token: SwiftToken) -> (text: String, isComplete: Bool) {
        SwiftStringDecoder.decode(bytes, start: Int(token.start), end: Int(token.end))
    }
}
