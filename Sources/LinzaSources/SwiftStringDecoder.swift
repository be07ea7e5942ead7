import LinzaBase

/// Decodes a Swift string literal's source bytes into the value the compiler produces:
/// escapes resolved, raw strings taken verbatim, multi-line indentation stripped,
/// line continuations joined and line endings normalised to `\n`.
package enum SwiftStringDecoder {
    /// The decoded text of the literal occupying `start..<end`, up to its first
    /// interpolation. `isComplete` is false when an interpolation cut the text short,
    /// in which case `text` is the literal's static prefix.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int)
        -> (text: String, isComplete: Bool)
    {
        let decoder = run(bytes, start: start, end: end, interpolations: [:])
        return (String(decoding: decoder.output, as: UTF8.self), decoder.isComplete)
    }

    /// The literal text around each interpolation of the literal at `start..<end`:
    /// `"Hi \(name), \(n) new"` gives `["Hi ", ", ", " new"]`. `interpolations` maps the
    /// offset of each top-level `\(` to the offset after its closing `)`.
    package static func segments(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int,
        interpolations: [Int: Int]
    ) -> [String] {
        var decoder = run(bytes, start: start, end: end, interpolations: interpolations)
        decoder.segments.append(decoder.output)
        return decoder.segments.map { String(decoding: $0, as: UTF8.self) }
    }

    private static func run(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int,
        interpolations: [Int: Int]
    ) -> Decoder {
        var hashes = 0
        while start + hashes < end, bytes[start + hashes] == ascii("#") { hashes += 1 }
        let quote = start + hashes
        let multiline = opensMultilineString(bytes, quote: quote, hashes: hashes, end: end)
        let delimiterLength = multiline ? 3 : 1
        let bodyStart = quote + delimiterLength
        let bodyEnd = max(bodyStart, end - hashes - delimiterLength)

        var decoder = Decoder(bytes: bytes, hashes: hashes, multiline: multiline)
        decoder.interpolations = interpolations
        if multiline {
            let layout = multilineLayout(bytes, bodyStart: bodyStart, bodyEnd: bodyEnd)
            decoder.indentation = layout.indentation
            decoder.run(from: layout.contentStart, to: layout.contentEnd)
        } else {
            decoder.run(from: bodyStart, to: bodyEnd)
        }
        return decoder
    }

    /// Where a multi-line literal's content starts and ends and which indentation its
    /// closing line sets: the opening line break is not content, nor is the final one.
    private static func multilineLayout(_ bytes: UnsafeBufferPointer<UInt8>, bodyStart: Int, bodyEnd: Int)
        -> (contentStart: Int, contentEnd: Int, indentation: ArraySlice<UInt8>)
    {
        var contentStart = bodyStart
        if contentStart < bodyEnd, bytes[contentStart] == 0x0D { contentStart += 1 }
        if contentStart < bodyEnd, bytes[contentStart] == 0x0A { contentStart += 1 }

        var lastLineStart = bodyEnd
        while lastLineStart > contentStart, bytes[lastLineStart - 1] == 0x20 || bytes[lastLineStart - 1] == 0x09 {
            lastLineStart -= 1
        }
        guard lastLineStart > contentStart,
            bytes[lastLineStart - 1] == 0x0A || bytes[lastLineStart - 1] == 0x0D
        else {
            // Text before the closing delimiter on its line (invalid Swift) or an empty literal.
            return (contentStart, max(contentStart, lastLineStart == contentStart ? contentStart : bodyEnd), [])
        }
        let indentation = ArraySlice(UnsafeBufferPointer(rebasing: bytes[lastLineStart..<bodyEnd]))
        var contentEnd = lastLineStart - 1
        if bytes[contentEnd] == 0x0A, contentEnd > contentStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        return (contentStart, max(contentStart, contentEnd), indentation)
    }
}

/// The escape- and indentation-processing loop behind `SwiftStringDecoder`.
private struct Decoder {
    let bytes: UnsafeBufferPointer<UInt8>
    let hashes: Int
    let multiline: Bool
    var indentation: ArraySlice<UInt8> = []
    var output: [UInt8] = []
    var isComplete = true
    /// Interpolations to step over (start of `\(` to after `)`); without them decoding
    /// stops at the first one.
    var interpolations: [Int: Int] = [:]
    /// Text before each interpolation stepped over.
    var segments: [[UInt8]] = []

    init(bytes: UnsafeBufferPointer<UInt8>, hashes: Int, multiline: Bool) {
        self.bytes = bytes
        self.hashes = hashes
        self.multiline = multiline
    }

    mutating func run(from start: Int, to end: Int) {
        var index = start
        if multiline { index = skipIndentation(at: index, end: end) }
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                index = skipLineBreak(at: index, end: end)
                output.append(0x0A)
                index = skipIndentation(at: index, end: end)
            } else if byte == ascii("\\"), let escapeEnd = escape(at: index, end: end) {
                if escapeEnd < 0 {
                    isComplete = false
                    return
                }
                index = escapeEnd
            } else {
                output.append(byte)
                index += 1
            }
        }
    }

    /// Handles the escape at `index`. Returns the index after it, -1 at an interpolation,
    /// or nil when the backslash is plain text (a raw string without enough `#`s).
    private mutating func escape(at index: Int, end: Int) -> Int? {
        var next = index + 1
        for _ in 0..<hashes {
            guard next < end, bytes[next] == ascii("#") else { return nil }
            next += 1
        }
        guard next < end else { return nil }
        let code = bytes[next]
        switch code {
        case ascii("("):
            guard let after = interpolations[index] else { return -1 }
            segments.append(output)
            output = []
            return after
        case ascii("0"): output.append(0)
        case ascii("\\"), ascii("\""), ascii("'"): output.append(code)
        case ascii("t"): output.append(0x09)
        case ascii("n"): output.append(0x0A)
        case ascii("r"): output.append(0x0D)
        case ascii("u"): return unicodeEscape(at: next + 1, end: end)
        case 0x20, 0x09, 0x0A, 0x0D:
            if multiline, let continued = lineContinuation(at: next, end: end) { return continued }
            output.append(ascii("\\"))
            return index + 1
        default:
            // Not a valid escape; the compiler rejects it. Keep the text as written.
            output.append(ascii("\\"))
            return index + 1
        }
        return next + 1
    }

    /// `\u{1F600}`: one to eight hex digits in braces.
    private mutating func unicodeEscape(at index: Int, end: Int) -> Int {
        guard index < end, bytes[index] == ascii("{") else { return index }
        var value: UInt32 = 0
        var cursor = index + 1
        while cursor < end, let digit = hexDigitValue(bytes[cursor]) {
            value = value &* 16 &+ digit
            cursor += 1
        }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        output.append(contentsOf: Array(String(Character(scalar)).utf8))
        return cursor < end && bytes[cursor] == ascii("}") ? cursor + 1 : cursor
    }

    /// `\` followed by optional blanks and a line break joins the next line; its
    /// indentation is still stripped. Returns nil when no line break follows the blanks.
    private func lineContinuation(at index: Int, end: Int) -> Int? {
        var cursor = index
        while cursor < end, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
        guard cursor < end, bytes[cursor] == 0x0A || bytes[cursor] == 0x0D else { return nil }
        return skipIndentation(at: skipLineBreak(at: cursor, end: end), end: end)
    }

    private func skipLineBreak(at index: Int, end: Int) -> Int {
        if bytes[index] == 0x0D, index + 1 < end, bytes[index + 1] == 0x0A { return index + 2 }
        return index + 1
    }

    /// Skips as much of the closing line's indentation as this line starts with.
    private func skipIndentation(at index: Int, end: Int) -> Int {
        var cursor = index
        for byte in indentation {
            guard cursor < end, bytes[cursor] == byte else { break }
            cursor += 1
        }
        return cursor
    }
}
