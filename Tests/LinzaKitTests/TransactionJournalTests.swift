import Foundation
@testable import LinzaBase
import Testing

/// The transaction journal (issue 37, item 5): what it accepts, and how recovery decides
/// between finishing and rolling back, on files in a temporary folder.
@Suite struct TransactionJournalTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/linza-journal-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return Path.real(path) ?? path
    }

    func write(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    func read(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func aJournalReadsBackAsItWasWritten() throws {
        let journal = TransactionJournal(
            processID: 42,
            entries: [
                .init(target: "/p/a.strings", oldHash: 7, newHash: 8),
                .init(target: "/p/b.strings", oldHash: nil, newHash: 9),
            ])
        #expect(try TransactionJournal.decode(journal.encoded(), roots: ["/p"]) == journal)
        #expect(journal.temporary(of: journal.entries[0]) == "/p/.a.strings.linza-42")
        #expect(journal.backup(of: journal.entries[1]) == "/p/.b.strings.linza-backup-42")
    }

    @Test(arguments: [
        ("/q/a.strings", "is outside the project"), ("/p/../etc/passwd", "is not an absolute, normalised path"),
        ("p/a.strings", "is not an absolute, normalised path"), ("/p", "is outside the project"),
    ])
    func pathsOutsideTheRootsAreRefused(_ path: String, _ reason: String) throws {
        let journal = TransactionJournal(processID: 42, entries: [.init(target: path, oldHash: 1, newHash: 2)])
        #expect(throws: JournalError.self) { try TransactionJournal.decode(journal.encoded(), roots: ["/p"]) }
        do {
            _ = try TransactionJournal.decode(journal.encoded(), roots: ["/p"])
        } catch {
            #expect(error.description.contains(reason))
        }
    }

    @Test func aPathListedTwiceOrABadHashIsRefused() throws {
        let twice = TransactionJournal(
            processID: 42,
            entries: [.init(target: "/p/a", oldHash: 1, newHash: 2), .init(target: "/p/a", oldHash: 1, newHash: 2)])
        #expect(throws: JournalError.self) { try TransactionJournal.decode(twice.encoded(), roots: ["/p"]) }
        let text = String(decoding: twice.encoded(), as: UTF8.self).replacingOccurrences(
            of: "0000000000000001", with: "zz")
        #expect(throws: JournalError.self) { try TransactionJournal.decode(Array(text.utf8), roots: ["/p"]) }
    }

    /// Killed after the first of two renames: the renamed file gets its old bytes from its
    /// backup, the created file is removed, and nothing of Linza's is left.
    @Test func aHalfRenamedTransactionIsRolledBack() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let old = "old\n", new = "new\n"
        let journal = TransactionJournal(
            processID: 999_999,
            entries: [
                .init(target: root + "/a", oldHash: StableHash.fnv1a(old), newHash: StableHash.fnv1a(new)),
                .init(target: root + "/b", oldHash: StableHash.fnv1a(old), newHash: StableHash.fnv1a(new)),
                .init(target: root + "/c", oldHash: nil, newHash: StableHash.fnv1a(new)),
            ])
        // a: renamed (backup holds the old bytes); b: not yet (backup is its own link); c: created.
        try write(old, journal.backup(of: journal.entries[0]))
        try write(new, root + "/a")
        try write(old, root + "/b")
        link(root + "/b", journal.backup(of: journal.entries[1]))
        try write(new, journal.temporary(of: journal.entries[1]))
        try write(new, root + "/c")
        link(root + "/c", journal.backup(of: journal.entries[2]))
        try Data(journal.encoded()).write(to: URL(fileURLWithPath: root + "/.linza-journal"))
        let outcome = try TransactionRecovery.recover(journal: root + "/.linza-journal", roots: [root])
        #expect(outcome == .rolledBack([root + "/a", root + "/b", root + "/c"]))
        #expect(read(root + "/a") == old && read(root + "/b") == old && read(root + "/c") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["a", "b"])
    }

    /// Killed while cleaning up: every file is new already, so recovery only removes leftovers.
    @Test func aTransactionWhoseFilesAreAllNewIsFinished() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let journal = TransactionJournal(
            processID: 999_999,
            entries: [.init(target: root + "/a", oldHash: StableHash.fnv1a("old"), newHash: StableHash.fnv1a("new"))])
        try write("new", root + "/a")
        try Data(journal.encoded()).write(to: URL(fileURLWithPath: root + "/.linza-journal"))
        #expect(
            try TransactionRecovery.recover(journal: root + "/.linza-journal", roots: [root])
                == .finished([root + "/a"]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["a"])
    }

    /// A file edited after the crash (neither its old nor its new bytes) stops recovery with
    /// every file, backups and journal included, as it was.
    @Test func aFileEditedSinceTheCrashStopsRecovery() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let journal = TransactionJournal(
            processID: 999_999,
            entries: [.init(target: root + "/a", oldHash: StableHash.fnv1a("old"), newHash: StableHash.fnv1a("new"))])
        try write("old", journal.backup(of: journal.entries[0]))
        try write("edited", root + "/a")
        try Data(journal.encoded()).write(to: URL(fileURLWithPath: root + "/.linza-journal"))
        #expect(throws: JournalError.self) {
            try TransactionRecovery.recover(journal: root + "/.linza-journal", roots: [root])
        }
        #expect(read(root + "/a") == "edited")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).count == 3)
    }
}
