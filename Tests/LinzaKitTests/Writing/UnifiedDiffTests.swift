import Foundation
import Testing
@testable import LinzaBase

/// The dry-run diffs are real unified diffs: `patch` turns the old text into the new one.
@Suite struct UnifiedDiffTests {
    static let patch = ["/usr/bin/patch", "/bin/patch", "/opt/homebrew/bin/patch"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// `old` with `diff` applied by patch(1), or nil when patch refuses it.
    func patched(_ old: [UInt8], with diff: String) throws -> [UInt8]? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linza-diff-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("f"), patchFile = folder.appendingPathComponent("f.diff")
        try Data(old).write(to: file)
        try Data(diff.utf8).write(to: patchFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.patch!)
        process.arguments = ["--quiet", "--binary", file.path, patchFile.path]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? Array(try Data(contentsOf: file)) : nil
    }

    /// With the exact search at every depth, and with it cut short so that the anchored
    /// search (lines found once in each text) and its whole-gap fallback do the work.
    @Test(
        .enabled(if: patch != nil, "patch(1) is not installed"), arguments: [UnifiedDiff.defaultExactSearchDepth, 1, 0])
    func patchTurnsOldIntoNew(exactSearchDepth: Int) throws {
        var random = SplitMix64(seed: 7)
        for round in 0..<150 {
            let lines = ["a\n", "b\n", "c\r\n", "d\n", "ü\n", "\n", "x"]
            let old = (0..<Int.random(in: 0...30, using: &random)).map { _ in lines.randomElement(using: &random)! }
            var new = old
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                if !new.isEmpty, Bool.random(using: &random) {
                    new.remove(at: Int.random(in: 0..<new.count, using: &random))
                } else {
                    new.insert(lines.randomElement(using: &random)!, at: Int.random(in: 0...new.count, using: &random))
                }
            }
            let oldBytes = Array(old.joined().utf8), newBytes = Array(new.joined().utf8)
            let diff = UnifiedDiff.make(label: "f", old: oldBytes, new: newBytes, exactSearchDepth: exactSearchDepth)
            #expect(diff.isEmpty == (oldBytes == newBytes))
            guard !diff.isEmpty else { continue }
            #expect(try patched(oldBytes, with: diff) == newBytes, "round \(round): \(diff)")
        }
    }

    /// A prune of every other key of a 40,000-key table: far past the exact search, the
    /// anchored one gives a diff that patch applies (it took minutes and gigabytes before).
    @Test(.enabled(if: patch != nil, "patch(1) is not installed"))
    func manyScatteredChangesStillPatch() throws {
        let keys = (0..<40_000).map { "\"key.\($0)\" = \"Value \($0)\";\n" }
        let old = Array(keys.joined().utf8)
        let new = Array(keys.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined().utf8)
        let diff = UnifiedDiff.make(label: "f", old: old, new: new)
        #expect(diff.split(separator: "\n").count { $0.hasPrefix("-\"key.") } == 20_000)
        #expect(try patched(old, with: diff) == new)
    }

    @Test func largeFileWithFewChangesIsCheap() {
        let old = Array(String(repeating: "\"key\" = \"value\";\n", count: 200_000).utf8)
        var new = old
        new.insert(contentsOf: Array("\"new\" = \"N\";\n".utf8), at: old.count / 2)
        let diff = UnifiedDiff.make(label: "L.strings", old: old, new: new)
        #expect(diff.contains("@@ -98,6 +98,7 @@") || diff.contains("+\"new\" = \"N\";"))
        #expect(diff.split(separator: "\n").count == 10)
    }

    /// Random lines, some changed in place a byte at a time, with and without a last line break.
    static func randomPair(_ random: inout SplitMix64) -> (old: [UInt8], new: [UInt8]) {
        let lines = ["a\n", "b\n", "c\r\n", "d\n", "ü\n", "\n", "ab", "x"]
        let old = (0..<Int.random(in: 0...30, using: &random)).map { _ in lines.randomElement(using: &random)! }
        var new = old
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &random))
            case 1 where !new.isEmpty: new[Int.random(in: 0..<new.count, using: &random)] += "y"
            default: new.insert(lines.randomElement(using: &random)!, at: Int.random(in: 0...new.count, using: &random))
            }
        }
        return (Array(old.joined().utf8), Array(new.joined().utf8))
    }

    /// Diffing only the lines between the first and the last that differ changes nothing:
    /// the diff is the one made over every line, hunk for hunk.
    @Test(arguments: [UnifiedDiff.defaultExactSearchDepth, 1])
    func theChangedLinesDiffAsEveryLineDoes(exactSearchDepth: Int) {
        var random = SplitMix64(seed: 11)
        for round in 0..<400 {
            let (old, new) = Self.randomPair(&random)
            guard old != new else { continue }
            for context in [0, 1, 3] {
                let everyLine = UnifiedDiff.make(
                    label: "f", old: old, new: new, regions: [.init(old: 0..<old.count, new: 0..<new.count)],
                    context: context, exactSearchDepth: exactSearchDepth)
                let changed = UnifiedDiff.make(
                    label: "f", old: old, new: new, context: context, exactSearchDepth: exactSearchDepth)
                #expect(changed == everyLine, "round \(round), context \(context)")
            }
        }
    }

    /// A plan's diff is made edit by edit: whatever the edits (inside a line, at either end,
    /// touching, far apart, adding or removing line breaks), patch turns the old text into
    /// the new one.
    @Test(.enabled(if: patch != nil, "patch(1) is not installed"))
    func editByEditDiffsPatch() throws {
        var random = SplitMix64(seed: 5)
        let pieces = ["a", "b\n", "c\r\n", "\n", "dd", ""]
        for round in 0..<200 {
            let lines = ["one\n", "two\n", "three\r\n", "\n", "four", "five\n"]
            let old = Array(
                (0..<Int.random(in: 0...25, using: &random)).map { _ in lines.randomElement(using: &random)! }.joined()
                    .utf8)
            var cuts = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                Int.random(in: 0...old.count, using: &random)
            }
            cuts.sort()
            var edits: [TextEdit] = []
            var index = 0
            while index + 1 < cuts.count {
                let replacement = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    pieces.randomElement(using: &random)!
                }
                edits.append(
                    TextEdit(range: cuts[index]..<cuts[index + 1], replacement: Array(replacement.joined().utf8)))
                index += Int.random(in: 1...2, using: &random)
            }
            let new = TextEdit.apply(edits, to: old)
            let diff = UnifiedDiff.make(label: "f", old: old, edits: edits, new: new)
            #expect(diff.isEmpty == (old == new))
            guard !diff.isEmpty else { continue }
            #expect(try patched(old, with: diff) == new, "round \(round): \(edits) \(diff)")
        }
    }

    /// An entry moved from the front of a million-line table to its end (a catalog key
    /// renamed to one sorting last): two hunks at their lines, made from the edits' lines.
    @Test func editsFarApartInALargeFileAreTwoHunks() {
        let old = Array((0..<1_000_000).map { "line \($0)\n" }.joined().utf8)
        let second = Array("line 0\nline 1\n".utf8).count
        let edits = [
            TextEdit(range: second..<(second + 7), replacement: []),
            TextEdit(range: old.count..<old.count, replacement: Array("line 2\n".utf8)),
        ]
        let diff = UnifiedDiff.make(label: "f", old: old, edits: edits, new: TextEdit.apply(edits, to: old))
        #expect(
            diff == """
                --- a/f
                +++ b/f
                @@ -1,6 +1,5 @@
                 line 0
                 line 1
                -line 2
                 line 3
                 line 4
                 line 5
                @@ -999998,3 +999997,4 @@
                 line 999997
                 line 999998
                 line 999999
                +line 2

                """)
    }
}
