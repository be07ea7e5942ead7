/// A JSON value with the byte offset where it starts. Objects keep their members in file
/// order, duplicates included (JSONSerialization silently keeps one).
package struct JSONNode: Sendable {
    package indirect enum Content: Sendable {
        case object([(key: String, keyOffset: Int, value: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    package var content: Content
    package var offset: Int

    package var string: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    package var bool: Bool? {
        if case .bool(let flag) = content { return flag }
        return nil
    }

    /// The members of an object, or nil.
    package var members: [(key: String, keyOffset: Int, value: JSONNode)]? {
        if case .object(let members) = content { return members }
        return nil
    }

    /// The items of an array, or nil.
    package var items: [JSONNode]? {
        if case .array(let items) = content { return items }
        return nil
    }

    /// The last value for `key` in an object.
    package subscript(key: String) -> JSONNode? {
        members?.last { $0.key == key }?.value
    }
}

/// Malformed JSON, at a byte offset.
package struct JSONSyntaxError: Error, Sendable {
    package var message: String
    package var offset: Int
}

/// A strict RFC 8259 JSON reader that keeps positions and duplicate keys, for `.xcstrings`.
package enum JSONParser {
    /// Deeper nesting than this is rejected so hostile files cannot exhaust the stack.
    package static let maximumDepth = 512

    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> JSONNode {
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else {
            throw JSONSyntaxError(message: "unexpected text after the JSON value", offset: reader.position)
        }
        return value
    }
}

private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func readValue(depth: Int) throws -> JSONNode {
        guard depth < JSONParser.maximumDepth else {
            throw JSONSyntaxError(message: "nesting deeper than \(JSONParser.maximumDepth) levels", offset: position)
        }
        let start = position
        guard position < bytes.count else {
            throw JSONSyntaxError(message: "expected a value, found the end of the file", offset: start)
        }
        switch bytes[position] {
        case ascii("{"):
            position += 1
            var members: [(key: String, keyOffset: Int, value: JSONNode)] = []
            skipWhitespace()
            if consume(ascii("}")) { return JSONNode(content: .object(members), offset: start) }
            while true {
                skipWhitespace()
                let keyOffset = position
                guard position < bytes.count, bytes[position] == ascii("\"") else {
                    throw JSONSyntaxError(message: "expected a member name in quotes", offset: position)
                }
                let key = try readString()
                skipWhitespace()
                guard consume(ascii(":")) else {
                    throw JSONSyntaxError(message: "expected ':' after \"\(key)\"", offset: position)
                }
                skipWhitespace()
                members.append((key, keyOffset, try readValue(depth: depth + 1)))
                skipWhitespace()
                if consume(ascii(",")) { continue }
                guard consume(ascii("}")) else {
                    throw JSONSyntaxError(message: "expected ',' or '}' in object", offset: position)
                }
                return JSONNode(content: .object(members), offset: start)
            }
        case ascii("["):
            position += 1
            var items: [JSONNode] = []
            skipWhitespace()
            if consume(ascii("]")) { return JSONNode(content: .array(items), offset: start) }
            while true {
                skipWhitespace()
                items.append(try readValue(depth: depth + 1))
                skipWhitespace()
                if consume(ascii(",")) { continue }
                guard consume(ascii("]")) else {
                    throw JSONSyntaxError(message: "expected ',' or ']' in array", offset: position)
                }
                return JSONNode(content: .array(items), offset: start)
            }
        case ascii("\""):
            return JSONNode(content: .string(try readString()), offset: start)
        case ascii("t"):
            try expectWord("true")
            return JSONNode(content: .bool(true), offset: start)
        case ascii("f"):
            try expectWord("false")
            return JSONNode(content: .bool(false), offset: start)
        case ascii("n"):
            try expectWord("null")
            return JSONNode(content: .null, offset: start)
        case ascii("-"), ascii("0")...ascii("9"):
            return JSONNode(content: .number(try readNumber()), offset: start)
        default:
            throw JSONSyntaxError(message: "unexpected character where a value should start", offset: start)
        }
    }

    mutating func readString() throws -> String {
        let start = position
        position += 1
        // Most strings hold no escape: made straight from the file's bytes, in one copy.
        var end = position
        while end < bytes.count {
            let byte = bytes[end]
            if byte == ascii("\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
                position = end + 1
                return text
            }
            if byte == ascii("\\") || byte < 0x20 { break }
            end += 1
        }
        // An escape or a control character: byte by byte from there on.
        var output = Array(bytes[position..<end])
        position = end
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case ascii("\""):
                position += 1
                return String(decoding: output, as: UTF8.self)
            case ascii("\\"):
                position += 1
                guard position < bytes.count else { break }
                let code = bytes[position]
                position += 1
                switch code {
                case ascii("\""), ascii("\\"), ascii("/"): output.append(code)
                case ascii("b"): output.append(0x08)
                case ascii("f"): output.append(0x0C)
                case ascii("n"): output.append(0x0A)
                case ascii("r"): output.append(0x0D)
                case ascii("t"): output.append(0x09)
                case ascii("u"): output.append(contentsOf: try readUnicodeEscape())
                default: throw JSONSyntaxError(message: "invalid escape in string", offset: position - 2)
                }
            case 0x00..<0x20:
                throw JSONSyntaxError(message: "unescaped control character in string", offset: position)
            default:
                output.append(byte)
                position += 1
            }
        }
        throw JSONSyntaxError(message: "unterminated string", offset: start)
    }

    /// `\uXXXX`, pairing a high surrogate with a following `\uXXXX` low surrogate.
    mutating func readUnicodeEscape() throws -> [UInt8] {
        let high = try readHex4()
        var scalarValue = high
        if (0xD800...0xDBFF).contains(high), position + 1 < bytes.count,
            bytes[position] == ascii("\\"), bytes[position + 1] == ascii("u")
        {
            let save = position
            position += 2
            let low = try readHex4()
            if (0xDC00...0xDFFF).contains(low) {
                scalarValue = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            } else {
                position = save
            }
        }
        return Array(UTF8.encode(Unicode.Scalar(scalarValue) ?? "\u{FFFD}")!)
    }

    mutating func readHex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else {
            throw JSONSyntaxError(message: "truncated \\u escape", offset: position)
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexDigitValue(bytes[position]) else {
                throw JSONSyntaxError(message: "invalid \\u escape", offset: position)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    mutating func readNumber() throws -> String {
        let start = position
        _ = consume(ascii("-"))
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw JSONSyntaxError(message: "invalid number", offset: start)
        }
        if bytes[position] == ascii("0") { position += 1 } else { skipDigits() }
        if consume(ascii(".")) {
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw JSONSyntaxError(message: "invalid number", offset: start)
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] == ascii("e") || bytes[position] == ascii("E") {
            position += 1
            if position < bytes.count, bytes[position] == ascii("+") || bytes[position] == ascii("-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw JSONSyntaxError(message: "invalid number", offset: start)
            }
            skipDigits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    mutating func expectWord(_ word: String) throws {
        let start = position
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else {
                throw JSONSyntaxError(message: "unexpected character where a value should start", offset: start)
            }
            position += 1
        }
    }

    mutating func skipWhitespace() {
        while position < bytes.count,
            bytes[position] == 0x20 || bytes[position] == 0x09
                || bytes[position] == 0x0A || bytes[position] == 0x0D
        { position += 1 }
    }

    mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= ascii("0") && byte <= ascii("9") }
}
