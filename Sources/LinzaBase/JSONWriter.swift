/// A minimal JSON builder that keeps object fields in the order given, so machine-readable
/// output has a stable, documented shape (JSONEncoder would sort or shuffle keys).
public enum JSONValue: Sendable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// `.string(text)` or `.null` for nil.
    public static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// The value as JSON text, pretty-printed with two-space indentation.
    public func rendered(indent: String = "") -> String {
        switch self {
        case .string(let text): return Self.quote(text)
        case .number(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n" + fields.map { inner + Self.quote($0.0) + ": " + $0.1.rendered(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
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
