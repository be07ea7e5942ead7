#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Adds bytes at the end of a file of Linza's own (the scan cache) instead of writing it
/// anew, only while the file is the one its caller read: a run that changed a few of a
/// cache's thousands of records writes those, not megabytes.
package enum AppendedFile {
    /// Appends `bytes` to the file at `path` if it is still the regular file `expected`
    /// describes: opened without following a link (a link there, or a file put in its
    /// place, is never written through or to) and unchanged since (no other run wrote it).
    /// False when it is not, or when the write failed; a failed write may leave part of
    /// `bytes` at the end, which the caller's format must tell from a whole addition.
    package static func append(_ bytes: [UInt8], to path: String, ifStill expected: FileSignature) -> Bool {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard FileSignature.of(descriptor: descriptor) == expected else { return false }
        return DescriptorWriter.writeAll(bytes, to: descriptor) == nil
    }
}
