/// A minimal JSON builder that keeps object fields in the order given, so machine-readable
/// output has a stable, documented shape (JSONEncoder would sort or shuffle keys).
package enum JSONValue: Sendable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// An array made item by item while it is written (`write(indent:to:)`), so a report's
    /// findings are never all held as JSON at once.
    case items(count: Int, item: @Sendable (Int) -> JSONValue)

    /// `.string(text)` or `.null` for nil.
    package static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// The value as JSON text, pretty-printed with two-space indentation.
    package func rendered(indent: String = "") -> String {
        var output = TextOutput.collecting()
        write(indent: indent, to: &output)
        return output.text
    }

    /// Writes the value as `rendered(indent:)` gives it, a piece at a time.
    package func write(indent: String = "", to output: inout TextOutput) {
        switch self {
        case .string(let text): output.writeBytes { Self.appendQuoted(text, to: &$0) }
        case .number(let number): output.write(String(number))
        case .bool(let flag): output.write(flag ? "true" : "false")
        case .null: output.write("null")
        case .array(let items):
            Self.writeArray(count: items.count, indent: indent, to: &output) { items[$0] }
        case .items(let count, let item):
            Self.writeItems(count: count, indent: indent, to: &output, item)
        case .object(let fields):
            if fields.isEmpty { return output.write("{}") }
            let inner = indent + "  "
            for (index, (name, value)) in fields.enumerated() {
                output.write((index == 0 ? "{\n" : ",\n") + inner)
                output.writeBytes { Self.appendQuoted(name, to: &$0) }
                output.write(": ")
                value.write(indent: inner, to: &output)
            }
            output.write("\n\(indent)}")
        }
    }

    private static func writeArray(count: Int, indent: String, to output: inout TextOutput, _ item: (Int) -> JSONValue)
    {
        if count == 0 { return output.write("[]") }
        let inner = indent + "  "
        for index in 0..<count {
            output.write((index == 0 ? "[\n" : ",\n") + inner)
            item(index).write(indent: inner, to: &output)
        }
        output.write("\n\(indent)]")
    }

    /// `writeArray` for items made while they are written: a run of items is rendered on
    /// all cores, a piece per thread, and written in order, so the text is the same as one
    /// thread would write (a report of 17,000 findings spent half of its run here on one
    /// core), and only one run's text is held at a time.
    private static func writeItems(
        count: Int, indent: String, to output: inout TextOutput, _ item: @escaping @Sendable (Int) -> JSONValue
    ) {
        if count == 0 { return output.write("[]") }
        let inner = indent + "  "
        var start = 0
        while start < count {
            let end = min(count, start + itemsPerPiece * piecesPerRun)
            let pieces = Array(stride(from: start, to: end, by: itemsPerPiece))
            let rendered = pieces.concurrentMap { first -> [UInt8] in
                var piece = TextOutput.collecting()
                for index in first..<min(first + itemsPerPiece, end) {
                    piece.write((index == 0 ? "[\n" : ",\n") + inner)
                    item(index).write(indent: inner, to: &piece)
                }
                return piece.bytes
            }
            for bytes in rendered { output.write(bytes: bytes) }
            start = end
        }
        output.write("\n\(indent)]")
    }

    /// Items a thread renders at a time: enough that handing them out costs nothing next to
    /// rendering them.
    static let itemsPerPiece = 64
    /// Pieces rendered before their text is written.
    static let piecesPerRun = 32

    /// `text` as a JSON string literal.
    static func quote(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` as a JSON string literal. Every character that needs an escape is
    /// ASCII, so the UTF-8 bytes between them are copied as they are, a run at a time.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        let backslash = UInt8(ascii: "\\"), quoteMark = UInt8(ascii: "\"")
        bytes.append(quoteMark)
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == quoteMark || byte == backslash else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case quoteMark, backslash: bytes.append(contentsOf: [backslash, byte])
                case UInt8(ascii: "\n"): bytes.append(contentsOf: [backslash, UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): bytes.append(contentsOf: [backslash, UInt8(ascii: "r")])
                case UInt8(ascii: "\t"): bytes.append(contentsOf: [backslash, UInt8(ascii: "t")])
                default:
                    bytes.append(contentsOf: Array("\\u00".utf8))
                    bytes.append(lowercaseHexDigit(byte >> 4))
                    bytes.append(lowercaseHexDigit(byte & 0xF))
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(quoteMark)
    }

    private static func lowercaseHexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
