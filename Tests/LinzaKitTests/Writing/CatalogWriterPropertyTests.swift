import Testing
@testable import LinzaBase
@testable import LinzaTables

/// For random catalogs and random plans (new entries, new localizations, entries marked
/// stale or removed), the written catalog reads back in Xcode's layout as exactly the planned
/// map, its entries in Xcode's order, and every entry the plan does not touch keeps its bytes.
@Suite struct CatalogWriterPropertyTests {
    static let letters = Array("aAbZz09._- %@éÜ")

    static func randomKey(_ random: inout SplitMix64) -> String {
        String((0..<Int.random(in: 1...6, using: &random)).map { _ in letters.randomElement(using: &random)! })
    }

    /// A catalog in Xcode's layout, its keys in Xcode's order.
    static func randomCatalog(_ random: inout SplitMix64) -> [UInt8] {
        var strings = CatalogValue.object([])
        for _ in 0..<Int.random(in: 0...8, using: &random) {
            var entry = CatalogValue.object([])
            if Bool.random(using: &random) { entry.set("comment", .string("note \"\(randomKey(&random))\"\n")) }
            if Int.random(in: 0..<4, using: &random) == 0 { entry.set("extractionState", .string("manual")) }
            for language in ["de", "en", "fr"] where Bool.random(using: &random) {
                entry.update("localizations") {
                    $0.set(
                        language,
                        .object([
                            CatalogMember(
                                key: "stringUnit",
                                value: .object([
                                    CatalogMember(key: "state", value: .string("translated")),
                                    CatalogMember(key: "value", value: .string(randomKey(&random))),
                                ]))
                        ]))
                }
            }
            strings.set(randomKey(&random), entry)
        }
        let root = CatalogValue.object([
            CatalogMember(key: "sourceLanguage", value: .string("en")),
            CatalogMember(key: "strings", value: strings),
            CatalogMember(key: "version", value: .string("1.0")),
        ])
        return XcodeJSONLayout().render(root) + (Bool.random(using: &random) ? [0x0A] : [])
    }

    @Test func randomPlansGiveExactlyThePlannedCatalog() throws {
        var random = SplitMix64(seed: 2611)
        for round in 0..<400 {
            let bytes = Self.randomCatalog(&random)
            var document = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: bytes)
            var removed: [String] = [], marked: [String] = [], added: [NewStringsEntry] = []
            for key in document.keys {
                switch Int.random(in: 0..<5, using: &random) {
                case 0: removed.append(key)
                case 1: marked.append(key)
                case 2 where !document.hasLocalization("fr", key: key):
                    added.append(NewStringsEntry(key: key, value: Self.randomKey(&random), language: "fr"))
                default: break
                }
            }
            document.remove(Set(removed))
            marked.forEach { document.markStale($0) }
            for entry in added { document.addLocalization("fr", key: entry.key, value: entry.value) }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let key = Self.randomKey(&random)
                guard !document.contains(key) else { continue }
                let entry = NewStringsEntry(
                    key: key, value: Bool.random(using: &random) ? key : "v" + key,
                    comment: Bool.random(using: &random) ? "c" : nil)
                document.add(entry)
                added.append(entry)
            }
            let updated = document.applying(document.edits)

            let reread = try CatalogDocument(path: "/p/Localizable.xcstrings", bytes: updated)
            #expect(
                reread.values == document.expectedValues(removing: removed, adding: added, marking: marked),
                "round \(round)")
            let keys = reread.keys
            #expect(
                zip(keys, keys.dropFirst()).allSatisfy { CatalogCollation.precedes($0, $1) }, "round \(round): \(keys)")
            let touched = Set(removed + marked + added.map(\.key))
            let before = document.bytesByKey.filter { !touched.contains($0.key) }
            #expect(reread.bytesByKey.filter { !touched.contains($0.key) } == before, "round \(round)")
            #expect((updated.last == 0x0A) == (bytes.last == 0x0A))
        }
    }
}
