@testable import LinzaBase
@testable import LinzaRules
@testable import LinzaSources
@testable import LinzaTables
import Testing

/// The usage index keeps every call's place in the scanned sources, each key's together,
/// instead of copies of the calls: it must group them exactly as copying them did.
@Suite struct UsageIndexTests {
    /// A call at `line` of source `file`.
    static func usage(_ key: UsageKey, table: UsageTable, file: Int, line: Int) -> LocalizationUsage {
        LocalizationUsage(
            function: "NSLocalizedString", key: key, table: table,
            location: Location(file: "/p/F\(file).swift", line: line, column: 5))
    }

    /// The grouping the index must give, made the plain way: tables and their keys in order
    /// of first use, each key with copies of its calls in the order they were met.
    static func expected(_ sources: [ScannedSource]) -> [(
        name: String, keys: [(key: String, calls: [LocalizationUsage])]
    )] {
        var result: [(name: String, keys: [(key: String, calls: [LocalizationUsage])])] = []
        for source in sources {
            for usage in source.usages {
                guard let key = usage.key.literal, let table = usage.table.name else { continue }
                if !result.contains(where: { $0.name == table }) { result.append((table, [])) }
                let tableIndex = result.firstIndex { $0.name == table }!
                if let keyIndex = result[tableIndex].keys.firstIndex(where: { $0.key == key }) {
                    result[tableIndex].keys[keyIndex].calls.append(usage)
                } else {
                    result[tableIndex].keys.append((key, [usage]))
                }
            }
        }
        return result
    }

    /// Calls to keys of three tables interleaved over many sources (some keys met again
    /// much later, some calls with a dynamic key or table, some sources without calls):
    /// every key's calls are the ones copying gave, in the same order, and each position
    /// names its call's place in the sources.
    @Test func groupsEveryKeysCallsInTheOrderTheyWereMet() {
        var generator = SplitMix(seed: 37)
        let tables: [UsageTable] = [.named("Localizable"), .named("Settings"), .named("Onboarding"), .dynamic]
        let sources = (0..<40).map { file in
            ScannedSource(
                path: "/p/F\(file).swift",
                usages: (0..<Int(generator.next() % 12)).map { line in
                    let key: UsageKey =
                        generator.next() % 9 == 0 ? .dynamic(prefix: "item.") : .literal("k\(generator.next() % 30)")
                    return Self.usage(key, table: tables[Int(generator.next() % 4)], file: file, line: line + 1)
                })
        }
        let index = UsageIndex(sources)
        let expected = Self.expected(sources)
        #expect(expected.flatMap(\.keys).contains { $0.calls.count > 2 }, "some key has many calls")

        #expect(index.tables.map(\.name) == expected.map(\.name))
        for (table, wanted) in zip(index.tables, expected) {
            #expect(table.keys.map(\.key.value) == wanted.keys.map(\.key), "keys of \(table.name)")
            for (key, wantedKey) in zip(table.keys, wanted.keys) {
                #expect(Array(key.usages) == wantedKey.calls, "calls of \(key.key.value) in \(table.name)")
                #expect(key.usages.count == wantedKey.calls.count)
                #expect(key.developmentOrdinal == nil)
                for (position, usage) in zip(key.usages.positions, key.usages) {
                    #expect(sources[Int(position.source)].usages[Int(position.usage)] == usage)
                }
            }
        }
    }

    /// No call with a literal key and table: no table, and sources without calls are fine.
    @Test func sourcesWithoutLiteralCallsGiveNoTables() {
        let sources = [
            ScannedSource(path: "/p/A.swift"),
            ScannedSource(
                path: "/p/B.swift",
                usages: [
                    Self.usage(.dynamic(prefix: nil), table: .named("Localizable"), file: 1, line: 1),
                    Self.usage(.literal("a"), table: .dynamic, file: 1, line: 2),
                ]),
        ]
        #expect(UsageIndex(sources).tables.isEmpty)
        #expect(UsageIndex([]).tables.isEmpty)
    }

    /// A key's calls read as a collection: first, subscript, and walking them.
    @Test func aKeysCallsReadLikeAnArray() {
        let sources = [
            ScannedSource(
                path: "/p/A.swift",
                usages: [
                    Self.usage(.literal("a"), table: .named("T"), file: 0, line: 1),
                    Self.usage(.literal("b"), table: .named("T"), file: 0, line: 2),
                ]),
            ScannedSource(
                path: "/p/B.swift", usages: [Self.usage(.literal("a"), table: .named("T"), file: 1, line: 7)]),
        ]
        let keys = UsageIndex(sources).tables[0].keys
        #expect(keys.map(\.key.value) == ["a", "b"])
        #expect(keys[0].usages.map(\.location.line) == [1, 7])
        #expect(keys[0].usages.first?.location.file == "/p/F0.swift")
        #expect(keys[0].usages[1].location.file == "/p/F1.swift")
        #expect(keys[1].usages.count == 1)
        #expect(Array(keys[1].usages.positions) == [UsageIndex.Position(source: 0, usage: 1)])
    }
}

/// A small deterministic generator (the tests must not depend on the system's seed).
private struct SplitMix {
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

/// A call's rare fields live in a shared box: copies stay independent and values compare as
/// values, whichever box holds them.
@Suite struct LocalizationUsageRareFieldsTests {
    private let place = Location(file: "/p/A.swift", line: 1, column: 9)

    @Test func copiesAreIndependentAndCompareByValue() {
        let plain = LocalizationUsage(
            function: "NSLocalizedString", key: .literal("k"), table: .named("T"), location: place)
        var original = plain
        original.accessor = "L10n.k"
        var copy = original
        copy.accessor = "L10n.other"
        copy.tableLocation = place
        #expect(original.accessor == "L10n.k" && original.tableLocation == nil)
        #expect(copy.accessor == "L10n.other" && copy.tableLocation == place)

        let same = LocalizationUsage(
            function: "NSLocalizedString", key: .literal("k"), table: .named("T"), location: place, accessor: "L10n.k")
        #expect(same == original && same.hashValue == original.hashValue)
        #expect(same != copy)

        // Clearing every rare field gives back the plain call.
        copy.accessor = nil
        copy.tableLocation = nil
        #expect(copy == plain && copy.hashValue == plain.hashValue)
    }
}
