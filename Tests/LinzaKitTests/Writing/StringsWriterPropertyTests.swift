import Testing
@testable import LinzaBase
@testable import LinzaTables

/// For random tables and random plans, the written file re-parses to exactly the planned
/// key → value map, and every entry the plan does not touch keeps its bytes.
@Suite struct StringsWriterPropertyTests {
    @Test func randomPlansGiveExactlyThePlannedMap() throws {
        var random = SplitMix64(seed: 2026)
        for round in 0..<400 {
            let (bytes, encoding) = Self.randomTable(&random)
            let document = try StringsDocument(path: "/p/Localizable.strings", bytes: bytes)
            let old = Dictionary(document.entries.map { ($0.key, $0.value ?? "") }) { _, last in last }
            let deleted = Set(document.entries.indices.filter { _ in Bool.random(using: &random) })
            let newKeys = (0..<Int.random(in: 0...4, using: &random)).map { "new.\(round).\($0)" }
            let additions = newKeys.map { NewStringsEntry(key: $0, value: Self.randomText(&random), comment: "c") }
            let edits = document.deletions(of: deleted) + document.insertions(additions, removing: deleted)
            let updated = document.applying(edits)

            let reread = try StringsDocument(path: "/p/Localizable.strings", bytes: updated)
            #expect(reread.encoding == encoding)
            var expected = old
            for index in deleted { expected[document.entries[index].key] = nil }
            for entry in additions { expected[entry.key] = entry.value }
            let found = Dictionary(reread.entries.map { ($0.key, $0.value ?? "") }) { _, last in last }
            #expect(found == expected, "round \(round)")
            // Untouched entries keep their bytes: comment block, entry and trailing comment (a
            // last entry gains a line break when an entry is added after it).
            func withoutBreak(_ text: [UInt8], _ span: Range<Int>) -> [UInt8] {
                var bytes = Array(text[span])
                while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
                return bytes
            }
            let spans = Dictionary(reread.entries.map { ($0.key, withoutBreak(reread.text, $0.span)) }) { first, _ in
                first
            }
            for (index, entry) in document.entries.enumerated() where !deleted.contains(index) {
                #expect(spans[entry.key] == withoutBreak(document.text, entry.span), "round \(round): \(entry.key)")
            }
        }
    }

    static func randomText(_ random: inout SplitMix64) -> String {
        let pieces = ["a", "Z", " ", "\"", "\\", "\n", "\t", "é", "😀", "%@", "/*", "=", ";", "ß"]
        return (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// A table with unique keys in a random style and encoding.
    static func randomTable(_ random: inout SplitMix64) -> ([UInt8], TextEncoding) {
        let lineEnding = Bool.random(using: &random) ? "\r\n" : "\n"
        let blank = Bool.random(using: &random)
        let commented = Bool.random(using: &random)
        var text = Bool.random(using: &random) ? "/* Header */" + lineEnding + lineEnding : ""
        let count = Int.random(in: 0...8, using: &random)
        var keys = (0..<count).map { "key.\($0)" }
        if Bool.random(using: &random) { keys.shuffle(using: &random) }
        for (index, key) in keys.enumerated() {
            if index > 0, blank { text += lineEnding }
            if commented { text += "/* Note \(index) */" + lineEnding }
            let value = String(decoding: Style.quoted(randomText(&random)), as: UTF8.self)
            text += "\"\(key)\" = \(value);"
            if Int.random(in: 0..<4, using: &random) == 0 { text += " // trailing" }
            if index < keys.count - 1 || Bool.random(using: &random) { text += lineEnding }
        }
        let encodings: [TextEncoding] = [.utf8, .utf8WithBOM, .utf16LittleEndian, .utf16BigEndian]
        let encoding = encodings.randomElement(using: &random)!
        return (encoding.encode(Array(text.utf8)), encoding)
    }
}
