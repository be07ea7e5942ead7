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

/// Differential test against Foundation's `PropertyListSerialization`, which runs Apple's
/// own old-style plist parser (CFOldStylePList.c) on Linux as on macOS.
///
/// Generated files mix every construct of the grammar and, in some, one corruption.
/// Linza must agree with Apple on every file: the same entries where Apple accepts the
/// file, a `rejectsFile` problem exactly where Apple rejects it, and, where Apple stops
/// silently, an `ignoresRest` problem with the same entries before it.
@Suite struct StringsOracleTests {
    @Test(arguments: 0..<4)
    func generatedFilesAgreeWithApple(batch: Int) throws {
        var random = SplitMix64(seed: UInt64(1000 + batch))
        for index in 0..<150 {
            let text = StringsFileGenerator.file(using: &random)
            let encoding = [String.Encoding.utf8, .utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian][index % 4]
            let bytes = StringsFileGenerator.encode(text, as: encoding)
            try compare(bytes, text: text)
        }
    }

    @Test func handPickedEdgeCases() throws {
        for text in [
            #""a" = "b";"#, #""a";"#, "a = b;", "'a' = 'b';", #""a" = "\351\376\377\777";"#,
            #""a" = "\U";"#, #""a" = "\UD800x";"#, #""a" = "\UDE00";"#, #""a" = "x\UD83D";"#,
            "\"a\" = \"b\";\n;", "\"a\" = \"b\";\n/* open", "\"a\" = \"b\" /* open", "{ \"a\" = \"b\"; }",
            #""a" = ("x", "y",);"#, #""a" = <0a 0B>;"#, "\"a\" = \"b\";\u{A0}\"c\" = \"d\";", "a+b = c;",
            "/* Localizable.strings\n\"a\" = \"b\";\n", "\"a\" = \"b\";\n\"c", "\"a\" = \"b\";\n\"c\\",
            "\"c", "\"a\" = \"b\";\n\"c\" = \"d",
            "/", "\"a\" = \"b\"; /", "\"a\" = \"b\" // c\n;", "'it''s' = x;",
        ] {
            try compare(Array(text.utf8), text: text)
        }
    }

    func compare(_ bytes: [UInt8], text: String) throws {
        let file = TableFile(
            path: "/t/en.lproj/L.strings", language: "en", name: "L", format: .strings,
            displayName: "en.lproj/L.strings")
        let ours = TableLoader.load(file, bytes: bytes)[0]
        let apple = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any]
        let firstStop = ours.problems.first { $0.effect != .losesEntry }
        let context = Comment(rawValue: "file: \(text.debugDescription)\nours: \(ours.problems)")

        if firstStop?.effect == .rejectsFile {
            #expect(apple == nil, context)
            return
        }
        let dictionary = try #require(apple, context)
        let appleStrings = dictionary.compactMapValues { $0 as? String }
        var oursStrings: [String: String] = [:]
        for entry in ours.entries { oursStrings[entry.key] = entry.value }
        #expect(oursStrings == appleStrings, context)
        #expect(Set(dictionary.keys) == Set(ours.entries.map(\.key)), context)
    }
}

/// A small deterministic random number generator (same seed, same files).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Builds `.strings` files from the grammar's pieces, sometimes with one corruption.
enum StringsFileGenerator {
    static let space = [
        " ", "  ", "\t", "\n", "\r\n", "\r", "\u{2028}", "/* c */", "/* multi\nline */", "// note\n", "\u{0B}",
    ]
    static let keyCharacters = Array("abcXYZ019_$/:.-")
    static let textPieces = [
        "a", "Z", "9", " ", "é", "Привет", "🍕", "%@", "%1$d", "'", "\\\"", "\\\\", "\\n", "\\t",
        "\\U00e9", "\\U20ac", "\\UD83D\\UDE00", "\\101", "\\351", "\\0", "\\'", "\\a", "\\z", "\n", "=", ";", "/*",
        "//",
    ]
    static let corruptions = [";", "=", "+", "#", "\u{A0}", "}", ")", ",", "@"]

    static func file<R: RandomNumberGenerator>(using random: inout R) -> String {
        var text = Bool.random(using: &random) ? "" : space.randomElement(using: &random)!
        let count = Int.random(in: 1...6, using: &random)
        let corruptAt = Int.random(in: 0..<(count * 3), using: &random)  // about one file in three
        for index in 0..<count {
            if index == corruptAt {
                text += corruption(using: &random)
            }
            text += entry(using: &random)
            text += Bool.random(using: &random) ? "\n" : space.randomElement(using: &random)!
        }
        if Int.random(in: 0..<6, using: &random) == 0 {
            text += [
                "\"unterminated key", "'open", "\"escape at end\\", "/* open comment", "key_without_value",
                "\"k\" = \"open value", "\"k\" = ",
            ].randomElement(using: &random)!
        }
        if Int.random(in: 0..<12, using: &random) == 0 {
            text = "/* leading open comment\n" + text
        }
        return text
    }

    static func entry<R: RandomNumberGenerator>(using random: inout R) -> String {
        let key = string(using: &random)
        let gap = { (random: inout R) in Bool.random(using: &random) ? " " : space.randomElement(using: &random)! }
        if Int.random(in: 0..<6, using: &random) == 0 { return key + gap(&random) + ";" }
        return key + gap(&random) + "=" + gap(&random) + string(using: &random) + gap(&random) + ";"
    }

    static func string<R: RandomNumberGenerator>(using random: inout R) -> String {
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            return String(
                (0..<Int.random(in: 1...8, using: &random)).map { _ in keyCharacters.randomElement(using: &random)! })
        case 1:
            return "'" + pieces(from: textPieces.filter { $0 != "'" }, using: &random) + "'"
        default:
            return "\"" + pieces(from: textPieces, using: &random) + "\""
        }
    }

    /// Text for inside quotes; no piece holds the closing quote unescaped.
    static func pieces<R: RandomNumberGenerator>(from choices: [String], using random: inout R) -> String {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in choices.randomElement(using: &random)! }.joined()
    }

    static func corruption<R: RandomNumberGenerator>(using random: inout R) -> String {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return corruptions.randomElement(using: &random)!  // stray character
        case 1: return "\"unterminated = \"x\"\n"  // quote swallows the rest
        case 2: return "\"no.semicolon\" = \"x\"\n"  // missing ;
        case 3: return "/* never closed\n"  // comment to the end
        default: return "\"no.equals\" \"x\";\n"  // missing =
        }
    }

    static func encode(_ text: String, as encoding: String.Encoding) -> [UInt8] {
        switch encoding {
        case .utf16LittleEndian: return [0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!)
        case .utf16BigEndian: return [0xFE, 0xFF] + Array(text.data(using: .utf16BigEndian)!)
        case .utf32LittleEndian: return [0xFF, 0xFE, 0, 0] + Array(text.data(using: .utf32LittleEndian)!)
        default: return Array(text.utf8)
        }
    }
}
