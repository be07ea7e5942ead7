#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a file still holds the bytes it was read with, compared a chunk at a time: the
/// writers check each file right before replacing it, and reading a 60 MB String Catalog
/// whole again for that would hold a second copy of it next to the original and the new text.
package enum FileComparison {
    /// How much of the file is read at a time.
    package static let chunkSize = 1 << 20

    /// True when the regular file at `path` (the file `FileRedirection` names for it, as
    /// `FileReader.read` reads it) holds exactly `bytes`; false when it differs, is not a
    /// regular file or cannot be read.
    package static func holds(_ path: String, exactly bytes: [UInt8]) -> Bool {
        let descriptor = open(FileRedirection.target(of: path), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count
        else { return false }
        var chunk = [UInt8](repeating: 0, count: min(chunkSize, max(bytes.count, 1)))
        var offset = 0
        return bytes.withUnsafeBytes { expected in
            while true {
                let result = chunk.withUnsafeMutableBytes { buffer in
                    SystemRead.read(descriptor, buffer.baseAddress!, buffer.count)
                }
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                // The end of the file: it must be the end of `bytes` too (the file may have
                // shrunk or grown since `fstat`).
                if result == 0 { return offset == bytes.count }
                guard offset + result <= bytes.count,
                    chunk.withUnsafeBytes({ memcmp($0.baseAddress!, expected.baseAddress! + offset, result) }) == 0
                else { return false }
                offset += result
            }
        }
    }
}
