#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finishes or rolls back a transaction a run left half done (killed with SIGKILL, a crash,
/// a power loss), from its `TransactionJournal`: when every target already holds its new
/// bytes the transaction is finished (Linza's leftovers removed), otherwise every target gets
/// its old bytes back from its backup and every file the transaction created is removed.
/// Nothing is touched unless every file is in a state the journal explains; links are never
/// followed.
package enum TransactionRecovery {
    /// What recovery did.
    package enum Outcome: Sendable, Equatable {
        /// There was no journal.
        case nothing
        /// Every file already had its new bytes; the leftovers were removed.
        case finished([String])
        /// These files were put back as they were before the interrupted run.
        case rolledBack([String])
    }

    /// Whether a journal is there (without reading it), for the read-only commands' warning.
    package static func hasJournal(at path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Finishes or rolls back the transaction the journal at `path` records. `roots` are the
    /// project's folders: a journal naming a file outside them is refused, as is one whose
    /// process still runs (another Linza writing right now).
    package static func recover(journal path: String, roots: [String]) throws(JournalError) -> Outcome {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .nothing }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw JournalError("it is not a regular file; Linza leaves it alone")
        }
        let bytes: [UInt8]
        do { bytes = try FileReader.read(path) } catch { throw JournalError("it cannot be read: \(reason(error))") }
        let journal = try TransactionJournal.decode(bytes, roots: roots.map(Path.realOrNearest))
        if journal.processID != getpid(), kill(journal.processID, 0) == 0 || errno == EPERM {
            throw JournalError(
                "process \(journal.processID), which wrote it, still runs: another Linza is writing these files; "
                    + "run again when it has finished")
        }
        let states = try journal.entries.map { entry throws(JournalError) in try State(entry, in: journal) }
        let finished = states.allSatisfy { $0.target == $0.entry.newHash }
        if !finished {
            for state in states { try state.checkRollBack() }
        }
        var folders: Set<String> = [Path.parent(path)]
        var failed: [String] = []
        for state in states {
            folders.insert(Path.parent(state.entry.target))
            if !finished, !state.rollBack() { failed.append(state.entry.target) }
            removeOwnFile(journal.backup(of: state.entry))
            removeOwnFile(journal.temporary(of: state.entry))
        }
        for folder in folders { syncFolder(folder) }
        guard failed.isEmpty else {
            throw JournalError(
                "could not put back " + failed.map(Path.printable).joined(separator: ", ") + ": "
                    + String(cString: strerror(errno)))
        }
        unlink(path)
        syncFolder(Path.parent(path))
        let targets = journal.entries.map(\.target)
        return finished ? .finished(targets) : .rolledBack(targets)
    }

    /// One file as recovery finds it: hashes of the target and its backup (nil: missing).
    private struct State {
        var entry: TransactionJournal.Entry
        var target: UInt64?
        var backup: UInt64?
        var backupPath: String
        /// For a created file: whether the target is the very file the backup links to.
        var targetIsBackup: Bool

        init(_ entry: TransactionJournal.Entry, in journal: TransactionJournal) throws(JournalError) {
            self.entry = entry
            let folder = Path.parent(entry.target)
            // The folder as it is written, no link on the way: else the journal leads elsewhere.
            guard Path.real(folder) == folder else {
                throw JournalError(
                    "\(Path.printable(entry.target)) lies in a folder that is missing or reached through a link")
            }
            let backupPath = journal.backup(of: entry)
            self.backupPath = backupPath
            let targetInfo = try Self.regularFile(entry.target)
            let backupInfo = try Self.regularFile(backupPath)
            target = try targetInfo.map { _ throws(JournalError) in try Self.hash(entry.target) }
            backup = try backupInfo.map { _ throws(JournalError) in try Self.hash(backupPath) }
            targetIsBackup =
                targetInfo.map { target in
                    backupInfo.map { $0.st_ino == target.st_ino && $0.st_dev == target.st_dev } ?? false
                } ?? false
        }

        /// Refuses a rollback that would lose or guess: a target whose bytes the journal does
        /// not explain (edited since), or a created file Linza cannot prove it made.
        func checkRollBack() throws(JournalError) {
            let name = Path.printable(entry.target)
            if let old = entry.oldHash {
                let targetKnown = target == nil || target == old || target == entry.newHash
                if backup == old, targetKnown { return }
                if backup == nil, target == old { return }
                throw JournalError(
                    "\(name) changed since the interrupted run, or its old bytes are gone; nothing was touched")
            }
            if target == nil || (target == entry.newHash && targetIsBackup) { return }
            throw JournalError("\(name) is not the file the interrupted run created; nothing was touched")
        }

        /// Puts the old file back (or removes a created one). False when the system refused.
        func rollBack() -> Bool {
            guard let old = entry.oldHash else { return target == nil || unlink(entry.target) == 0 }
            guard backup == old else { return true }
            // The backup is the old file itself, so putting it back is one rename; when it is
            // still the target's own link (no rename happened), rename does nothing and the
            // backup is removed afterwards.
            return rename(backupPath, entry.target) == 0
        }

        /// The file's status, nil when it is missing; anything but a regular file is refused.
        private static func regularFile(_ path: String) throws(JournalError) -> stat? {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw JournalError("\(Path.printable(path)) is not a regular file; nothing was touched")
            }
            return info
        }

        private static func hash(_ path: String) throws(JournalError) -> UInt64 {
            do {
                return TransactionJournal.hash(of: try FileReader.read(path))
            } catch {
                throw JournalError(
                    "\(Path.printable(path)) cannot be read: \(TransactionRecovery.reason(error)); nothing was touched")
            }
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as? FileReadError)?.reason ?? "\(error)"
    }

    /// Removes a file Linza named (a backup, a temporary file) when it is a regular file.
    static func removeOwnFile(_ path: String) {
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(path) }
    }

    /// Makes the folder's entries (renames, links, removals) durable.
    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
