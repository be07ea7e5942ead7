#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces several files all together or not at all, for the writing commands: every new
/// file is written next to its target first, and only then are they renamed in; a failure
/// on the way puts back what was already replaced. A file that changed since it was read
/// is never overwritten: each is compared with what was read before anything is written,
/// and again right before it is replaced, a chunk at a time (`FileComparison`).
package enum FileTransaction {
    /// One file's bytes as read and as they are to become.
    package struct Change: Sendable {
        package var path: String
        /// Nil for a file the transaction creates (it must not exist when committing).
        package var original: [UInt8]?
        package var updated: [UInt8]
        /// True for a file the transaction removes (`original` is what it must still hold).
        package var removes = false
        /// Makes the new bytes when the transaction writes this file (`updated` is unused):
        /// a transaction of many large files then holds one file's new bytes at a time,
        /// not all of them. An error it throws ends the transaction, nothing written.
        package var making: (@Sendable () throws -> [UInt8])?

        package init(path: String, original: [UInt8]?, updated: [UInt8]) {
            self.path = path
            self.original = original
            self.updated = updated
        }

        /// A change of the file at `path`, which must still hold `original`, whose new
        /// bytes `making` makes when the file is written.
        package init(path: String, original: [UInt8], making: @escaping @Sendable () throws -> [UInt8]) {
            self.path = path
            self.original = original
            updated = []
            self.making = making
        }

        /// The removal of the file at `path`, which must still hold `original`.
        package static func removal(of path: String, original: [UInt8]) -> Change {
            var change = Change(path: path, original: original, updated: [])
            change.removes = true
            return change
        }
    }

    /// Why the transaction did not happen (nothing was changed) or failed half way (what
    /// was replaced has been restored).
    package struct Failure: PathNamingError, Sendable {
        package var path: String
        package var reason: String
        package func description(paths: DisplayPaths) -> String { "\(paths.path(path)): \(reason)" }
    }

    /// The test hook: with `LINZA_TEST_FAIL_AFTER_RENAMES=N` in the environment, the
    /// transaction fails after renaming N files into place, as a full disk or a crash of the
    /// file system would, so tests can see the restore work on a real file system. Debug
    /// builds only (the tests run those): a release binary reads no such variable.
    #if DEBUG
    package static let failAfterRenamesVariable = "LINZA_TEST_FAIL_AFTER_RENAMES"
    #endif

    /// Why the file at `path` may not be replaced by a new one: a file nobody may write
    /// (Linza would bypass its permissions, as root always could), or one with other hard
    /// links (they would keep the old text). Nil when it may.
    static func refusal(toReplace path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if info.st_mode & 0o222 == 0 {
            return "the file is read-only; make it writable to have Linza edit it"
        }
        if info.st_nlink > 1 {
            return "the file has \(info.st_nlink) hard links, which would keep the old text; Linza does not split them"
        }
        return nil
    }

    /// Commits without a journal: a signal waits until every file is in place or put back,
    /// but a SIGKILL or a crash during the renames leaves some files new and others old.
    package static func commit(_ changes: [Change]) throws {
        try commit(changes, journal: nil)
    }

    /// Commits with a journal at `journal` (the configuration folder's
    /// `TransactionJournal.fileName`) while the files are renamed in, so that the next run
    /// finishes or rolls back what a SIGKILL, a crash or a power loss interrupts
    /// (`TransactionRecovery`). SIGTERM, SIGINT and SIGHUP wait until the transaction has
    /// finished or rolled back.
    package static func commit(_ changes: [Change], journal: String?) throws {
        #if DEBUG
        let failAfter = getenv(failAfterRenamesVariable).flatMap { Int(String(cString: $0)) }
        #else
        let failAfter: Int? = nil
        #endif
        // New files first: putting one in place replaces nothing, and undoing it is a removal.
        let changing = changes.filter { $0.making != nil || $0.original != $0.updated || $0.removes }
        let removals = changing.filter(\.removes)
        let changes = changing.filter { $0.original == nil } + changing.filter { $0.original != nil && !$0.removes }
        for change in changes + removals {
            if change.original == nil {
                guard Path.kind(change.path) == .missing else {
                    throw Failure(
                        path: change.path, reason: "the file appeared since Linza looked; nothing was written")
                }
                continue
            }
            guard let original = change.original, FileComparison.holds(change.path, exactly: original) else {
                throw Failure(path: change.path, reason: "the file changed since Linza read it; nothing was written")
            }
            if let refusal = refusal(toReplace: AtomicFile.resolvingLinks(change.path)) {
                throw Failure(path: change.path, reason: refusal + "; nothing was written")
            }
        }
        // Folders new files need, created only now and removed again if the transaction fails.
        var createdFolders: [String] = []
        var written: [(temporary: String, target: String, change: Change)] = []
        var updatedHashes: [UInt64] = []
        do {
            for change in changes where change.original == nil {
                createdFolders += try createFolders(Path.parent(change.path))
            }
            for change in changes {
                let target = AtomicFile.resolvingLinks(change.path)
                // Made, written and dropped one file at a time.
                let updated = try change.making?() ?? change.updated
                if change.making != nil, updated == change.original { continue }
                written.append((try TemporaryFile.write(updated, next: target), target, change))
                updatedHashes.append(TransactionJournal.hash(of: updated))
            }
        } catch let error as Failure {
            throw cleanedUp(written, createdFolders, error)
        } catch let error as FileWriteError {
            throw cleanedUp(written, createdFolders, Failure(path: error.path, reason: error.reason))
        } catch let error as FileReadError {
            throw cleanedUp(written, createdFolders, Failure(path: error.path, reason: error.reason))
        } catch {
            // A change that could not be made (a plan that does not verify) says why itself.
            _ = cleanedUp(written, createdFolders, Failure(path: "", reason: ""))
            throw error
        }
        TemporaryFile.pauseForTests()
        try PendingFile.deferringSignals {
            let record = try journal.map { path throws(Failure) in
                do {
                    return try JournalRecord.begin(
                        at: path,
                        files: zip(written, updatedHashes).map { file, hash in
                            .init(
                                target: file.target, temporary: file.temporary, original: file.change.original,
                                updatedHash: hash)
                        }
                            + removals.map {
                                .init(
                                    target: AtomicFile.resolvingLinks($0.path), temporary: "", original: $0.original,
                                    updatedHash: nil)
                            })
                } catch {
                    for file in written { TemporaryFile.release(file.temporary, removing: true) }
                    for folder in createdFolders.reversed() { rmdir(folder) }
                    let failure = (error as? Failure) ?? Failure(path: path, reason: "\(error)")
                    throw Failure(path: failure.path, reason: failure.reason + "; nothing was written")
                }
            }
            pauseForTests(at: "backups")
            try renameIn(written, failAfter: failAfter, createdFolders: createdFolders, record: record)
            try remove(
                removals, after: written.map(\.change), failAfter: failAfter.map { $0 - written.count }, record: record)
            record?.end()
        }
    }

    /// Removes the temporary files written and the folders created, and gives `failure`
    /// with "nothing was written" added.
    private static func cleanedUp(
        _ written: [(temporary: String, target: String, change: Change)], _ createdFolders: [String], _ failure: Failure
    ) -> Failure {
        for file in written { TemporaryFile.release(file.temporary, removing: true) }
        for folder in createdFolders.reversed() { rmdir(folder) }
        return Failure(path: failure.path, reason: failure.reason + "; nothing was written")
    }

    /// Renames every temporary file in; on a failure puts back what was replaced.
    private static func renameIn(
        _ written: [(temporary: String, target: String, change: Change)], failAfter: Int?, createdFolders: [String],
        record: JournalRecord?
    ) throws(Failure) {
        for (index, file) in written.enumerated() {
            // Checked again right before the file is replaced: writing and syncing every
            // temporary file takes long enough for an editor to save one in between.
            let changed = file.change.original.map { !FileComparison.holds(file.target, exactly: $0) } ?? false
            if changed || index == failAfter
                || !place(file.temporary, at: file.target, isNew: file.change.original == nil)
            {
                let reason =
                    changed
                    ? "the file changed since Linza read it"
                    : index == failAfter ? "simulated failure (a test hook)" : String(cString: strerror(errno))
                for later in written[index...] { TemporaryFile.release(later.temporary, removing: true) }
                let unrestored = restore(written[..<index].map(\.change))
                if unrestored.isEmpty {
                    // Everything is as it was; else the journal stays for the next run to roll
                    // back. The backups go first: a created folder must be empty to be removed.
                    record?.end()
                    for folder in createdFolders.reversed() { rmdir(folder) }
                }
                throw Failure(
                    path: file.change.path,
                    reason: reason
                        + (unrestored.isEmpty
                            ? "; every file was restored" : "; could not restore " + unrestored.joined(separator: ", "))
                )
            }
            pauseForTests(at: "rename-\(index + 1)")
        }
    }

    /// Removes the files of `removals`, last, once every other file is in place; on a failure
    /// writes back what was removed and what `written` replaced (and, when all is back, ends
    /// the journal's `record`; else it stays for the next run to roll back).
    private static func remove(
        _ removals: [Change], after written: [Change], failAfter: Int?, record: JournalRecord?
    ) throws(Failure) {
        for (index, removal) in removals.enumerated() {
            let target = AtomicFile.resolvingLinks(removal.path)
            let changed = removal.original.map { !FileComparison.holds(target, exactly: $0) } ?? true
            if changed || index == failAfter || unlink(target) != 0 {
                let reason =
                    changed
                    ? "the file changed since Linza read it"
                    : index == failAfter ? "simulated failure (a test hook)" : String(cString: strerror(errno))
                let unrestored = restore(written + removals[..<index])
                if unrestored.isEmpty { record?.end() }
                throw Failure(
                    path: removal.path,
                    reason: reason
                        + (unrestored.isEmpty
                            ? "; every file was restored" : "; could not restore " + unrestored.joined(separator: ", "))
                )
            }
            pauseForTests(at: "remove-\(index + 1)")
        }
    }

    /// The test hook for a signal or a kill at each step of a journaled transaction: with
    /// `LINZA_TEST_PAUSE_AT=STEP` (`journal`, `backups`, `rename-N` after N files, `remove-N` after N
    /// removals, `cleanup`)
    /// the transaction says so on standard error and sleeps 30 seconds there. Debug builds
    /// only: a release binary reads no such variable.
    static func pauseForTests(at step: String) {
        #if DEBUG
        guard let wanted = getenv("LINZA_TEST_PAUSE_AT"), String(cString: wanted) == step else { return }
        let line = Array("linza: test pause at \(step)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        // A signal ends the pause; the transaction then goes on and ends as it must.
        for _ in 0..<300 where !PendingFile.hasDeferredSignal { usleep(100_000) }
        #endif
    }

    /// Moves the temporary file onto the target. A new file is linked, not renamed, so that a
    /// file that appeared there meanwhile is never replaced.
    private static func place(_ temporary: String, at target: String, isNew: Bool) -> Bool {
        guard isNew else {
            guard rename(temporary, target) == 0 else { return false }
            TemporaryFile.release(temporary)
            return true
        }
        guard link(temporary, target) == 0 else { return false }
        TemporaryFile.release(temporary, removing: true)
        return true
    }

    /// `mkdir -p`, returning the folders it created, outermost first.
    private static func createFolders(_ folder: String) throws -> [String] {
        if Path.kind(folder) != .missing || folder == "/" || folder.isEmpty { return [] }
        let created = try createFolders(Path.parent(folder))
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
            throw Failure(path: folder, reason: String(cString: strerror(errno)))
        }
        return created + [folder]
    }

    /// Writes each change's original bytes back (removes a created file); returns the paths
    /// that could not be.
    private static func restore(_ changes: [Change]) -> [String] {
        changes.compactMap { change in
            let target = AtomicFile.resolvingLinks(change.path)
            guard let original = change.original else { return unlink(target) == 0 ? nil : change.path }
            guard let temporary = try? TemporaryFile.write(original, next: target) else { return change.path }
            let renamed = rename(temporary, target) == 0
            TemporaryFile.release(temporary, removing: !renamed)
            return renamed ? nil : change.path
        }
    }
}
