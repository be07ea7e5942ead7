#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files all at once or not at all: into a temporary file in the same folder, then
/// `rename(2)` over the target, so a reader never sees half a file and a failure leaves
/// the old one intact.
public enum AtomicFile {
    /// Writes `text` to `path`, creating its missing parent folders (a report or stamp often
    /// goes into a build folder that does not exist yet).
    public static func write(_ text: String, to path: String) throws {
        try createFolder(Path.parent(path))
        let temporary = Path.parent(path) + "/." + String(Path.lastComponent(path)) + ".linza-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        if let failure = DescriptorWriter.writeAll(Array(text.utf8), to: descriptor) {
            close(descriptor)
            unlink(temporary)
            throw FileReadError(path: path, reason: String(cString: strerror(failure)))
        }
        // Closed in any case; the target is replaced only when the data is on disk.
        let synced = fsync(descriptor) == 0
        let syncError = errno
        guard close(descriptor) == 0, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(synced ? errno : syncError))
            unlink(temporary)
            throw FileReadError(path: path, reason: reason)
        }
    }

    /// `mkdir -p`.
    private static func createFolder(_ folder: String) throws {
        if Path.kind(folder) == .directory || folder == "/" || folder.isEmpty { return }
        try createFolder(Path.parent(folder))
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
            throw FileReadError(path: folder, reason: String(cString: strerror(errno)))
        }
    }
}
