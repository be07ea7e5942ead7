import LinzaBase

/// An XML element read by `XMLTreeParser`: its attributes in file order and its children.
struct XMLElementNode: Sendable {
    /// A child: an element, or character data (entities resolved, CDATA included).
    enum Child: Sendable {
        case element(XMLElementNode)
        case text(String)
    }

    var name: String
    var attributes: [(name: String, value: String)]
    var children: [Child]
    /// Where the element's `<` is, as a byte offset into the parsed text.
    var offset: Int

    /// The value of attribute `name`, if present.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The child elements, in order.
    var elements: [XMLElementNode] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }
}

/// A malformed XML document, at a byte offset of the parsed text.
struct XMLSyntaxError: Error, Sendable {
    var message: String
    var offset: Int
}

/// A small, strict XML 1.0 reader for exchange files. It never reads anything but the bytes
/// it is given: a DOCTYPE with declarations is refused (no external or custom entities, so
/// no "billion laughs" and no file reads), nesting is bounded, and every malformed input is
/// an `XMLSyntaxError`, never a crash. Namespaces are not resolved: names are kept as written
/// (`xml:space`), which is all XLIFF 1.2 from Xcode needs.
struct XMLTreeParser {
    /// Deeper nesting than this is refused: an XLIFF is five levels deep.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses UTF-8 `bytes` (without BOM) into the root element.
    static func parse(_ bytes: [UInt8]) throws(XMLSyntaxError) -> XMLElementNode {
        // XML holds no NUL, raw or as `&#0;`: a text read with one could not be written back.
        if let nul = bytes.firstIndex(of: 0) {
            throw XMLSyntaxError(message: "a NUL character, which XML cannot hold", offset: nul)
        }
        var parser = XMLTreeParser(bytes)
        return try parser.document()
    }

    private func fail(_ message: String, at offset: Int? = nil) -> XMLSyntaxError {
        XMLSyntaxError(message: message, offset: min(offset ?? index, bytes.count))
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Skips past `terminator`, or fails naming what was left open.
    private mutating func skip(past terminator: StaticString, what: String) throws(XMLSyntaxError) {
        let start = index
        while index < bytes.count {
            if starts(with: terminator) {
                index += terminator.utf8CodeUnitCount
                return
            }
            index += 1
        }
        throw fail("\(what) is not closed", at: start)
    }

    private mutating func document() throws(XMLSyntaxError) -> XMLElementNode {
        var root: XMLElementNode?
        while true {
            skipSpace()
            guard index < bytes.count else { break }
            if starts(with: "<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<!DOCTYPE") {
                try doctype()
            } else if bytes[index] == UInt8(ascii: "<"), root == nil {
                root = try element(depth: 0)
            } else {
                throw fail(root == nil ? "expected the document's root element" : "text after the root element")
            }
        }
        guard let root else { throw fail("the file holds no XML element", at: 0) }
        return root
    }

    private mutating func doctype() throws(XMLSyntaxError) {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            if bytes[index] == UInt8(ascii: "[") {
                throw fail(
                    "a DOCTYPE with declarations: Linza reads no declared or external entities", at: start)
            }
            index += 1
        }
        guard index < bytes.count else { throw fail("the DOCTYPE is not closed", at: start) }
        index += 1
    }

    private mutating func name() throws(XMLSyntaxError) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
                || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<")
            {
                break
            }
            index += 1
        }
        guard index > start else { throw fail("expected a name") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func element(depth: Int) throws(XMLSyntaxError) -> XMLElementNode {
        let start = index
        guard depth < Self.maximumDepth else { throw fail("elements nested deeper than \(Self.maximumDepth)") }
        index += 1
        var node = XMLElementNode(name: try name(), attributes: [], children: [], offset: start)
        while true {
            skipSpace()
            guard index < bytes.count else { throw fail("the tag <\(node.name)> is not closed", at: start) }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else { throw fail("expected />") }
                index += 2
                return node
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            let nameOffset = index
            let attribute = try name()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw fail("attribute \(attribute) has no value")
            }
            index += 1
            skipSpace()
            let value = try attributeValue()
            if node.attributes.contains(where: { $0.name == attribute }) {
                throw fail("attribute \(attribute) appears twice", at: nameOffset)
            }
            node.attributes.append((attribute, value))
        }
        try content(of: &node, depth: depth)
        return node
    }

    private mutating func content(of node: inout XMLElementNode, depth: Int) throws(XMLSyntaxError) {
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { node.children.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if starts(with: "</") {
                    flush()
                    let closeOffset = index
                    index += 2
                    let closing = try name()
                    skipSpace()
                    guard closing == node.name, index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                        throw fail("</\(closing)> does not close <\(node.name)>", at: closeOffset)
                    }
                    index += 1
                    return
                } else if starts(with: "<![CDATA[") {
                    index += 9
                    let start = index
                    try skip(past: "]]>", what: "a CDATA section")
                    text.append(contentsOf: Self.normalisingLineBreaks(bytes[start..<(index - 3)]))
                } else if starts(with: "<!--") {
                    try skip(past: "-->", what: "a comment")
                } else if starts(with: "<?") {
                    try skip(past: "?>", what: "a processing instruction")
                } else {
                    flush()
                    node.children.append(.element(try element(depth: depth + 1)))
                }
            } else if byte == UInt8(ascii: "&") {
                text.append(contentsOf: try reference())
            } else if byte == 0x0D {
                // XML reads \r\n and a lone \r as \n.
                text.append(0x0A)
                index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            } else {
                text.append(byte)
                index += 1
            }
        }
        throw fail("<\(node.name)> is not closed", at: node.offset)
    }

    private static func normalisingLineBreaks(_ slice: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(slice.count)
        var previousWasReturn = false
        for byte in slice {
            if byte == 0x0A, previousWasReturn {
                previousWasReturn = false
                continue
            }
            previousWasReturn = byte == 0x0D
            result.append(byte == 0x0D ? 0x0A : byte)
        }
        return result
    }

    private mutating func attributeValue() throws(XMLSyntaxError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw fail("an attribute value must be quoted")
        }
        let quote = bytes[index]
        let start = index
        index += 1
        var value: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                value.append(contentsOf: try reference())
            } else if byte == UInt8(ascii: "<") {
                throw fail("< inside an attribute value")
            } else {
                // Attribute-value normalisation: a literal line break or tab reads as a space
                // (which is why Xcode writes a newline in an id as &#10;).
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                value.append(Self.isSpace(byte) ? 0x20 : byte)
                index += 1
            }
        }
        guard index < bytes.count else { throw fail("the attribute value is not closed", at: start) }
        index += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// An entity or character reference at `&`: the five predefined entities and `&#…;`.
    private mutating func reference() throws(XMLSyntaxError) -> [UInt8] {
        let start = index
        index += 1
        let nameStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), index - nameStart < 12 { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            throw fail("an & that starts no entity (write &amp; for a literal &)", at: start)
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        index += 1
        switch name {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        var digits = Substring(name)
        guard digits.first == "#" else {
            throw fail("unknown entity &\(name); (only XML's five and character references are read)", at: start)
        }
        digits = digits.dropFirst()
        let radix = digits.first == "x" ? 16 : 10
        if radix == 16 { digits = digits.dropFirst() }
        guard let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value), value != 0 else {
            throw fail("&\(name); is not a character XML can hold", at: start)
        }
        return Array(String(Character(scalar)).utf8)
    }
}
