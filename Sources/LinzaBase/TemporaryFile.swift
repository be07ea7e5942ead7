#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The first half of every write Linza makes to a user's files (`AtomicFile`,
/// `FileTransaction`): the new bytes in a hidden file next to the target, on disk, with the
/// target's permissions, ready to be renamed over it. Until the caller calls `release`, an
/// interrupting signal removes it (`PendingFile`).
enum TemporaryFile {
    /// Writes `bytes` to `.<name>.linza-<pid>` beside `target` and returns its path.
    static func write(_ bytes: [UInt8], next target: String, synced: Bool = true) throws -> String {
        try write(next: target, synced: synced) { DescriptorWriter.writeAll(bytes, to: $0) }
    }

    /// Creates `.<name>.linza-<pid>` beside `target`, lets `contents` write to its descriptor
    /// (returning the `errno` that stopped it, if any), syncs it to the disk unless `synced`
    /// is false (`AtomicFile.replace`), and returns its path.
    static func write(next target: String, synced: Bool = true, _ contents: (Int32) -> Int32?) throws -> String {
        removeLeftovers(in: Path.parent(target))
        var info = stat()
        let mode = stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        let temporary = Path.parent(target) + "/." + String(Path.lastComponent(target)) + ".linza-\(getpid())"
        // O_EXCL: never write through whatever is there; a file a killed run left is removed
        // and the name tried once more (in CI containers the process id repeats).
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        if descriptor < 0 && errno == EEXIST && unlink(temporary) == 0 {
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        }
        guard descriptor >= 0 else { throw FileWriteError(path: target, reason: String(cString: strerror(errno))) }
        PendingFile.add(temporary)
        // The new file keeps the old one's owner where Linza may give it (run as root on a
        // user's files); otherwise it is Linza's user's, as any editor's save would be.
        if stat(target, &info) == 0, info.st_uid != geteuid() || info.st_gid != getegid() {
            _ = fchown(descriptor, info.st_uid, info.st_gid)
        }
        if let failure = contents(descriptor) {
            close(descriptor)
            release(temporary, removing: true)
            throw FileWriteError(path: target, reason: String(cString: strerror(failure)))
        }
        // Closed in any case; when synced, the target is replaced only once the data is on disk.
        let isSynced = !synced || fsync(descriptor) == 0
        let syncError = errno
        guard close(descriptor) == 0, isSynced else {
            let reason = String(cString: strerror(isSynced ? errno : syncError))
            release(temporary, removing: true)
            throw FileWriteError(path: target, reason: reason)
        }
        // O_CREAT's mode is reduced by the umask; the target's own permissions win.
        chmod(temporary, mode)
        return temporary
    }

    /// Folders already cleared of other runs' leftovers by this process.
    nonisolated(unsafe) private static var cleared: Set<String> = []
    private static let clearedLock = Lock()

    /// Removes, once per folder and run, the temporary files (`.<name>.linza-<pid>`) a run
    /// that no longer exists left there (killed with SIGKILL, or by a hang-up): no later run
    /// would otherwise take them away. A file of a live process, or of one Linza may not
    /// signal (another user's), is left.
    static func removeLeftovers(in folder: String) {
        guard clearedLock.withLock({ cleared.insert(folder).inserted }) else { return }
        for name in Path.entryNames(in: folder) where name.hasPrefix(".") {
            guard let marker = name.ranges(of: ".linza-").last,
                let pid = Int32(name[marker.upperBound...]), pid > 0, pid != getpid(),
                kill(pid, 0) == -1, errno == ESRCH
            else { continue }
            var info = stat()
            let path = folder + "/" + name
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { unlink(path) }
        }
    }

    /// The test hook for an interruption between writing and renaming: with
    /// `LINZA_TEST_PAUSE_BEFORE_RENAME=N`, writers sleep N seconds there. Debug builds only
    /// (the tests run those): a release binary reads no such variable.
    static func pauseForTests() {
        #if DEBUG
        if let pause = getenv("LINZA_TEST_PAUSE_BEFORE_RENAME").flatMap({ UInt32(String(cString: $0)) }) {
            sleep(pause)
        }
        #endif
    }

    /// The temporary file was renamed into place (or is to be removed): no signal handler
    /// should touch the name any more.
    static func release(_ temporary: String, removing: Bool = false) {
        if removing { unlink(temporary) }
        PendingFile.remove(temporary)
    }
}
