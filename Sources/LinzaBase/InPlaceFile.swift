#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file in place rather than through a temporary file, where `AtomicFile` cannot
/// be used: a build system's output stamp (a sandboxed Xcode build phase may write only the
/// outputs it declares, not a temporary file next to one; only the stamp's time matters)
/// and targets that are not regular files (`--output /dev/stdout`, a named pipe), which a
/// rename would replace.
public enum InPlaceFile {
    /// Creates or truncates `path` (and its missing parent folders) and writes `text`.
    public static func write(_ text: String, to path: String) throws {
        try AtomicFile.createFolder(Path.parent(path))
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
        let failure = DescriptorWriter.writeAll(Array(text.utf8), to: descriptor)
        let closed = close(descriptor) == 0
        if let failure { throw FileReadError(path: path, reason: String(cString: strerror(failure))) }
        guard closed else { throw FileReadError(path: path, reason: String(cString: strerror(errno))) }
    }
}
