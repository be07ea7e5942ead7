import LinzaBase

/// A value of an XML property list, with the byte offset where its element starts.
/// Dictionaries keep their pairs in file order, duplicates included.
package struct PlistNode: Sendable {
    package indirect enum Content: Sendable {
        case dictionary([(key: String, keyOffset: Int, value: PlistNode)])
        case array([PlistNode])
        case string(String)
        /// `integer`, `real`, `true`, `false`, `date` or `data`: named by element.
        case other(String)
    }

    package var content: Content
    package var offset: Int
    /// Just past the element's end (its closing tag, or `/>`): what a writer removes up to.
    package var end: Int

    package var string: String? {
        if case .string(let text) = content { return text }
        return nil
    }

    /// The pairs of a dictionary, or nil.
    package var pairs: [(key: String, keyOffset: Int, value: PlistNode)]? {
        if case .dictionary(let pairs) = content { return pairs }
        return nil
    }

    /// The last value for `key` in a dictionary (the one Apple's reader keeps).
    package subscript(key: String) -> PlistNode? {
        pairs?.last { $0.key == key }?.value
    }
}

/// A malformed XML property list, at a byte offset.
package struct PlistSyntaxError: Error, Sendable {
    package var message: String
    package var offset: Int
}

/// Reads XML property lists (`.stringsdict`) with positions, which Foundation's reader
/// does not give. It knows what plists use: the XML declaration, DOCTYPE, comments, CDATA,
/// character and entity references, and the plist elements.
package enum PropertyListXMLParser {
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> PlistNode {
        var reader = XMLReader(bytes: bytes)
        try reader.skipProlog()
        let plist = try reader.readStartTag()
        guard plist.name == "plist" else {
            throw PlistSyntaxError(message: "expected <plist>, found <\(plist.name)>", offset: plist.offset)
        }
        guard !plist.isEmpty, let root = try reader.readValue(depth: 0) else {
            throw PlistSyntaxError(message: "the <plist> element holds no value", offset: plist.offset)
        }
        try reader.readEndTag("plist")
        try reader.skipMisc()
        guard reader.atEnd else {
            throw PlistSyntaxError(message: "unexpected content after </plist>", offset: reader.position)
        }
        return root
    }
}

/// A cursor over XML bytes that reads just what property lists need.
private struct XMLReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    struct Tag {
        var name: String
        var offset: Int
        var isEmpty: Bool
    }

    var atEnd: Bool { position >= bytes.count }

    /// Deeper nesting than this is rejected so hostile files cannot exhaust the stack.
    static let maximumDepth = 512

    // MARK: - Structure

    mutating func skipProlog() throws {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try skipMisc()
    }

    /// Skips white space, comments, processing instructions and the DOCTYPE.
    mutating func skipMisc() throws {
        while true {
            skipWhitespace()
            if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    /// Reads a value element; nil when the next tag is a closing one.
    mutating func readValue(depth: Int) throws -> PlistNode? {
        try skipMisc()
        if starts(with: "</") { return nil }
        guard depth < Self.maximumDepth else {
            throw PlistSyntaxError(message: "nesting deeper than \(Self.maximumDepth) levels", offset: position)
        }
        let tag = try readStartTag()
        switch tag.name {
        case "dict":
            var pairs: [(key: String, keyOffset: Int, value: PlistNode)] = []
            if !tag.isEmpty {
                while true {
                    try skipMisc()
                    if starts(with: "</") { break }
                    let keyTag = try readStartTag()
                    guard keyTag.name == "key" else {
                        throw PlistSyntaxError(
                            message: "expected <key> in <dict>, found <\(keyTag.name)>", offset: keyTag.offset)
                    }
                    let key = keyTag.isEmpty ? "" : try readText(until: "key")
                    guard let value = try readValue(depth: depth + 1) else {
                        throw PlistSyntaxError(message: "<key>\(key)</key> has no value", offset: keyTag.offset)
                    }
                    pairs.append((key, keyTag.offset, value))
                }
                try readEndTag("dict")
            }
            return PlistNode(content: .dictionary(pairs), offset: tag.offset, end: position)
        case "array":
            var items: [PlistNode] = []
            if !tag.isEmpty {
                while let item = try readValue(depth: depth + 1) { items.append(item) }
                try readEndTag("array")
            }
            return PlistNode(content: .array(items), offset: tag.offset, end: position)
        case "string":
            return PlistNode(
                content: .string(tag.isEmpty ? "" : try readText(until: "string")), offset: tag.offset, end: position)
        case "integer", "real", "date", "data":
            if !tag.isEmpty { _ = try readText(until: tag.name) }
            return PlistNode(content: .other(tag.name), offset: tag.offset, end: position)
        case "true", "false":
            if !tag.isEmpty { try readEndTag(tag.name) }
            return PlistNode(content: .other(tag.name), offset: tag.offset, end: position)
        default:
            throw PlistSyntaxError(message: "<\(tag.name)> is not a property-list element", offset: tag.offset)
        }
    }

    mutating func readStartTag() throws -> Tag {
        let offset = position
        guard consume("<") else { throw PlistSyntaxError(message: "expected an element", offset: offset) }
        let name = readName()
        guard !name.isEmpty else { throw PlistSyntaxError(message: "expected an element name", offset: offset) }
        // Attributes are read past, not interpreted (plist version="1.0").
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == ascii("\"") || byte == ascii("'") {
                quote = byte
            } else if byte == ascii(">") {
                let isEmpty = position > offset && bytes[position - 1] == ascii("/")
                position += 1
                return Tag(name: name, offset: offset, isEmpty: isEmpty)
            } else if byte == ascii("<") {
                break
            }
            position += 1
        }
        throw PlistSyntaxError(message: "unterminated <\(name)> tag", offset: offset)
    }

    mutating func readEndTag(_ name: String) throws {
        try skipMisc()
        let offset = position
        guard consume("</") else {
            throw PlistSyntaxError(message: "expected </\(name)>", offset: offset)
        }
        let found = readName()
        skipWhitespace()
        guard found == name, consume(">") else {
            throw PlistSyntaxError(message: "expected </\(name)>, found </\(found)>", offset: offset)
        }
    }

    // MARK: - Text

    /// Character data up to `</name>`, with references and CDATA decoded; consumes the end tag.
    mutating func readText(until name: String) throws -> String {
        let start = position
        // Most texts are plain: taken straight from the bytes when the first special
        // character is the `<` of the end tag.
        var end = position
        while end < bytes.count, bytes[end] != ascii("<"), bytes[end] != ascii("&"), bytes[end] != 0x0D { end += 1 }
        if end < bytes.count, bytes[end] == ascii("<"), end + 1 < bytes.count, bytes[end + 1] == ascii("/") {
            position = end
            try readEndTag(name)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        var output: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ascii("<") {
                if starts(with: "<![CDATA[") {
                    position += 9
                    let contentStart = position
                    try skip(past: "]]>", what: "CDATA section")
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<(position - 3)]))
                    continue
                }
                if starts(with: "<!--") {
                    try skip(past: "-->", what: "comment")
                    continue
                }
                try readEndTag(name)
                return String(decoding: output, as: UTF8.self)
            }
            if byte == ascii("&") {
                output.append(contentsOf: try readReference())
                continue
            }
            if byte == 0x0D {
                // XML normalises CRLF and lone CR to LF.
                output.append(0x0A)
                position += 1
                if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                continue
            }
            output.append(byte)
            position += 1
        }
        throw PlistSyntaxError(message: "unterminated <\(name)> element", offset: start)
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#123;` `&#x1F;` as UTF-8.
    mutating func readReference() throws -> [UInt8] {
        let start = position
        guard let end = (position..<min(bytes.count, position + 16)).first(where: { bytes[$0] == ascii(";") }) else {
            throw PlistSyntaxError(message: "unterminated character reference", offset: start)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(position + 1)..<end]), as: UTF8.self)
        position = end + 1
        switch name {
        case "lt": return [ascii("<")]
        case "gt": return [ascii(">")]
        case "amp": return [ascii("&")]
        case "quot": return [ascii("\"")]
        case "apos": return [ascii("'")]
        default:
            let value: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                value = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst(), radix: 10)
            } else {
                value = nil
            }
            guard let value, let scalar = Unicode.Scalar(value) else {
                throw PlistSyntaxError(message: "unknown reference &\(name);", offset: start)
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    // MARK: - Helpers

    mutating func readName() -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == ascii(">") || byte == ascii("/")
            {
                break
            }
            position += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    mutating func skipWhitespace() {
        while position < bytes.count,
            bytes[position] == 0x20 || bytes[position] == 0x09
                || bytes[position] == 0x0A || bytes[position] == 0x0D
        { position += 1 }
    }

    mutating func skipDoctype() throws {
        let start = position
        var depth = 0
        while position < bytes.count {
            switch bytes[position] {
            case ascii("["): depth += 1
            case ascii("]"): depth -= 1
            case ascii(">") where depth <= 0:
                position += 1
                return
            default: break
            }
            position += 1
        }
        throw PlistSyntaxError(message: "unterminated DOCTYPE", offset: start)
    }

    mutating func skip(past terminator: StaticString, what: String) throws {
        let start = position
        while position + terminator.utf8CodeUnitCount <= bytes.count {
            if consume(terminator) { return }
            position += 1
        }
        throw PlistSyntaxError(message: "unterminated \(what)", offset: start)
    }

    /// Whether the bytes at `position` are `text` (a literal: compared without allocating,
    /// as this runs several times per element).
    func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let marker = text.utf8Start
        for offset in 0..<count where bytes[position + offset] != marker[offset] { return false }
        return true
    }

    mutating func consume(_ text: StaticString) -> Bool {
        guard starts(with: text) else { return false }
        position += text.utf8CodeUnitCount
        return true
    }
}
