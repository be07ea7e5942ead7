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
package enum InPlaceFile {
    /// Creates or truncates `path` (and its missing parent folders) and writes `text`.
    package static func write(_ text: String, to path: String) throws {
        try stream(to: path) { $0.write(text) }
    }

    /// Creates or truncates `path` (and its missing parent folders) and writes what
    /// `produce` writes, a buffer at a time.
    package static func stream(to path: String, _ produce: (inout TextOutput) -> Void) throws {
        try AtomicFile.createFolder(Path.parent(path))
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
        var output = TextOutput { DescriptorWriter.writeAll($0, to: descriptor) }
        produce(&output)
        let failure = output.finish()
        let closed = close(descriptor) == 0
        if let failure { throw FileWriteError(path: path, reason: String(cString: strerror(failure))) }
        guard closed else { throw FileWriteError(path: path, reason: String(cString: strerror(errno))) }
    }
}
