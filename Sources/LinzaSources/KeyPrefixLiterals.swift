import LinzaBase

/// A string literal outside a call that starts keys built at run time: IINA keeps
/// `"eq.preset." + name` in a property and reads it later with
/// `NSLocalizedString(localizationKey, comment: "")`. Every key it starts may be read.
package struct KeyPrefixLiteral: Hashable, Sendable {
    /// The literal's text: the start of the keys it builds (`eq.preset.`).
    package var prefix: String
    /// Where the literal starts.
    package var location: Location

    package init(prefix: String, location: Location) {
        self.prefix = prefix
        self.location = location
    }
}

/// Finds the literals that start keys built at run time: one joined with something after
/// it (`"eq.preset." + name`, `"eq.preset.".appending(name)`,
/// `[@"eq.preset." stringByAppendingString:name]`), one interpolated after its start
/// (`"eq.preset.\(name)"`) and a format that ends in its one placeholder
/// (`String(format: "eq.preset.%@", name)`, `@"eq.preset.%@"`).
///
/// Only text shaped like a key's start counts: three or more letters, digits, `.`, `_` or
/// `-`, ending in one of the last three. `"Error: " + message` starts no key; a literal
/// start as short as `"a" + b` would cover half the tables.
enum KeyPrefixLiterals {
    /// The prefix the string token at `index` (a literal, or an interpolated one's opening)
    /// starts, if any. Asked by the scanner's one pass over a file's literals.
    static func prefix(at index: Int, in source: TokenSource) -> String? {
        let token = source.tokens[index]
        let bytes = source.bytes
        let start = Int(token.start), end = Int(token.end)
        switch token.kind {
        case .stringOpen where source.language == .swift:
            // `"eq.preset.\(`: the text between the plain opening quote and the interpolation.
            guard bytes[start] == ascii("\""), end - start >= 2 else { return nil }
            return keyPrefix(bytes, (start + 1)..<end)
        case .stringLiteral where token.isTerminated:
            guard let body = plainBody(bytes, start: start, end: end) else { return nil }
            if isJoined(after: index, in: source) { return keyPrefix(bytes, body) }
            return trailingPlaceholder(bytes, body).flatMap { keyPrefix(bytes, body.lowerBound..<$0) }
        default:
            return nil
        }
    }

    /// `+`, `.appending(`, or Objective-C's `stringByAppendingString:` after the literal at `index`.
    private static func isJoined(after index: Int, in source: TokenSource) -> Bool {
        let tokens = source.tokens
        guard index + 1 < tokens.count else { return false }
        switch tokens[index + 1].kind {
        case .operatorSymbols: return source.text(index + 1, equals: plus)
        case .period: return index + 2 < tokens.count && source.text(index + 2, equals: appending)
        case .identifier: return appendingSelectors.contains { source.text(index + 1, equals: $0) }
        default: return false
        }
    }

    /// The body of `"…"` or `@"…"` without escapes, as its bytes.
    private static func plainBody(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Range<Int>? {
        let open = bytes[start] == ascii("@") ? start + 1 : start
        guard end - open >= 2, bytes[open] == ascii("\""), bytes[end - 1] == ascii("\"") else { return nil }
        return (open + 1)..<(end - 1)
    }

    /// Where a body's one trailing placeholder (`%@`, `%d`, `%ld`, `%lld`, `%i`, `%u`, `%lu`)
    /// starts, when the body has no other `%`.
    private static func trailingPlaceholder(_ bytes: UnsafeBufferPointer<UInt8>, _ body: Range<Int>) -> Int? {
        // Looked for in the last four bytes (`%llu` is the longest): every literal is asked.
        for length in 2...4 where body.count >= length && bytes[body.upperBound - length] == ascii("%") {
            let percent = body.upperBound - length
            guard placeholders.contains(where: { $0.elementsEqual(bytes[(percent + 1)..<body.upperBound]) }),
                !body[..<percent].contains(where: { bytes[$0] == ascii("%") })
            else { return nil }
            return percent
        }
        return nil
    }

    /// The text of `range` when it is shaped like a key's start.
    private static func keyPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        guard range.count >= 3, let last = range.last, separators.contains(bytes[last]) else { return nil }
        var hasLetter = false
        for index in range {
            let byte = bytes[index]
            switch byte {
            case ascii("a")...ascii("z"), ascii("A")...ascii("Z"): hasLetter = true
            case ascii("0")...ascii("9"), ascii("."), ascii("_"), ascii("-"): break
            default: return nil
            }
        }
        return hasLetter ? String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) : nil
    }
}

private let plus: [UInt8] = [ascii("+")]
private let appending = Array("appending".utf8)
private let appendingSelectors = ["stringByAppendingString", "stringByAppendingFormat"].map { Array($0.utf8) }
private let separators: Set<UInt8> = [ascii("."), ascii("_"), ascii("-")]
private let placeholders = ["@", "d", "ld", "lld", "i", "u", "lu", "llu"].map { Array($0.utf8) }
