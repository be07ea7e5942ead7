import LinzaBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One `key = value;` pair of a `.strings` file, with byte offsets into the decoded text.
package struct StringsEntry: Hashable, Sendable {
    package var key: String
    /// Nil when the value is a property-list dictionary, array or data instead of a string.
    package var value: String?
    package var keyOffset: Int
    package var valueOffset: Int
    /// Just past the entry's closing `;` (what a writer deletes up to).
    package var endOffset: Int
}

/// One `key = value;` pair as ranges of the file's text (`TextRange`): what the parser
/// finds, before any string is made.
package struct StringsEntrySpan: Hashable, Sendable {
    package var key: TextRange
    /// Nil when the value is a property-list dictionary, array or data instead of a string.
    package var value: TextRange?
    package var keyOffset: Int32
    package var valueOffset: Int32
    /// Just past the entry's closing `;`.
    package var endOffset: Int32
}

/// A syntax problem, classified by what Apple's parser does with it at run time.
package struct StringsProblem: Hashable, Sendable {
    package enum Effect: Hashable, Sendable {
        /// Apple's parser rejects the file: the app has none of its entries.
        case rejectsFile
        /// Apple's parser stops here without a word: entries after this point are lost.
        case ignoresRest
        /// This one entry is unusable.
        case losesEntry
    }

    package var message: String
    package var offset: Int
    package var effect: Effect
}

/// The entries of a `.strings` file in file order (duplicates included) and its problems.
package struct StringsParseResult: Hashable, Sendable {
    package var entries: [StringsEntry]
    package var problems: [StringsProblem]
    /// True when the entries are wrapped in `{ }` (a property-list dictionary).
    package var isBraced: Bool
}

/// The entries of a `.strings` file as ranges, in file order (duplicates included), the
/// decoded strings with escapes they point into past the text's end, and the problems.
package struct StringsSpans: Sendable {
    package var entries: [StringsEntrySpan]
    package var escapes: [UInt8]
    package var problems: [StringsProblem]
    /// True when the entries are wrapped in `{ }` (a property-list dictionary).
    package var isBraced = false
}

/// Parses `.strings` files exactly as Apple's old-style property-list parser does
/// (CFOldStylePList.c, which Foundation on Linux also runs): quoted, single-quoted and
/// unquoted strings, `"key";` shorthand, comments, every escape, nested plist values.
///
/// Where Apple's parser silently stops (a stray character where a key should start, an
/// unterminated comment) and the app quietly loses translations, Linza reports a problem.
/// Parsing stops at the first problem that affects the rest of the file.
package enum StringsParser {
    /// Parses UTF-8 text (already decoded from the file's encoding, BOM removed) into ranges:
    /// no string is made for an entry (lint's table loading, where most are never read).
    package static func spans(_ text: UnsafeBufferPointer<UInt8>) -> StringsSpans {
        var parser = Parser(bytes: text)
        parser.parseFile()
        return StringsSpans(
            entries: parser.entries, escapes: parser.escapes, problems: parser.problems, isBraced: parser.isBraced)
    }

    /// Parses UTF-8 text (already decoded from the file's encoding, BOM removed) into entries
    /// with their keys and values as strings.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> StringsParseResult {
        var parser = Parser(bytes: text)
        parser.parseFile()
        let entries = parser.entries.map { entry in
            StringsEntry(
                key: parser.string(entry.key), value: entry.value.map(parser.string),
                keyOffset: Int(entry.keyOffset), valueOffset: Int(entry.valueOffset),
                endOffset: Int(entry.endOffset))
        }
        return StringsParseResult(entries: entries, problems: parser.problems, isBraced: parser.isBraced)
    }
}

private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var entries: [StringsEntrySpan] = []
    var problems: [StringsProblem] = []
    var isBraced = false
    /// Strings with escapes, decoded: `TextRange`s past the text's end point here.
    var escapes: [UInt8] = []

    /// Apple's limit on nested arrays and dictionaries.
    static let maximumDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    enum Space {
        case found
        case end
        case unterminatedComment(Int)
    }

    // MARK: - File and dictionaries

    mutating func parseFile() {
        switch skipSpace() {
        case .end:
            return  // empty, or comments only: no entries
        case .unterminatedComment(let start):
            // Apple's parser reads an empty table: every entry after the comment is lost.
            report("unterminated /* comment", at: start, .ignoresRest)
            return
        case .found:
            break
        }
        let start = position
        switch bytes[start] {
        case ascii("{"):
            isBraced = true
            position += 1
            guard parseDictionaryContent(depth: 1, collect: true), expectClosing(ascii("}"), what: "dictionary") else {
                return
            }
            if case .found = skipSpace() {
                report("unexpected text after the closing '}'", at: position, .rejectsFile)
            }
        case ascii("("), ascii("<"):
            let kind = bytes[start] == ascii("(") ? "an array" : "data"
            report(
                "the file is a property list holding \(kind), not \"key\" = \"value\"; pairs", at: start, .rejectsFile)
        case let byte where isQuote(byte) || isUnquotedPropertyListByte(byte):
            // Apple first reads one object; a file that is nothing but one string is a
            // string property list, not a table.
            guard parseString() != nil else { return }
            if case .end = skipSpace() {
                report(
                    "expected '=' or ';' after this string; a lone string is not a strings table", at: start,
                    .rejectsFile)
                return
            }
            position = start
            _ = parseDictionaryContent(depth: 0, collect: true)
        default:
            report("unexpected \(describe(at: start)) at the start of the file", at: start, .rejectsFile)
        }
    }

    /// Reads `key = value;` pairs until the end of the file, or until a character that
    /// cannot start a key. Returns false after reporting a problem.
    mutating func parseDictionaryContent(depth: Int, collect: Bool) -> Bool {
        while true {
            switch skipSpace() {
            case .end:
                return true
            case .unterminatedComment(let start):
                report("unterminated /* comment", at: start, depth == 0 ? .ignoresRest : .rejectsFile)
                return false
            case .found:
                break
            }
            let keyStart = position
            let first = bytes[keyStart]
            guard isQuote(first) || isUnquotedPropertyListByte(first) else {
                if depth == 0 {
                    report("unexpected \(describe(at: keyStart)) where a key should start", at: keyStart, .ignoresRest)
                    return false
                }
                return true  // the caller expects the closing '}'
            }
            // Where a key should start, Apple's parser gives up silently on a broken string:
            // the table keeps the entries before it.
            guard let key = parseString(failure: depth == 0 ? .ignoresRest : .rejectsFile) else { return false }
            guard requireSomething(after: "key ", key, expecting: "'=' or ';'") else { return false }

            var value: TextRange?
            var valueStart = position
            if bytes[position] == ascii(";") {
                value = key  // "key"; means the value is the key
            } else if bytes[position] == ascii("=") {
                position += 1
                guard requireSomething(after: "'=' of key ", key, expecting: "a value") else { return false }
                valueStart = position
                guard let parsed = parseValue(depth: depth + 1) else { return false }
                value = parsed
                if parsed == nil, collect {
                    report("the value of \(Messages.quoted(string(key))) is not a string", at: valueStart, .losesEntry)
                }
            } else {
                report(
                    "expected '=' or ';' after key \(Messages.quoted(string(key))), found \(describe(at: position))",
                    at: position, .rejectsFile)
                return false
            }
            let valueEnd = position
            if collect {
                entries.append(
                    StringsEntrySpan(
                        key: key, value: value, keyOffset: Int32(keyStart),
                        valueOffset: Int32(valueStart), endOffset: Int32(valueEnd)))
            }
            if case .found = skipSpace(), bytes[position] == ascii(";") {
                position += 1
                if collect { entries[entries.count - 1].endOffset = Int32(position) }
            } else {
                report("missing ';' after the value of \(Messages.quoted(string(key)))", at: valueEnd, .rejectsFile)
                return false
            }
        }
    }

    /// After a key or `=`, the file must go on. Reports and returns false at its end.
    /// The message (`what` and the quoted key) is built only then: quoting every key up
    /// front cost a tenth of table loading.
    mutating func requireSomething(after what: String, _ key: TextRange, expecting: String) -> Bool {
        let end = position
        switch skipSpace() {
        case .found:
            return true
        case .end:
            report(
                "expected \(expecting) after \(what)\(Messages.quoted(string(key))), found the end of the file",
                at: end, .rejectsFile)
        case .unterminatedComment(let start):
            report("unterminated /* comment", at: start, .rejectsFile)
        }
        return false
    }

    // MARK: - Values

    /// Parses a value at `position`. Returns `.some(range)` for a string, `.some(nil)` for
    /// a dictionary, array or data, and nil after reporting a problem.
    mutating func parseValue(depth: Int) -> TextRange?? {
        guard depth <= Self.maximumDepth else {
            report("arrays or dictionaries nested deeper than \(Self.maximumDepth) levels", at: position, .rejectsFile)
            return nil
        }
        let start = position
        let byte = bytes[start]
        switch byte {
        case ascii("{"):
            position += 1
            guard parseDictionaryContent(depth: depth, collect: false),
                expectClosing(ascii("}"), what: "dictionary")
            else { return nil }
            return .some(nil)
        case ascii("("):
            position += 1
            return parseArray(depth: depth) ? .some(nil) : nil
        case ascii("<"):
            position += 1
            return parseData() ? .some(nil) : nil
        case let byte where isQuote(byte) || isUnquotedPropertyListByte(byte):
            return parseString().map { .some($0) }
        default:
            report("unexpected \(describe(at: start)) where a value should start", at: start, .rejectsFile)
            return nil
        }
    }

    mutating func parseArray(depth: Int) -> Bool {
        while true {
            guard case .found = skipSpace() else { break }
            let byte = bytes[position]
            guard
                byte == ascii("{") || byte == ascii("(") || byte == ascii("<") || isQuote(byte)
                    || isUnquotedPropertyListByte(byte)
            else { break }
            guard parseValue(depth: depth + 1) != nil else { return false }
            guard case .found = skipSpace() else {
                report("expected ',' or ')' in array, found the end of the file", at: position, .rejectsFile)
                return false
            }
            guard bytes[position] == ascii(",") else { break }
            position += 1
        }
        return expectClosing(ascii(")"), what: "array")
    }

    mutating func parseData() -> Bool {
        let start = position - 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ascii(">") {
                position += 1
                return true
            }
            if hexDigitValue(byte) != nil {
                guard position + 1 < bytes.count, hexDigitValue(bytes[position + 1]) != nil else {
                    report("data with an odd number of hex digits", at: position, .rejectsFile)
                    return false
                }
                position += 2
            } else if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
                || isLineOrParagraphSeparator(at: position)
            {
                position += byte < 0x80 ? 1 : 3
            } else {
                report("unexpected \(describe(at: position)) in <data>", at: position, .rejectsFile)
                return false
            }
        }
        report("unterminated <data> value", at: start, .rejectsFile)
        return false
    }

    mutating func expectClosing(_ closing: UInt8, what: String) -> Bool {
        if case .found = skipSpace(), bytes[position] == closing {
            position += 1
            return true
        }
        let found = position < bytes.count ? describe(at: position) : "the end of the file"
        report(
            "expected '\(Character(Unicode.Scalar(closing)))' to close the \(what), found \(found)", at: position,
            .rejectsFile)
        return false
    }

    // MARK: - Strings

    /// A quoted or unquoted string; `failure` is what an unterminated one costs.
    mutating func parseString(failure: StringsProblem.Effect = .rejectsFile) -> TextRange? {
        let byte = bytes[position]
        if isQuote(byte) { return parseQuoted(byte, failure: failure) }
        let start = position
        while position < bytes.count, isUnquotedPropertyListByte(bytes[position]) { position += 1 }
        return TextRange(start: start, count: position - start)
    }

    mutating func parseQuoted(_ quote: UInt8, failure: StringsProblem.Effect) -> TextRange? {
        let start = position
        position += 1
        // Most strings have no escape: find the closing quote with memchr and point at the
        // bytes as they are.
        if let close = find(quote, from: position), find(ascii("\\"), from: position, before: close) == nil {
            defer { position = close + 1 }
            return TextRange(start: position, count: close - position)
        }
        var segmentStart = position
        let outputStart = escapes.count
        var pendingHighSurrogate: UInt32?
        var usedEscapes = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                defer { position += 1 }
                guard usedEscapes else { return TextRange(start: segmentStart, count: position - segmentStart) }
                flush(&pendingHighSurrogate, into: &escapes)
                escapes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<position]))
                return TextRange(start: bytes.count + outputStart, count: escapes.count - outputStart)
            }
            guard byte == ascii("\\") else {
                position += 1
                continue
            }
            usedEscapes = true
            if position > segmentStart { flush(&pendingHighSurrogate, into: &escapes) }
            escapes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<position]))
            position += 1
            guard position < bytes.count else {
                report("unterminated backslash escape at the end of the file", at: position - 1, failure)
                escapes.removeSubrange(outputStart...)
                return nil
            }
            let unit = decodeEscape()
            append(unit, pendingHighSurrogate: &pendingHighSurrogate, into: &escapes)
            segmentStart = position
        }
        report("unterminated string", at: start, failure)
        escapes.removeSubrange(outputStart...)
        return nil
    }

    /// The string at `range` (of the text, or of `escapes` past its end).
    func string(_ range: TextRange) -> String {
        let start = Int(range.start), end = start + Int(range.count)
        if start < bytes.count {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return String(decoding: escapes[(start - bytes.count)..<(end - bytes.count)], as: UTF8.self)
    }

    /// Decodes the escape after a backslash (at `position`), as Apple's `getSlashedChar`:
    /// returns a UTF-16 code unit, or a whole scalar for an escaped non-ASCII character.
    mutating func decodeEscape() -> UInt32 {
        let byte = bytes[position]
        position += 1
        switch byte {
        case ascii("0")...ascii("7"):
            var number = byte - ascii("0")
            for _ in 0..<2 {
                guard position < bytes.count, bytes[position] >= ascii("0"), bytes[position] <= ascii("7") else {
                    break
                }
                number = (number &<< 3) &+ (bytes[position] - ascii("0"))  // wraps like C's uint8_t
                position += 1
            }
            return number < 0x80 ? UInt32(number) : NeXTSTEPLatin.unicode[Int(number - 0x80)]
        case ascii("U"):
            var number: UInt32 = 0
            for _ in 0..<4 {
                guard position < bytes.count, let digit = hexDigitValue(bytes[position]) else { break }
                number = number << 4 | digit
                position += 1
            }
            return number
        case ascii("a"): return 0x07
        case ascii("b"): return 0x08
        case ascii("f"): return 0x0C
        case ascii("n"): return 0x0A
        case ascii("r"): return 0x0D
        case ascii("t"): return 0x09
        case ascii("v"): return 0x0B
        case 0x80...:
            // An escaped non-ASCII character stands for itself.
            let start = position - 1
            while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                .unicodeScalars.first.map(\.value) ?? 0xFFFD
        default:
            return UInt32(byte)  // \" \' \\ and any other character stand for themselves
        }
    }

    /// Appends a UTF-16 code unit or scalar, pairing surrogates from consecutive `\U`s;
    /// an unpaired surrogate becomes U+FFFD, as when Foundation bridges the string.
    func append(_ unit: UInt32, pendingHighSurrogate: inout UInt32?, into output: inout [UInt8]) {
        if let high = pendingHighSurrogate {
            pendingHighSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) {
                appendScalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00), to: &output)
                return
            }
            appendScalar(0xFFFD, to: &output)
        }
        if (0xD800...0xDBFF).contains(unit) {
            pendingHighSurrogate = unit
        } else {
            appendScalar((0xDC00...0xDFFF).contains(unit) ? 0xFFFD : unit, to: &output)
        }
    }

    func flush(_ pendingHighSurrogate: inout UInt32?, into output: inout [UInt8]) {
        if pendingHighSurrogate != nil {
            pendingHighSurrogate = nil
            appendScalar(0xFFFD, to: &output)
        }
    }

    func appendScalar(_ value: UInt32, to output: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        output.append(contentsOf: UTF8.encode(scalar)!)
    }

    // MARK: - Whitespace and comments

    /// Skips white space (including U+2028 and U+2029) and comments, as Apple's
    /// `advanceToNonSpace`. An unterminated `/*` swallows the rest of the file there.
    mutating func skipSpace() -> Space {
        while position < bytes.count {
            let byte = bytes[position]
            if (0x09...0x0D).contains(byte) || byte == 0x20 {
                position += 1
            } else if isLineOrParagraphSeparator(at: position) {
                position += 3
            } else if byte == ascii("/"), position + 1 < bytes.count, bytes[position + 1] == ascii("/") {
                position += 2
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D,
                    !isLineOrParagraphSeparator(at: position)
                {
                    position += 1
                }
            } else if byte == ascii("/"), position + 1 < bytes.count, bytes[position + 1] == ascii("*") {
                let start = position
                position += 2
                // Xcode writes a comment above every entry: jump from `*` to `*`.
                while true {
                    guard let star = find(ascii("*"), from: position), star + 1 < bytes.count else {
                        position = bytes.count
                        return .unterminatedComment(start)
                    }
                    if bytes[star + 1] == ascii("/") {
                        position = star + 2
                        break
                    }
                    position = star + 1
                }
            } else {
                return .found
            }
        }
        return .end
    }

    /// The offset of the first `byte` at or after `start` (and before `end`), by memchr.
    func find(_ byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        guard start < end, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), end - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    func isLineOrParagraphSeparator(at index: Int) -> Bool {
        startsLineOrParagraphSeparator(bytes, at: index)
    }

    // MARK: - Reporting

    mutating func report(_ message: String, at offset: Int, _ effect: StringsProblem.Effect) {
        problems.append(StringsProblem(message: message, offset: min(offset, bytes.count), effect: effect))
    }

    /// `'x'` for a printable character, `U+00A0` for an invisible one.
    func describe(at index: Int) -> String {
        guard index < bytes.count else { return "the end of the file" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        guard let scalar = text.unicodeScalars.first else { return "a byte" }
        let visible =
            scalar.properties.isWhitespace == false && scalar.properties.generalCategory != .control
            && scalar.properties.generalCategory != .format && scalar.value != 0xFEFF
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return visible ? "'\(text)'" : "invisible character \(code)"
    }
}

@inline(__always) private func isQuote(_ byte: UInt8) -> Bool {
    byte == ascii("\"") || byte == ascii("'")
}

/// Whether U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR starts at `index`: Apple's
/// parser skips them as white space and ends `//` comments at them, like line breaks.
@inline(__always)
func startsLineOrParagraphSeparator<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Bool
where Bytes.Index == Int {
    index + 2 < bytes.endIndex && bytes[index] == 0xE2 && bytes[index + 1] == 0x80
        && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
}
