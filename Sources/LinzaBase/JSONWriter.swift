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
        case .string(let text): output.write(Self.quote(text))
        case .number(let number): output.write(String(number))
        case .bool(let flag): output.write(flag ? "true" : "false")
        case .null: output.write("null")
        case .array(let items):
            Self.writeArray(count: items.count, indent: indent, to: &output) { items[$0] }
        case .items(let count, let item):
            Self.writeArray(count: count, indent: indent, to: &output, item)
        case .object(let fields):
            if fields.isEmpty { return output.write("{}") }
            let inner = indent + "  "
            for (index, (name, value)) in fields.enumerated() {
                output.write((index == 0 ? "{\n" : ",\n") + inner + Self.quote(name) + ": ")
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

    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
