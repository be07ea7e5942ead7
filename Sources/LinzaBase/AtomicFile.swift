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
package enum AtomicFile {
    /// Writes `text` to `path`, creating its missing parent folders (a report often goes
    /// into a build folder that does not exist yet). A symbolic link stays a link: its
    /// target is replaced. A target that is not a regular file (`/dev/stdout`, a named
    /// pipe) is written in place, never replaced.
    package static func write(_ text: String, to path: String) throws {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            return try InPlaceFile.write(text, to: path)
        }
        try write(Array(text.utf8), to: path)
    }

    /// Writes what `produce` writes to `path`, a buffer at a time, with `write(_:to:)`'s
    /// guarantees: the old file stays whole until the new one is complete and on disk.
    package static func stream(to path: String, _ produce: (inout TextOutput) -> Void) throws {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            return try InPlaceFile.stream(to: path, produce)
        }
        let target = resolvingLinks(path)
        try createFolder(Path.parent(target))
        let temporary = try TemporaryFile.write(next: target) { descriptor in
            var output = TextOutput { DescriptorWriter.writeAll($0, to: descriptor) }
            produce(&output)
            return output.finish()
        }
        try rename(temporary, over: target, reportedAs: path)
    }

    /// Writes `bytes` to the regular file (or the file a link names) at `path`, creating its
    /// missing parent folders.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        let target = resolvingLinks(path)
        try createFolder(Path.parent(target))
        let temporary = try TemporaryFile.write(bytes, next: target)
        try rename(temporary, over: target, reportedAs: path)
    }

    /// Writes a file of Linza's own (the scan cache and its notes) at `path` without following
    /// a link: a link there is replaced by the new file, never written through (a committed
    /// link in a CI cache folder must not lead a write anywhere), and anything other than a
    /// regular file or a link is left alone, as an error. Without `synced`, the new bytes may
    /// still be on their way to the disk when the name is replaced: for a file whose loss
    /// costs only time (the scan cache, checksummed and rebuilt when damaged).
    package static func replace(_ bytes: [UInt8], at path: String, synced: Bool = true) throws {
        var info = stat()
        if lstat(path, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFREG || kind == S_IFLNK else {
                throw FileWriteError(path: path, reason: "not a regular file; Linza leaves it alone")
            }
        }
        try createFolder(Path.parent(path))
        let temporary = try TemporaryFile.write(bytes, next: path, synced: synced)
        try rename(temporary, over: path, reportedAs: path)
    }

    private static func rename(_ temporary: String, over target: String, reportedAs path: String) throws {
        TemporaryFile.pauseForTests()
        let renamed = systemRename(temporary, target) == 0
        let reason = String(cString: strerror(errno))
        TemporaryFile.release(temporary, removing: !renamed)
        if !renamed { throw FileWriteError(path: path, reason: reason) }
    }

    private static func systemRename(_ from: String, _ to: String) -> Int32 {
        #if canImport(Darwin)
        Darwin.rename(from, to)
        #elseif canImport(Musl)
        Musl.rename(from, to)
        #else
        Glibc.rename(from, to)
        #endif
    }

    /// The file `path` names after following symbolic links, also a link to a file that
    /// does not exist yet; `path` itself when it is no link.
    package static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<32 {  // the kernel's own limit is about as deep (ELOOP)
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : Path.parent(current) + "/" + destination
        }
        return current
    }

    /// `mkdir -p`, each folder it creates with `mode` (less the umask).
    package static func createFolder(_ folder: String, mode: mode_t = 0o755) throws {
        if Path.kind(folder) == .directory || folder == "/" || folder.isEmpty { return }
        try createFolder(Path.parent(folder), mode: mode)
        guard mkdir(folder, mode) == 0 || errno == EEXIST else {
            throw FileWriteError(path: folder, reason: String(cString: strerror(errno)))
        }
    }
}
