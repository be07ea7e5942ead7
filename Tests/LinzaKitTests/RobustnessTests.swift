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

/// Hostile input must never crash Linza (an out-of-range index traps in Swift). Random
/// soups of the tokens that drive each parser's states are thrown at the lexer and
/// recognizer, the `.strings` loader and the configuration loader; every location they
/// report must lie inside the input.
@Suite struct RobustnessTests {
    static let iterations = 3_000

    static let swiftPieces = [
        "\"", "\"\"\"", "#", "##", "\\", "\\(", "\\#(", "(", ")", "[", "]", "{", "}", "/*", "*/", "//", "/", "#/", "/#",
        "\n", "\r", "\r\n", " ", "\t", "`", "'", ",", ":", ".", "NSLocalizedString", "String", "localized", "tableName",
        "init", "func", "nil", "L10n", "tr", "a", "ü", "🍕", "\u{FEFF}", "\\u{", "\\u{1F355}", "0x1p-3", "$0", "\0",
    ]
    static let stringsPieces = [
        "\"", "'", "\\", "\\U", "\\UD83D", "\\351", "=", ";", "(", ")", "{", "}", "<", ">", ",", "/*", "*/", "//", "/",
        "\n", "\r", " ", "\u{2028}", "\u{A0}", "key", "0a", "é", "🍕",
    ]
    static let yamlPieces = [
        "included", "rules", "functions", ":", " ", "\n", "  ", "- ", "[", "]", "{", "}", ",", "'", "\"", "&a", "*a",
        "!!str",
        "---", "#", "missing_key", "error", "name", "key", "0", "\t", "|", ">", "%YAML 1.1", "?", "é",
    ]

    func soup<R: RandomNumberGenerator>(_ pieces: [String], _ random: inout R) -> String {
        (0..<Int.random(in: 0...60, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    @Test func lexerAndRecognizerSurviveTokenSoup() {
        var random = SplitMix64(seed: 7)
        let functions =
            BuiltInFunctions.functions() + [
                LocalizationFunction(name: "L10n.tr", key: .position(1), table: .position(0))
            ]
        for _ in 0..<Self.iterations {
            let code = soup(Self.swiftPieces, &random)
            let source = scan(code, functions: functions)
            let lines = code.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
            for location in source.usages.map(\.location) + source.syntaxProblems.map(\.location) {
                #expect(
                    location.line >= 1 && location.line <= lines + 1 && location.column >= 1, "\(code.debugDescription)"
                )
            }
        }
    }

    @Test func stringsLoaderSurvivesTokenSoup() {
        var random = SplitMix64(seed: 11)
        let file = TableFile(
            path: "/p/en.lproj/L.strings", language: "en", name: "L", format: .strings,
            displayName: "en.lproj/L.strings")
        for index in 0..<Self.iterations {
            let text = soup(Self.stringsPieces, &random)
            var bytes = Array(text.utf8)
            if index % 7 == 0, !bytes.isEmpty { bytes[Int.random(in: 0..<bytes.count, using: &random)] = 0xFF }
            if index % 5 == 0 { bytes = [0xFF, 0xFE] + bytes }
            let loaded = TableLoader.load(file, bytes: bytes)[0]
            for location in loaded.entries.map(\.location) + loaded.problems.map(\.location) {
                #expect(location.line >= 1 && location.column >= 1, "\(text.debugDescription)")
            }
        }
    }

    @Test func configurationLoaderSurvivesTokenSoup() {
        var random = SplitMix64(seed: 13)
        for _ in 0..<Self.iterations {
            let text = soup(Self.yamlPieces, &random)
            do {
                _ = try ConfigurationLoader.load(text: text, file: "/nonexistent/.linza.yml")
            } catch let error as ConfigurationError {
                #expect(error.location.line >= 1 && error.location.column >= 1, "\(text.debugDescription)")
            } catch {
                Issue.record("unexpected error type \(error) for \(text.debugDescription)")
            }
        }
    }
}
