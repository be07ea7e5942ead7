import LinzaBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Walks a folder tree with `opendir`/`readdir`, depth-first, entries in name order so
/// results are the same on every machine. Symbolic links to folders are not followed
/// (they can form cycles); links to files are reported as files.
package enum DirectoryWalker {
    private enum Kind { case file, directory, link }

    package enum Entry {
        case file(String)
        case directory(String)
        /// A symbolic link that does not lead to a folder (a file, or nothing).
        case link(String)
    }

    /// Calls `visit` for every entry below `root`, with its name (the path's last component,
    /// which callers would otherwise find again). For a folder, `visit` returns whether to
    /// descend into it. Folders that cannot be opened are passed to `failed`.
    package static func walk(_ root: String, visit: (Entry, _ name: String) -> Bool, failed: (String, String) -> Void) {
        var pending = [root]
        while let folder = pending.popLast() {
            guard let stream = opendir(folder) else {
                failed(folder, String(cString: strerror(errno)))
                continue
            }
            var names: [(name: String, kind: Kind)] = []
            while let entry = readdir(stream) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
                }
                if name == "." || name == ".." { continue }
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): names.append((name, .directory))
                case Int32(DT_REG): names.append((name, .file))
                // A link to a file is a file; so is a dangling or looping link, so that reading
                // it reports why (a source or table that cannot be read is never skipped).
                // Links to folders are not followed: they can form cycles.
                case Int32(DT_LNK): if Path.kind(Path.join(folder, name)) != .directory { names.append((name, .link)) }
                default:
                    let path = Path.join(folder, name)
                    switch Path.kind(path) {
                    case .directory: if !isLink(path) { names.append((name, .directory)) }
                    case .file: names.append((name, isLink(path) ? .link : .file))
                    case .missing: break
                    }
                }
            }
            closedir(stream)
            names.sort { $0.0 < $1.0 }
            var subfolders: [String] = []
            for (name, kind) in names {
                let path = Path.join(folder, name)
                switch kind {
                case .directory: if visit(.directory(path), name) { subfolders.append(path) }
                case .file: _ = visit(.file(path), name)
                case .link: _ = visit(.link(path), name)
                }
            }
            // Reversed so that popping visits subfolders in name order.
            pending.append(contentsOf: subfolders.reversed())
        }
    }

    private static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
