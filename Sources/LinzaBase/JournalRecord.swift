#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A transaction's journal while it renames its files in (`FileTransaction`). The order is
/// what makes every crash point recoverable (`TransactionRecovery`):
/// 1. the journal is written, synced and linked into place (never over another one);
/// 2. each target gets a backup, a second hard link to its old file (to its new file for a
///    file being created), and the folders are synced;
/// 3. the files are renamed in (the caller), and the folders synced;
/// 4. the backups are removed, then the journal.
/// Killed before 4, the next run finds every target old, new or missing with its backup
/// there, and rolls back (or, when all are new, finishes); killed during 4, all are new.
struct JournalRecord {
    /// One file as the caller hands it: its resolved target and temporary file.
    struct File {
        var target: String
        var temporary: String
        var original: [UInt8]?
        /// `TransactionJournal.hash(of:)` of the new bytes; nil for a file the transaction
        /// removes (its backup keeps the old bytes).
        var updatedHash: UInt64?
    }

    let path: String
    let journal: TransactionJournal
    let folders: Set<String>

    /// Writes the journal at `path` and makes every backup; on failure nothing of it is left.
    static func begin(at path: String, files: [File]) throws(FileTransaction.Failure) -> JournalRecord {
        let entries = files.map { file in
            TransactionJournal.Entry(
                target: Path.join(
                    Path.real(Path.parent(file.target)) ?? Path.parent(file.target),
                    String(Path.lastComponent(file.target))),
                oldHash: file.original.map(TransactionJournal.hash(of:)),
                newHash: file.updatedHash)
        }
        let journal = TransactionJournal(processID: getpid(), entries: entries)
        let record = JournalRecord(path: path, journal: journal, folders: Set(entries.map { Path.parent($0.target) }))
        let temporary: String
        do {
            temporary = try TemporaryFile.write(journal.encoded(), next: path)
        } catch {
            throw FileTransaction.Failure(path: path, reason: "cannot write the journal: \(error)")
        }
        // Linked, not renamed: a journal already there is another run's, never replaced.
        let linked = link(temporary, path) == 0
        let reason =
            errno == EEXIST
            ? "another Linza run is writing this project, or left its journal here; run the command again"
            : String(cString: strerror(errno))
        TemporaryFile.release(temporary, removing: true)
        guard linked else { throw FileTransaction.Failure(path: path, reason: reason) }
        TransactionRecovery.syncFolder(Path.parent(path))
        FileTransaction.pauseForTests(at: "journal")
        for (entry, file) in zip(entries, files) {
            let backup = journal.backup(of: entry)
            TransactionRecovery.removeOwnFile(backup)
            if link(file.original == nil ? file.temporary : file.target, backup) == 0 { continue }
            // A file system without hard links: the old bytes are copied instead.
            if let original = file.original, (try? AtomicFile.replace(original, at: backup)) != nil { continue }
            let reason = String(cString: strerror(errno))
            record.end()
            throw FileTransaction.Failure(path: file.target, reason: "cannot keep a backup: \(reason)")
        }
        for folder in record.folders { TransactionRecovery.syncFolder(folder) }
        return record
    }

    /// The files are in place (or were restored): the backups and the journal go.
    func end() {
        for folder in folders { TransactionRecovery.syncFolder(folder) }
        for entry in journal.entries { TransactionRecovery.removeOwnFile(journal.backup(of: entry)) }
        for folder in folders { TransactionRecovery.syncFolder(folder) }
        FileTransaction.pauseForTests(at: "cleanup")
        unlink(path)
        TransactionRecovery.syncFolder(Path.parent(path))
    }
}
