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

extension JSONParser {
    /// A member of an object read by `members(of:)`: its name, where the name starts, and
    /// the bytes of its value (checked, not built).
    package struct Member: Sendable {
        package var key: String
        package var keyOffset: Int
        package var value: Range<Int>
    }

    /// What `skim` finds at the top of a JSON text: an object's members, or another value.
    package enum Skimmed: Sendable {
        case object([Member])
        case other(JSONNode)
    }

    /// The top of `bytes` without building its values: checked as `parse` checks it (the
    /// same errors at the same offsets), and when it is an object, each member with the
    /// range of its value, so that a large document (a String Catalog of tens of megabytes)
    /// is built one member at a time (`parseValue`) instead of as one tree several times
    /// its size. A value other than an object is parsed whole.
    package static func skim(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Skimmed {
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipWhitespace()
        let skimmed: Skimmed
        if reader.position < bytes.count, bytes[reader.position] == UInt8(ascii: "{") {
            skimmed = .object(try reader.readMembers(depth: 0))
        } else {
            skimmed = .other(try reader.readValue(depth: 0))
        }
        reader.skipWhitespace()
        guard reader.position == bytes.count else {
            throw JSONSyntaxError(message: "unexpected text after the JSON value", offset: reader.position)
        }
        return skimmed
    }

    /// The members of the object whose `{` is at `offset` (a value `skim` or `members`
    /// checked already), each with the range of its value; `depth` is the object's nesting
    /// level, counted as `parse` counts it.
    package static func members(of bytes: UnsafeBufferPointer<UInt8>, objectAt offset: Int, depth: Int) throws
        -> [Member]
    {
        var reader = JSONReader(bytes: bytes)
        reader.position = offset
        return try reader.readMembers(depth: depth)
    }

    /// The value at `range` of `bytes` (one `Member.value`), built, with offsets into the
    /// whole of `bytes`; `depth` is its nesting level.
    package static func parseValue(_ bytes: UnsafeBufferPointer<UInt8>, at range: Range<Int>, depth: Int) throws
        -> JSONNode
    {
        var reader = JSONReader(bytes: UnsafeBufferPointer(rebasing: bytes[..<range.upperBound]))
        reader.position = range.lowerBound
        let value = try reader.readValue(depth: depth)
        guard reader.position == range.upperBound else {
            throw JSONSyntaxError(message: "unexpected text after the JSON value", offset: reader.position)
        }
        return value
    }
}

private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    /// An object at `position`, its members' values checked and skipped (`skipValue`).
    mutating func readMembers(depth: Int) throws -> [JSONParser.Member] {
        guard depth < JSONParser.maximumDepth else {
            throw JSONSyntaxError(message: "nesting deeper than \(JSONParser.maximumDepth) levels", offset: position)
        }
        var members: [JSONParser.Member] = []
        try readObject(readsKeys: true) { reader, key, keyOffset in
            let start = reader.position
            try reader.skipValue(depth: depth + 1)
            members.append(JSONParser.Member(key: key, keyOffset: keyOffset, value: start..<reader.position))
        }
        return members
    }

    /// The object whose `{` is at `position`: the one place its grammar and errors are
    /// written (`readValue`, `skipValue` and `readMembers` differ only in what they do with
    /// a member). Each member's name is read (without `readsKeys` only checked, and passed
    /// as "", read again only for the error that quotes it); `value` then reads or skips the
    /// member's value at `position`, given its name and where the name starts. Always
    /// inlined: as a call, the closure cost 1.6 % more instructions on a cold lint of
    /// IceCubesApp's 2.2 MB catalog (callgrind, release); inlined, the same as three copies.
    @inline(__always)
    mutating func readObject(
        readsKeys: Bool, value: (inout JSONReader, _ key: String, _ keyOffset: Int) throws -> Void
    ) throws {
        position += 1
        skipWhitespace()
        if consume(ascii("}")) { return }
        while true {
            skipWhitespace()
            let keyOffset = position
            guard position < bytes.count, bytes[position] == ascii("\"") else {
                throw JSONSyntaxError(message: "expected a member name in quotes", offset: position)
            }
            let key: String
            if readsKeys { key = try readString() } else { try skipString(); key = "" }
            skipWhitespace()
            guard consume(ascii(":")) else {
                let afterKey = position
                position = keyOffset
                let quoted = readsKeys ? key : try readString()
                position = afterKey
                throw JSONSyntaxError(message: "expected ':' after \"\(quoted)\"", offset: position)
            }
            skipWhitespace()
            try value(&self, key, keyOffset)
            skipWhitespace()
            if consume(ascii(",")) { continue }
            guard consume(ascii("}")) else {
                throw JSONSyntaxError(message: "expected ',' or '}' in object", offset: position)
            }
            return
        }
    }

    /// `readValue` without building anything: the same checks, the same errors at the same
    /// offsets (member names are read, for the messages that quote them).
    mutating func skipValue(depth: Int) throws {
        guard depth < JSONParser.maximumDepth else {
            throw JSONSyntaxError(message: "nesting deeper than \(JSONParser.maximumDepth) levels", offset: position)
        }
        let start = position
        guard position < bytes.count else {
            throw JSONSyntaxError(message: "expected a value, found the end of the file", offset: start)
        }
        switch bytes[position] {
        case ascii("{"):
            try readObject(readsKeys: false) { reader, _, _ in try reader.skipValue(depth: depth + 1) }
        case ascii("["):
            position += 1
            skipWhitespace()
            if consume(ascii("]")) { return }
            while true {
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                if consume(ascii(",")) { continue }
                guard consume(ascii("]")) else {
                    throw JSONSyntaxError(message: "expected ',' or ']' in array", offset: position)
                }
                return
            }
        case ascii("\""):
            try skipString()
        case ascii("t"):
            try expectWord("true")
        case ascii("f"):
            try expectWord("false")
        case ascii("n"):
            try expectWord("null")
        case ascii("-"), ascii("0")...ascii("9"):
            _ = try readNumber()
        default:
            throw JSONSyntaxError(message: "unexpected character where a value should start", offset: start)
        }
    }

    /// `readString` without building the string: the same checks and errors.
    mutating func skipString() throws {
        let start = position
        position += 1
        while position < bytes.count {
            switch bytes[position] {
            case ascii("\""):
                position += 1
                return
            case ascii("\\"):
                position += 1
                guard position < bytes.count else { break }
                let code = bytes[position]
                position += 1
                switch code {
                case ascii("\""), ascii("\\"), ascii("/"), ascii("b"), ascii("f"), ascii("n"), ascii("r"), ascii("t"):
                    break
                case ascii("u"): _ = try readUnicodeEscape()
                default: throw JSONSyntaxError(message: "invalid escape in string", offset: position - 2)
                }
            case 0x00..<0x20:
                throw JSONSyntaxError(message: "unescaped control character in string", offset: position)
            default:
                position += 1
            }
        }
        throw JSONSyntaxError(message: "unterminated string", offset: start)
    }

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
            var members: [(key: String, keyOffset: Int, value: JSONNode)] = []
            try readObject(readsKeys: true) { reader, key, keyOffset in
                members.append((key, keyOffset, try reader.readValue(depth: depth + 1)))
            }
            return JSONNode(content: .object(members), offset: start)
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
        // Most strings hold no escape: their bytes become the string at once, without a
        // buffer grown byte by byte (a String Catalog is mostly strings; so is a prune archive).
        while position < bytes.count, bytes[position] != ascii("\""), bytes[position] != ascii("\\"),
            bytes[position] >= 0x20
        {
            position += 1
        }
        if position < bytes.count, bytes[position] == ascii("\"") {
            position += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(position - 1)]), as: UTF8.self)
        }
        var output = Array(bytes[(start + 1)..<position])
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
                // The plain bytes up to the next escape, quote or control character, at once.
                let run = position
                position += 1
                while position < bytes.count, bytes[position] != ascii("\""), bytes[position] != ascii("\\"),
                    bytes[position] >= 0x20
                {
                    position += 1
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
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
