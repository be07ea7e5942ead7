#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read.
package struct FileReadError: PathNamingError, Hashable, Sendable {
    package var path: String
    package var reason: String

    package func description(paths: DisplayPaths) -> String { "cannot read \(paths.path(path)): \(reason)" }
}

/// Reads whole files into byte arrays with one `read` loop and no Foundation on the path:
/// Linza reads every source file on every build, so this is a hot path.
///
/// Only regular files are read, and only up to `maximumSize`: a repository can hold a FIFO
/// (reading it would block forever) or a link to `/dev/zero` (reading it would fill memory)
/// named like a table, and Linza runs on CI machines for every pull request.
package enum FileReader {
    /// The largest file Linza reads (the largest real String Catalogs are tens of MB).
    package static let maximumSize = 256 << 20

    /// The file's bytes (the bytes of the file `FileRedirection` names for it, if any).
    /// Throws `FileReadError` with the system's reason.
    package static func read(_ path: String) throws -> [UInt8] {
        try read(path, maximumSize: maximumSize)
    }

    /// `read(_:)` with another limit than `maximumSize` (a scan cache's, relative to the project).
    package static func read(_ path: String, maximumSize: Int) throws -> [UInt8] {
        // Non-blocking, so that opening a FIFO returns at once instead of waiting for a writer.
        let descriptor = open(FileRedirection.target(of: path), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: systemReason()) }
        defer { close(descriptor) }

        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileReadError(path: path, reason: systemReason()) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileReadError(path: path, reason: "is a directory")
        case S_IFIFO: throw FileReadError(path: path, reason: "is a FIFO, not a regular file")
        case S_IFCHR, S_IFBLK: throw FileReadError(path: path, reason: "is a device, not a regular file")
        default: throw FileReadError(path: path, reason: "is not a regular file")
        }
        guard Int(info.st_size) <= maximumSize else { throw tooLarge(path, maximumSize) }

        // st_size is a hint (files can change while read); grow as needed until EOF.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let result = bytes.withUnsafeMutableBytes { buffer in
                SystemRead.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: systemReason())
            }
            if result == 0 { break }
            count += result
            // The file grew while being read.
            if count > maximumSize { throw tooLarge(path, maximumSize) }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    private static func tooLarge(_ path: String, _ limit: Int) -> FileReadError {
        FileReadError(path: path, reason: "is larger than \(limit >> 20) MiB, the most Linza reads")
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

/// The C `read`, told apart from the module's own `read` functions (`FileReader.read`),
/// for the readers of this module.
enum SystemRead {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(descriptor, buffer, count)
        #else
        return Glibc.read(descriptor, buffer, count)
        #endif
    }
}
