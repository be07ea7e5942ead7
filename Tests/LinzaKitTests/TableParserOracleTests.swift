import Foundation
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
@testable import LinzaWriting
import Testing

/// Linza's own XML-plist and JSON readers (they keep positions and duplicate keys, which
/// Foundation's do not) must accept and read exactly what Foundation's readers do.
@Suite struct TableParserOracleTests {
    @Test func xmlPropertyListsAgreeWithFoundation() throws {
        var random = SplitMix64(seed: 42)
        for _ in 0..<400 {
            var text = PlistGenerator.document(using: &random)
            if Int.random(in: 0..<4, using: &random) == 0 { text = PlistGenerator.corrupt(text, using: &random) }
            let bytes = Array(text.utf8)
            let ours = try? bytes.withUnsafeBufferPointer { try PropertyListXMLParser.parse($0) }
            let apple = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
            let context = Comment(rawValue: text)
            #expect((ours == nil) == (apple == nil), context)
            if let ours, let apple {
                #expect(PlistGenerator.render(ours) == PlistGenerator.render(foundation: apple), context)
            }
        }
    }

    @Test func jsonAgreesWithFoundation() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<400 {
            var text = JSONGenerator.value(depth: 0, using: &random)
            if Int.random(in: 0..<4, using: &random) == 0 { text = PlistGenerator.corrupt(text, using: &random) }
            let bytes = Array(text.utf8)
            let ours = try? bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
            let apple = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            let context = Comment(rawValue: text)
            #expect((ours == nil) == (apple == nil), context)
            if let ours, let apple {
                #expect(JSONGenerator.render(ours) == JSONGenerator.render(foundation: apple), context)
            }
        }
    }
}

/// Random `.stringsdict`-like XML property lists, and a canonical rendering of both trees.
enum PlistGenerator {
    static let texts = [
        "a", "%d items", "Привет", "🍕", "a &lt; b &amp; c", "&#233;&#x1F355;", "<![CDATA[<raw> & ]]>",
        "  spaced  ", "", "line\nbreak", "tab\there", "quote&quot;apos&apos;",
    ]

    static func document<R: RandomNumberGenerator>(using random: inout R) -> String {
        var text = Bool.random(using: &random) ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        if Bool.random(using: &random) {
            text +=
                "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        }
        return text + "<plist version=\"1.0\">\n" + value(depth: 0, using: &random) + "\n</plist>\n"
    }

    static func value<R: RandomNumberGenerator>(depth: Int, using random: inout R) -> String {
        let choice = depth > 3 ? Int.random(in: 2..<6, using: &random) : Int.random(in: 0..<6, using: &random)
        switch choice {
        case 0, 1:
            let pairs = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                "<key>" + texts.randomElement(using: &random)! + "</key>" + (Bool.random(using: &random) ? "\n  " : "")
                    + value(depth: depth + 1, using: &random)
            }
            return "<dict>" + (Bool.random(using: &random) ? "<!-- note -->" : "") + pairs.joined(separator: "\n")
                + "</dict>"
        case 2:
            return "<array>"
                + (0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth: depth + 1, using: &random) }
                .joined() + "</array>"
        case 3: return Bool.random(using: &random) ? "<true/>" : "<integer>42</integer>"
        case 4: return "<string/>"
        default: return "<string>" + texts.randomElement(using: &random)! + "</string>"
        }
    }

    static func corrupt<R: RandomNumberGenerator>(_ text: String, using random: inout R) -> String {
        var scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return text }
        let index = Int.random(in: 0..<scalars.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: scalars.remove(at: index)
        case 1: scalars.insert(["<", ">", "&", "\"", "}", ",", "/"].randomElement(using: &random)!, at: index)
        default: scalars = Array(scalars.prefix(index))
        }
        return String(String.UnicodeScalarView(scalars))
    }

    static func render(_ node: PlistNode) -> String {
        switch node.content {
        case .dictionary(let pairs):
            // Foundation keeps the last of duplicate keys.
            var last: [String: PlistNode] = [:]
            for pair in pairs { last[pair.key] = pair.value }
            return "{" + last.keys.sorted().map { "\($0.debugDescription):\(render(last[$0]!))" }.joined(separator: ",")
                + "}"
        case .array(let items): return "[" + items.map(render).joined(separator: ",") + "]"
        case .string(let text): return text.debugDescription
        case .other(let kind): return "<\(kind == "false" ? "true" : kind)>"
        }
    }

    static func render(foundation value: Any) -> String {
        switch value {
        case let dictionary as [String: Any]:
            return "{"
                + dictionary.keys.sorted().map { "\($0.debugDescription):\(render(foundation: dictionary[$0]!))" }
                .joined(separator: ",") + "}"
        case let array as [Any]: return "[" + array.map { render(foundation: $0) }.joined(separator: ",") + "]"
        case let text as String: return text.debugDescription
        case is Bool: return "<true>"
        default: return "<integer>"
        }
    }
}

/// Random JSON documents shaped like String Catalogs, and a canonical rendering.
enum JSONGenerator {
    static let strings = [
        #""a""#, #""%lld items""#, #""Привет""#, #""\u00e9\ud83c\udf55""#, #""tab\tnew\nline""#,
        #""quote \" slash \/ back \\""#, #""""#, #""sourceLanguage""#,
    ]

    static func value<R: RandomNumberGenerator>(depth: Int, using random: inout R) -> String {
        let choice = depth > 3 ? Int.random(in: 2..<7, using: &random) : Int.random(in: 0..<7, using: &random)
        switch choice {
        case 0, 1:
            let members = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                strings.randomElement(using: &random)! + (Bool.random(using: &random) ? " : " : ":")
                    + value(depth: depth + 1, using: &random)
            }
            return "{" + members.joined(separator: ",\n ") + "}"
        case 2:
            return "["
                + (0..<Int.random(in: 0...3, using: &random)).map { _ in value(depth: depth + 1, using: &random) }
                .joined(separator: ", ") + "]"
        case 3: return ["true", "false", "null"].randomElement(using: &random)!
        case 4: return ["0", "-12", "3.5", "1e3", "2.5E-2"].randomElement(using: &random)!
        default: return strings.randomElement(using: &random)!
        }
    }

    static func render(_ node: JSONNode) -> String {
        switch node.content {
        case .object(let members):
            var last: [String: JSONNode] = [:]
            for member in members { last[member.key] = member.value }
            return "{" + last.keys.sorted().map { "\($0.debugDescription):\(render(last[$0]!))" }.joined(separator: ",")
                + "}"
        case .array(let items): return "[" + items.map(render).joined(separator: ",") + "]"
        case .string(let text): return text.debugDescription
        case .number(let text): return "#" + String(Double(text)!)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    static func render(foundation value: Any) -> String {
        switch value {
        case let dictionary as [String: Any]:
            return "{"
                + dictionary.keys.sorted().map { "\($0.debugDescription):\(render(foundation: dictionary[$0]!))" }
                .joined(separator: ",") + "}"
        case let array as [Any]: return "[" + array.map { render(foundation: $0) }.joined(separator: ",") + "]"
        case let text as String: return text.debugDescription
        case is NSNull: return "null"
        case let number as NSNumber:
            // Booleans come back as a boolean NSNumber subclass on every platform.
            if String(describing: type(of: number)).contains("Boolean") { return number.boolValue ? "true" : "false" }
            return "#" + String(number.doubleValue)
        default: return "?"
        }
    }
}
