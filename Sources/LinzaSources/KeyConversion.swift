/// Conversions a wrapper may put around its key parameter before passing it on, which keep
/// the text the key: `String(localized: String.LocalizationValue(key))` looks `key` up as
/// surely as `String(localized: key)` would.
///
/// Only conversions whose result is provably the same text are unwrapped. Each of these
/// initialisers takes a `String` and keeps it: `String.LocalizationValue(_:)`,
/// `LocalizedStringKey(_:)`, `LocalizedStringResource(stringLiteral:)`, and `x as String`
/// (a cast, or bridging an `NSString`, never changes the text). `String(x)` keeps the text
/// only when `x` is a string (an `Int` becomes its digits), so it is unwrapped only when
/// the caller says the name is declared `String` or `Substring`.
extension TokenSource {
    /// The token of the single identifier that `range` passes on as the key, conversions
    /// stripped; nil when the range is anything else (a literal, a computation, a call that
    /// may change the text). `isString` says whether an identifier is declared as a string,
    /// for `String(x)`.
    func forwardedIdentifier(_ range: Range<Int>, isString: (Int) -> Bool = { _ in false }) -> Int? {
        var range = range
        // Each round strips one conversion; the bound only guards against a pathological nesting.
        for _ in 0..<8 {
            guard !range.isEmpty else { return nil }
            if range.count == 1 { return tokens[range.lowerBound].kind == .identifier ? range.lowerBound : nil }
            guard language == .swift, let inner = convertedArgument(range, isString: isString) else { return nil }
            range = inner
        }
        return nil
    }

    /// The argument of the conversion `range` is exactly, when it is one that keeps the text.
    private func convertedArgument(_ range: Range<Int>, isString: (Int) -> Bool) -> Range<Int>? {
        let first = range.lowerBound, last = range.upperBound - 1
        // `key as String`: the operand is one token; anything longer (`a + b as String`) is a computation.
        if range.count == 3, tokens[first].kind == .identifier, text(first + 1, equals: asKeyword),
            text(last, equals: stringType)
        {
            return first..<(first + 1)
        }
        // `Name(argument)`: an identifier path, then the `(` that the last token closes.
        var open = first
        while open < last, tokens[open].kind == ((open - first).isMultiple(of: 2) ? TokenKind.identifier : .period) {
            open += 1
        }
        guard open > first, tokens[open].kind == .leftParen, partner(of: open) == last,
            let arguments = arguments(afterOpenParen: open), arguments.count == 1
        else { return nil }
        let argument = arguments[0]
        let callee = (first..<open).map { tokens[$0].kind == .identifier ? string($0) : "." }.joined()
        let label = argument.label.map { string($0.lowerBound) }
        switch (callee, label) {
        case ("String.LocalizationValue", nil), ("LocalizedStringKey", nil),
            ("LocalizedStringResource", "stringLiteral"):
            return argument.value
        case ("String", nil):
            guard argument.value.count == 1, isString(argument.value.lowerBound) else { return nil }
            return argument.value
        default:
            return nil
        }
    }
}

private let asKeyword = Array("as".utf8)
private let stringType = Array("String".utf8)
