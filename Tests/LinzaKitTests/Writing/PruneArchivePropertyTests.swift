@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaRules
@testable import LinzaSources
@testable import LinzaTables
@testable import LinzaWriting
import Testing

/// For random `.strings` tables and random deletions, what the archive records puts every
/// deleted entry back where it was: the file is byte for byte as before.
@Suite struct PruneArchivePropertyTests {
    @Test func restoringAnArchiveGivesBackTheSameBytes() throws {
        var random = SplitMix64(seed: 1123)
        for round in 0..<300 {
            let (bytes, _) = StringsWriterPropertyTests.randomTable(&random)
            let document = try StringsDocument(path: "/p/Localizable.strings", bytes: bytes)
            let deleted = Set(document.entries.indices.filter { _ in Bool.random(using: &random) })
            var change = WritePlan.FileChange(document: document, language: "en", table: "Localizable")
            change.removed = deleted.sorted().map { document.entries[$0].key }
            change.edits = document.deletions(of: deleted)
            var prune = WritePlan()
            prune.files = [change]
            let archive = PruneArchive.make(prune, root: "/p")
            let pruned = change.updated

            let restore = try PruneArchive.restorePlan(Array(archive.utf8), root: "/p", reading: { _ in pruned })
            let restored = restore.files.first?.updated ?? pruned
            #expect(restored == bytes, "round \(round)")
            if !deleted.isEmpty { try restore.verify() }
        }
    }
}
