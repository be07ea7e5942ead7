#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read.
public struct FileReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "cannot read \(path): \(reason)" }
}

/// Reads whole files into byte arrays with one `read` loop and no Foundation on the path:
/// Linza reads every source file on every build, so this is a hot path.
public enum FileReader {
    /// The file's bytes. Throws `FileReadError` with the system's reason.
    public static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileReadError(path: path, reason: systemReason()) }
        defer { close(descriptor) }

        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileReadError(path: path, reason: systemReason()) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileReadError(path: path, reason: "is a directory")
        }

        // st_size is a hint (files can change while read); grow as needed until EOF.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let result = bytes.withUnsafeMutableBytes { buffer in
                Glue.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: systemReason())
            }
            if result == 0 { break }
            count += result
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

/// Disambiguates the C `read` from `FileReader.read`.
private enum Glue {
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
