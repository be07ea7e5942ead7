import LinzaBase

/// Writes a text as the source of a string literal of a given kind: what a key rename puts
/// where the old key's literal stood, in the form the code already uses (`"…"`, raw `#"…"#`,
/// multi-line `"""`, Objective-C `@"…"`), escaped so that the compiler reads exactly the text.
package enum KeyLiteralEncoder {
    /// The form of a string literal in source.
    package enum Kind: Hashable, Sendable {
        /// A Swift literal: its `#` count (0 for an ordinary one), whether it is a multi-line
        /// `"""` literal, and for one the closing line's indentation and the line break it uses.
        case swift(hashes: Int, multiline: Bool, indentation: String, lineBreak: String)
        /// An Objective-C or C literal: `@"…"` or `"…"`.
        case objectiveC(at: Bool)
    }

    /// The kind of the whole string literal at `start..<end` (a `stringLiteral` token).
    package static func kind(of bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, objectiveC: Bool) -> Kind {
        if objectiveC { return .objectiveC(at: start < end && bytes[start] == ascii("@")) }
        var hashes = 0
        while start + hashes < end, bytes[start + hashes] == ascii("#") { hashes += 1 }
        let quote = start + hashes
        guard opensMultilineString(bytes, quote: quote, hashes: hashes, end: end) else {
            return .swift(hashes: hashes, multiline: false, indentation: "", lineBreak: "\n")
        }
        // The closing line's indentation (spaces and tabs before the closing delimiter), and
        // the line break before it.
        var closingLine = end - hashes - 3
        while closingLine > quote, bytes[closingLine - 1] == 0x20 || bytes[closingLine - 1] == 0x09 { closingLine -= 1 }
        let indentation = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[closingLine..<(end - hashes - 3)]), as: UTF8.self)
        let crlf = closingLine >= 2 && bytes[closingLine - 2] == 0x0D && bytes[closingLine - 1] == 0x0A
        return .swift(hashes: hashes, multiline: true, indentation: indentation, lineBreak: crlf ? "\r\n" : "\n")
    }

    /// `text` as a literal of `kind`. A raw Swift literal gets more `#`s when `text` would
    /// end it early; every other kind stays as it is. `old`, the text the literal held, lets
    /// a raw literal that had just the `#`s its text needed get just those the new text needs,
    /// so that a rename and its inverse give back the same bytes (`#"a"#` → `##"b"#c"##` →
    /// `#"a"#`); one with more than its text needed keeps them.
    package static func literal(_ text: String, as kind: Kind, replacing old: String? = nil) -> String {
        switch kind {
        case .objectiveC(let at):
            return (at ? "@\"" : "\"") + objectiveCBody(text) + "\""
        case let .swift(hashes, multiline, indentation, lineBreak):
            let needed = hashesNeeded(text, multiline: multiline)
            let minimal = old.map { hashesNeeded($0, multiline: multiline) == hashes } ?? false
            let count = hashes == 0 ? 0 : minimal ? needed : max(hashes, needed)
            let pounds = String(repeating: "#", count: count)
            let escape = "\\" + pounds
            if !multiline { return pounds + "\"" + swiftBody(text, escape: escape, raw: count > 0) + "\"" + pounds }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                indentation + swiftBody(String($0), escape: escape, raw: count > 0, multiline: true)
            }
            return pounds + "\"\"\"" + lineBreak + lines.joined(separator: lineBreak) + lineBreak + indentation
                + "\"\"\"" + pounds
        }
    }

    /// The fewest `#`s (at least one) that keep `text` from closing a raw literal (`"#`) or
    /// starting an escape in it (`\#`).
    private static func hashesNeeded(_ text: String, multiline: Bool) -> Int {
        let bytes = Array(text.utf8)
        var needed = 1
        for (index, byte) in bytes.enumerated() where byte == ascii("\"") || byte == ascii("\\") {
            var run = 0
            while index + 1 + run < bytes.count, bytes[index + 1 + run] == ascii("#") { run += 1 }
            if run > 0 || byte == ascii("\\") { needed = max(needed, run + 1) }
        }
        return needed
    }

    /// The body of a Swift literal: `escape` is `\` plus the literal's `#`s. In a raw literal
    /// quotes and backslashes stand as they are (the `#` count keeps them inert); otherwise
    /// they are escaped. Line breaks and other control characters are always escapes, except
    /// that a multi-line literal's lines are split by the caller. A multi-line literal also
    /// escapes every quote, so no `"""` can end it.
    private static func swiftBody(_ text: String, escape: String, raw: Bool, multiline: Bool = false) -> String {
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\" where !raw: body += "\\\\"
            case "\"" where !raw || multiline: body += raw ? escape + "\"" : "\\\""
            case "\n": body += escape + "n"
            case "\r": body += escape + "r"
            case "\t" where !multiline: body += escape + "t"
            case "\0": body += escape + "0"
            case let control where control.value < 0x20 || control.value == 0x7F:
                body += escape + "u{" + String(control.value, radix: 16, uppercase: true) + "}"
            default: body.unicodeScalars.append(scalar)
            }
        }
        // A multi-line literal strips trailing spaces only in a warning, but keeps them;
        // an escaped last one is clearer to the reader and means the same.
        if multiline, let last = body.unicodeScalars.last, last == " " || last == "\t" {
            body.unicodeScalars.removeLast()
            body += escape + (last == " " ? "u{20}" : "t")
        }
        return body
    }

    /// The body of an Objective-C literal: C escapes for quotes, backslashes and control
    /// characters (three-digit octal, which no following digit can extend); other
    /// characters as UTF-8, which clang reads as they are.
    private static func objectiveCBody(_ text: String) -> String {
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": body += "\\\\"
            case "\"": body += "\\\""
            case "\n": body += "\\n"
            case "\r": body += "\\r"
            case "\t": body += "\\t"
            case let control where control.value < 0x20 || control.value == 0x7F:
                let octal = String(control.value, radix: 8)
                body += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            case "?":
                // `??=` and the other trigraphs are read as one character by compilers that
                // still honour them; `\?` means `?` everywhere.
                body += body.hasSuffix("?") ? "\\?" : "?"
            default: body.unicodeScalars.append(scalar)
            }
        }
        return body
    }
}

/// A whole string literal in a source file: where it is, the text it stands for, its form.
package struct KeyLiteral: Hashable, Sendable {
    package var range: Range<Int>
    package var text: String
    package var kind: KeyLiteralEncoder.Kind
}

extension KeyLiteralEncoder {
    /// The whole string literals (no interpolation) that contain each of `offsets` (where
    /// call sites say their key starts), found with the file's own lexer. An offset inside an
    /// interpolated literal, or outside any literal, has none.
    package static func literals(in bytes: UnsafeBufferPointer<UInt8>, objectiveC: Bool, at offsets: [Int]) -> [Int:
        KeyLiteral]
    {
        let tokens = (objectiveC ? ObjectiveCLexer.tokenize(bytes) : SwiftLexer.tokenize(bytes)).tokens
        var found: [Int: KeyLiteral] = [:]
        for offset in offsets {
            // The last token starting at or before the offset.
            var low = 0, high = tokens.count
            while low < high {
                let middle = (low + high) / 2
                if Int(tokens[middle].start) <= offset { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { continue }
            let token = tokens[low - 1]
            let start = Int(token.start), end = Int(token.end)
            guard token.kind == .stringLiteral, token.isTerminated, offset < end else { continue }
            found[offset] = literal(in: bytes, start: start, end: end, objectiveC: objectiveC)
        }
        return found
    }

    /// Every whole string literal (no interpolation) in `bytes`, outside comments: where a
    /// key may be written other than as a call's key.
    package static func literals(in bytes: UnsafeBufferPointer<UInt8>, objectiveC: Bool) -> [KeyLiteral] {
        let tokens = (objectiveC ? ObjectiveCLexer.tokenize(bytes) : SwiftLexer.tokenize(bytes)).tokens
        return tokens.compactMap { token in
            guard token.kind == .stringLiteral, token.isTerminated else { return nil }
            return literal(in: bytes, start: Int(token.start), end: Int(token.end), objectiveC: objectiveC)
        }
    }

    /// Every complete interpolated Swift literal in `bytes`, with where it lies and the key
    /// template it forms when a `LocalizedStringKey` or `String.LocalizationValue` takes it.
    package static func interpolatedTemplates(in bytes: UnsafeBufferPointer<UInt8>) -> [(
        range: Range<Int>, template: KeyTemplate
    )] {
        TokenSource(tokens: SwiftLexer.tokenize(bytes).tokens, bytes: bytes, language: .swift).interpolatedTemplates()
    }

    private static func literal(in bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, objectiveC: Bool)
        -> KeyLiteral
    {
        let text =
            objectiveC
            ? ObjectiveCStringDecoder.decode(bytes, start: start, end: end)
            : SwiftStringDecoder.decode(bytes, start: start, end: end).text
        return KeyLiteral(
            range: start..<end, text: text, kind: kind(of: bytes, start: start, end: end, objectiveC: objectiveC))
    }
}
