import Foundation
import LinzaFuzzing
import LinzaKit
import Testing

/// Replays every input the fuzzers found a defect with (Tests/Fuzz/Regressions/TARGET/),
/// and the fixtures' own files as each target's seeds would, through the same entry points
/// `Scripts/fuzz.sh` runs: an invariant that breaks again stops the test run.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var regressionCases: [(FuzzTarget, String)] {
        FuzzTarget.allCases.flatMap { target in
            let folder = root.appendingPathComponent("Tests/Fuzz/Regressions/\(target.rawValue)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.sorted().map { (target, $0) }
        }
    }

    @Test func everyKeptInputHasATarget() throws {
        let folder = Self.root.appendingPathComponent("Tests/Fuzz/Regressions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(names).isSubset(of: Set(FuzzTarget.allCases.map(\.rawValue))), "\(names)")
        #expect(Self.regressionCases.count >= 10)
    }

    @Test(arguments: regressionCases.map { "\($0.0.rawValue)/\($0.1)" })
    func keptInputPasses(_ name: String) throws {
        let target = try #require(FuzzTarget(rawValue: String(name.prefix { $0 != "/" })))
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Tests/Fuzz/Regressions/\(name)"))
        target.run([UInt8](data))
    }

    /// Every table and source fixture through its target, and each table through the writers
    /// with several edit choices: what the fuzzers start from must pass as it is.
    @Test func fixturesPassEveryTarget() throws {
        let fixtures = Self.root.appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(atPath: fixtures.path)?.compactMap { $0 as? String } ?? []
        var checked = 0
        for file in files {
            let targets: [FuzzTarget] =
                switch (file as NSString).pathExtension {
                case "swift": [.swiftSource]
                case "m", "mm", "h": [.objectiveCSource]
                case "strings": [.strings, .writers]
                case "stringsdict": [.stringsdict, .writers]
                case "xcstrings": [.catalog, .json, .writers]
                case "json": [.json]
                case "yml": [.configuration]
                case "xliff": [.xliff]
                default: []
                }
            guard !targets.isEmpty else { continue }
            let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(file)))
            for target in targets {
                if target == .writers {
                    let format: UInt8 = file.hasSuffix(".strings") ? 0 : file.hasSuffix(".stringsdict") ? 2 : 3
                    for choice: [UInt8] in [[0, 0, 1], [0, 0x05, 2], [0, 0xFF, 3], [0, 0x12, 0]] {
                        target.run([format] + choice.dropFirst() + bytes)
                        if format == 0 { target.run([1] + choice.dropFirst() + bytes) }
                    }
                } else {
                    target.run(bytes)
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}

/// The archive target's seeds (real archives of `prune --archive` on the writing fixtures,
/// with the pruned tables) restore something: the target starts from inputs that reach the
/// restore, not only the reader's refusals.
@Suite struct ArchiveFuzzingSeedTests {
    @Test(arguments: ["App", "CatalogApp"])
    func aSeedRestoresEveryArchivedFile(_ name: String) throws {
        let data = try Data(
            contentsOf: FuzzRegressionTests.root.appendingPathComponent(
                "Tests/Fuzz/Regressions/archive/\(name).linza-archive-seed"))
        let parts = [UInt8](data).withUnsafeBufferPointer { ArchiveFuzzing.split($0) }
        var served: [String] = []
        let plan = try PruneArchive.restorePlan(parts[0], root: "/project") { path in
            if !served.contains(path) { served.append(path) }
            return parts[served.firstIndex(of: path)! + 1]
        }
        #expect(plan.conflicts.isEmpty)
        #expect(plan.files.count == parts.count - 1)
        try plan.verify()
    }
}

/// The `xliff` target on mutations of the fixtures' exchange files (a seeded generator, so a
/// failure repeats): the libFuzzer campaign's first steps, run by `swift test` on every build.
@Suite struct ExchangeMutationTests {
    @Test func mutatedExchangeFilesKeepTheReadersPromises() throws {
        let folder = FuzzRegressionTests.root.appendingPathComponent("Fixtures/RoundTrip/Expected")
        let seeds = try ["en.xliff", "ru.xliff"].map {
            [UInt8](try Data(contentsOf: folder.appendingPathComponent($0)))
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        // Bytes that matter to XML: markup, entities, quotes, line breaks, a NUL, UTF-8 lead bytes.
        let interesting = Array("<>&;\"'/=!?#x\n\r\t ".utf8) + [0, 0xC3, 0xE2, 0xF0, 0xFF]
        for round in 0..<1_500 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<(1 + next(4)) {
                let at = next(bytes.count)
                switch next(4) {
                case 0: bytes[at] = interesting[next(interesting.count)]
                case 1: bytes.insert(interesting[next(interesting.count)], at: at)
                case 2: bytes.remove(at: at)
                default:
                    // A run of the file copied elsewhere: repeated elements and attributes.
                    let length = min(1 + next(40), bytes.count - at)
                    bytes.insert(contentsOf: bytes[at..<(at + length)], at: next(bytes.count))
                }
            }
            FuzzTarget.xliff.run(bytes)
        }
    }
}
