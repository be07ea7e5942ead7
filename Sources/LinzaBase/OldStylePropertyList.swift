/// A value of an old-style (OpenStep) property list, the grammar of Xcode's
/// `project.pbxproj`: strings, arrays `( a, b, )` and dictionaries `{ k = v; }`.
package indirect enum PropertyListValue: Sendable, Hashable {
    case string(String)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var array: [PropertyListValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    package var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let members) = self { return members }
        return nil
    }

    package subscript(key: String) -> PropertyListValue? {
        dictionary?[key]
    }
}

/// Why an old-style property list could not be read, with the byte offset.
package struct PropertyListSyntaxError: Error, Sendable, Hashable {
    package var message: String
    package var offset: Int

    package init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}

/// Reads old-style property lists into `PropertyListValue`s. Quoted strings take the
/// backslash escapes Xcode writes (`\"`, `\\`, `\n`, `\t`, `\U00e9`); `<…>` data is kept as
/// its text; comments are skipped. Nesting is limited so that no input exhausts the stack.
package enum OldStylePropertyList {
    package static let maximumDepth = 256

    package static func parse(_ bytes: [UInt8]) throws -> PropertyListValue {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.position == bytes.count else { throw reader.error("unexpected text after the property list") }
        return value
    }
}

private struct Reader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    func error(_ message: String) -> PropertyListSyntaxError {
        PropertyListSyntaxError(message: message, offset: position)
    }

    mutating func value(depth: Int) throws -> PropertyListValue {
        guard depth < OldStylePropertyList.maximumDepth else { throw error("nested too deeply") }
        guard position < bytes.count else { throw error("unexpected end of the property list") }
        switch bytes[position] {
        case ascii("{"):
            position += 1
            var members: [String: PropertyListValue] = [:]
            while true {
                skipSpace()
                guard position < bytes.count else { throw error("unterminated dictionary") }
                if bytes[position] == ascii("}") { position += 1; return .dictionary(members) }
                let key = try string()
                skipSpace()
                try expect(ascii("="))
                skipSpace()
                members[key] = try value(depth: depth + 1)
                skipSpace()
                try expect(ascii(";"))
            }
        case ascii("("):
            position += 1
            var items: [PropertyListValue] = []
            while true {
                skipSpace()
                guard position < bytes.count else { throw error("unterminated array") }
                if bytes[position] == ascii(")") { position += 1; return .array(items) }
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard position < bytes.count else { throw error("unterminated array") }
                if bytes[position] == ascii(",") {
                    position += 1
                } else if bytes[position] != ascii(")") {
                    throw error("expected ',' or ')' in an array")
                }
            }
        case ascii("<"):
            guard let end = bytes[position...].firstIndex(of: ascii(">")) else { throw error("unterminated data") }
            let text = String(decoding: bytes[position...end], as: UTF8.self)
            position = end + 1
            return .string(text)
        default:
            return .string(try string())
        }
    }

    mutating func expect(_ byte: UInt8) throws {
        guard position < bytes.count, bytes[position] == byte else {
            throw error("expected '\(Character(Unicode.Scalar(byte)))'")
        }
        position += 1
    }

    mutating func string() throws -> String {
        guard position < bytes.count else { throw error("unexpected end of the property list") }
        let quote = bytes[position]
        guard quote == ascii("\"") || quote == ascii("'") else {
            let start = position
            while position < bytes.count, isUnquotedPropertyListByte(bytes[position]) { position += 1 }
            guard position > start else { throw error("expected a string") }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
        position += 1
        var output: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == quote { return String(decoding: output, as: UTF8.self) }
            guard byte == ascii("\\"), position < bytes.count else { output.append(byte); continue }
            let escaped = bytes[position]
            position += 1
            switch escaped {
            case ascii("n"): output.append(0x0A)
            case ascii("t"): output.append(0x09)
            case ascii("r"): output.append(0x0D)
            case ascii("U"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, position < bytes.count, let digit = hexDigitValue(bytes[position]) {
                    value = value * 16 + UInt32(digit)
                    position += 1
                    digits += 1
                }
                output += Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
            default: output.append(escaped)
            }
        }
        throw error("unterminated string")
    }

    mutating func skipSpace() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ascii(" ") || byte == ascii("\t") || byte == ascii("\n") || byte == ascii("\r") {
                position += 1
            } else if byte == ascii("/"), position + 1 < bytes.count, bytes[position + 1] == ascii("/") {
                while position < bytes.count, bytes[position] != ascii("\n") { position += 1 }
            } else if byte == ascii("/"), position + 1 < bytes.count, bytes[position + 1] == ascii("*") {
                position += 2
                while position + 1 < bytes.count, !(bytes[position] == ascii("*") && bytes[position + 1] == ascii("/"))
                {
                    position += 1
                }
                position = min(position + 2, bytes.count)
            } else {
                return
            }
        }
    }
}
