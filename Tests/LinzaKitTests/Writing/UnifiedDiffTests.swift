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
}
