import Foundation
@testable import LinzaBase
import Testing

/// The lost-update check compares a file with what was read a chunk at a time
/// (`FileComparison`, issue 37 item 15): a change anywhere in a file larger than a chunk,
/// even one that keeps its size, still stops the transaction.
@Suite struct FileComparisonTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/linza-compare-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Three and a half chunks of text, no two chunks alike.
    func largeText() -> [UInt8] {
        let count = FileComparison.chunkSize * 7 / 2
        return (0..<count).map { UInt8(ascii: "a") + UInt8(($0 / 7 + $0 / 1_000_003) % 26) }
    }

    func write(_ bytes: [UInt8], _ path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func aFileHoldsWhatWasReadUntilAnyByteOfItChanges() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/Localizable.strings"
        let original = largeText()
        try write(original, path)
        #expect(FileComparison.holds(path, exactly: original))
        // One byte in the middle of each chunk, the first and last bytes, the chunks' edges.
        let chunk = FileComparison.chunkSize
        for offset in [
            0, chunk / 2, chunk - 1, chunk, chunk + chunk / 2, 3 * chunk - 1, 3 * chunk + 5, original.count - 1,
        ] {
            var changed = original
            changed[offset] = changed[offset] == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
            try write(changed, path)
            #expect(!FileComparison.holds(path, exactly: original), "a change at \(offset) went unseen")
        }
        try write(Array(original.dropLast()), path)
        #expect(!FileComparison.holds(path, exactly: original))
        try write(original + [10], path)
        #expect(!FileComparison.holds(path, exactly: original))
        try write([], path)
        #expect(!FileComparison.holds(path, exactly: original))
        #expect(FileComparison.holds(path, exactly: []))
        #expect(!FileComparison.holds(folder + "/missing.strings", exactly: []))
        #expect(!FileComparison.holds(folder, exactly: []))
    }

    /// End to end: a file edited in its middle, keeping its size, after it was read is not
    /// overwritten, and the other file of the transaction is left as it was too.
    @Test func aTransactionRefusesALargeFileChangedInItsMiddle() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let large = folder + "/de.strings", small = folder + "/en.strings"
        let original = largeText()
        try write(original, large)
        try write(Array("\"a\" = \"b\";\n".utf8), small)
        var edited = original
        edited[FileComparison.chunkSize * 2 + 12345] = UInt8(ascii: "!")
        try write(edited, large)
        #expect {
            try FileTransaction.commit([
                .init(path: small, original: Array("\"a\" = \"b\";\n".utf8), updated: Array("\"a\" = \"c\";\n".utf8)),
                .init(path: large, original: original, updated: Array("\"x\" = \"y\";\n".utf8)),
            ])
        } throws: { error in
            "\(error)".contains("the file changed since Linza read it")
        }
        // A Bool, not the arrays: a failure would print megabytes.
        let kept = try Array(Data(contentsOf: URL(fileURLWithPath: large))) == edited
        #expect(kept)
        #expect(try String(contentsOfFile: small, encoding: .utf8) == "\"a\" = \"b\";\n")
    }
}
