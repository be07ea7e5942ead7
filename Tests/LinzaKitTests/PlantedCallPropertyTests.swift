@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
import LinzaTestSupport
@testable import LinzaWriting
import Testing

/// Property test: random Swift files built from every construct the lexer knows, with
/// localization calls planted where they are real (statements, interpolations, closures,
/// `#if` branches, multi-line calls) and decoys where they are not (comments, strings,
/// multi-line and raw strings, regex literals). Every real call must be found with its
/// key and exact position; no decoy may be.
@Suite struct PlantedCallPropertyTests {
    @Test(arguments: 0..<5)
    func everyRealCallAndNoDecoy(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 17)
        for _ in 0..<100 {
            var program = PlantedProgram(newline: Bool.random(using: &random) ? "\n" : "\r\n")
            for _ in 0..<Int.random(in: 1...25, using: &random) {
                program.appendRandomSnippet(using: &random)
            }
            let found = usages(program.text)
            let context = Comment(rawValue: program.text.debugDescription)
            #expect(found.map(\.key.literal) == program.expected.map(\.key), context)
            #expect(found.map(\.position) == program.expected.map { program.position(of: $0.offset) }, context)
            #expect(!found.contains { $0.key.literal?.hasPrefix("decoy") == true }, context)
        }
    }
}

/// A generated Swift file and the calls planted in it.
struct PlantedProgram {
    let newline: String
    private(set) var text = ""
    private(set) var expected: [(key: String, offset: Int)] = []
    private var counter = 0

    init(newline: String) {
        self.newline = newline
    }

    /// Appends code; `⟨real⟩` marks where a real key literal goes, `⟨decoy⟩` a decoy key.
    private mutating func append<R: RandomNumberGenerator>(_ template: String, using random: inout R) {
        var rest = Substring(template.replacingOccurrences(of: "\n", with: newline))
        while let marker = rest.firstIndex(of: "⟨") {
            text += rest[..<marker]
            let end = rest[marker...].firstIndex(of: "⟩")!
            let kind = rest[rest.index(after: marker)..<end]
            counter += 1
            if kind == "real" {
                expected.append(("real.\(counter)", text.utf8.count))
                text += [#""real.\#(counter)""#, ##"#"real.\##(counter)"#"##, #""real\u{2E}\#(counter)""#]
                    .randomElement(using: &random)!
            } else {
                text += "decoy.\(counter)"
            }
            rest = rest[rest.index(after: end)...]
        }
        text += rest
    }

    mutating func appendRandomSnippet<R: RandomNumberGenerator>(using random: inout R) {
        let snippets = [
            "let a = NSLocalizedString(⟨real⟩, comment: \"c\")\n",
            "// NSLocalizedString(\"⟨decoy⟩\", comment: \"\")\n",
            "/* a /* NSLocalizedString(\"⟨decoy⟩\", comment: \"\") */ still comment */\n",
            "let s = \"text NSLocalizedString(\\\"⟨decoy⟩\\\", comment: \\\"\\\") text\"\n",
            "let m = \"\"\"\n    NSLocalizedString(\"⟨decoy⟩\", comment: \"\") \"\" \"quoted\"\n    \\(NSLocalizedString(⟨real⟩, comment: \"\"))\n    \"\"\"\n",
            "let r = #\"NSLocalizedString(\"⟨decoy⟩\", comment: \"\") \\#(NSLocalizedString(⟨real⟩, comment: \"\"))\"#\n",
            "let i = \"\\(NSLocalizedString(⟨real⟩, comment: \"\")) and \\(\"nested \\(NSLocalizedString(⟨real⟩, comment: \"\"))\")\"\n",
            "let x = #/NSLocalizedString\\(\"⟨decoy⟩\"\\)/#\n",
            "let y = /\"⟨decoy⟩\"/\n",
            "let z = items.map { NSLocalizedString(⟨real⟩, comment: $0) }\n",
            "#if DEBUG\nlet d = NSLocalizedString(⟨real⟩, comment: \"\")\n#else\nlet e = NSLocalizedString(⟨real⟩, comment: \"\")\n#endif\n",
            "let w = NSLocalizedString(\n    ⟨real⟩,\n    tableName: nil,\n    comment: \"multi-line call\")\n",
            "let u = \"Пицца 🍕\"; let v = NSLocalizedString(⟨real⟩, comment: \"\")\n",
            "let q = a / b / c; let p = NSLocalizedString(⟨real⟩, comment: \"\") // NSLocalizedString(\"⟨decoy⟩\", comment: \"\")\n",
            "func NSLocalizedStringWrapper(_ key: String) -> String { key }\n",
            "let t = String(localized: ⟨real⟩, table: nil)\n",
        ]
        append(snippets.randomElement(using: &random)!, using: &random)
    }

    /// 1-based line and UTF-8 column of a byte offset, counted independently of `LineIndex`.
    func position(of offset: Int) -> MarkedText.Position {
        var line = 1, lineStart = 0
        let bytes = Array(text.utf8)
        var index = 0
        while index < offset {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return MarkedText.Position(line: line, column: offset - lineStart + 1)
    }
}
