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
/// is never overwritten.
public enum FileTransaction {
    /// One file's bytes as read and as they are to become.
    public struct Change: Sendable {
        public var path: String
        /// Nil for a file the transaction creates (it must not exist when committing).
        public var original: [UInt8]?
        public var updated: [UInt8]

        public init(path: String, original: [UInt8]?, updated: [UInt8]) {
            self.path = path
            self.original = original
            self.updated = updated
        }
    }

    /// Why the transaction did not happen (nothing was changed) or failed half way (what
    /// was replaced has been restored).
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The test hook: with `LINZA_TEST_FAIL_AFTER_RENAMES=N` in the environment, the
    /// transaction fails after renaming N files into place, as a full disk or a crash of the
    /// file system would, so tests can see the restore work on a real file system.
    public static let failAfterRenamesVariable = "LINZA_TEST_FAIL_AFTER_RENAMES"

    public static func commit(_ changes: [Change]) throws {
        let failAfter = getenv(failAfterRenamesVariable).flatMap { Int(String(cString: $0)) }
        // New files first: putting one in place replaces nothing, and undoing it is a removal.
        let changing = changes.filter { $0.original != $0.updated }
        let changes = changing.filter { $0.original == nil } + changing.filter { $0.original != nil }
        for change in changes {
            if change.original == nil {
                guard Path.kind(change.path) == .missing else {
                    throw Failure(path: change.path, reason: "the file appeared since Linza looked; nothing was written")
                }
                continue
            }
            let current = try? FileReader.read(change.path)
            guard current == change.original else {
                throw Failure(path: change.path, reason: "the file changed since Linza read it; nothing was written")
            }
        }
        // Folders new files need, created only now and removed again if the transaction fails.
        var createdFolders: [String] = []
        var written: [(temporary: String, target: String, change: Change)] = []
        do {
            for change in changes where change.original == nil {
                createdFolders += try createFolders(Path.parent(change.path))
            }
            for change in changes {
                let target = AtomicFile.resolvingLinks(change.path)
                written.append((try writeTemporary(change.updated, next: target), target, change))
            }
        } catch {
            for file in written { unlink(file.temporary) }
            for folder in createdFolders.reversed() { rmdir(folder) }
            let failure = error as? Failure ?? Failure(path: "", reason: "\(error)")
            throw Failure(path: failure.path, reason: failure.reason + "; nothing was written")
        }
        for (index, file) in written.enumerated() {
            if index == failAfter || !place(file.temporary, at: file.target, isNew: file.change.original == nil) {
                let reason = index == failAfter ? "simulated failure (\(failAfterRenamesVariable))" : String(cString: strerror(errno))
                for later in written[index...] { unlink(later.temporary) }
                let unrestored = restore(written[..<index].map(\.change))
                if unrestored.isEmpty { for folder in createdFolders.reversed() { rmdir(folder) } }
                throw Failure(path: file.change.path, reason: reason + (unrestored.isEmpty
                    ? "; every file was restored" : "; could not restore " + unrestored.joined(separator: ", ")))
            }
        }
    }

    /// Moves the temporary file onto the target. A new file is linked, not renamed, so that a
    /// file that appeared there meanwhile is never replaced.
    private static func place(_ temporary: String, at target: String, isNew: Bool) -> Bool {
        guard isNew else { return rename(temporary, target) == 0 }
        guard link(temporary, target) == 0 else { return false }
        unlink(temporary)
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
            guard let temporary = try? writeTemporary(original, next: target), rename(temporary, target) == 0 else {
                return change.path
            }
            return nil
        }
    }

    /// A new file with `bytes` in the target's folder, with the target's permissions, on disk.
    private static func writeTemporary(_ bytes: [UInt8], next target: String) throws -> String {
        var info = stat()
        let mode = stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        let temporary = Path.parent(target) + "/." + String(Path.lastComponent(target)) + ".linza-\(getpid())"
        // O_EXCL: never write through whatever is there; a file a killed run left is removed
        // and the name tried once more (in CI containers the process id repeats).
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        if descriptor < 0 && errno == EEXIST && unlink(temporary) == 0 {
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        }
        guard descriptor >= 0 else { throw Failure(path: temporary, reason: String(cString: strerror(errno))) }
        if let failure = DescriptorWriter.writeAll(bytes, to: descriptor) {
            close(descriptor)
            unlink(temporary)
            throw Failure(path: target, reason: String(cString: strerror(failure)))
        }
        let synced = fsync(descriptor) == 0
        guard close(descriptor) == 0, synced else {
            unlink(temporary)
            throw Failure(path: target, reason: String(cString: strerror(errno)))
        }
        // O_CREAT's mode is reduced by the umask; the target's own permissions win.
        chmod(temporary, mode)
        return temporary
    }
}
