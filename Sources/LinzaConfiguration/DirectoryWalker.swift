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

    /// What a walk read, for a caller that records its outcome (`DiscoveryRecord`): each
    /// folder with its signature, taken before the folder was opened (a change from then
    /// on gives it other times), and each path whose kind its folder's list did not give.
    package struct Trace: Sendable {
        package var folders: [(path: String, signature: FileSignature)] = []
        /// A link's kind is its target's, and an entry of unknown type was `stat`'ed: either
        /// can change while every folder's times stay as they are, so each is kept as it was
        /// resolved (with the roots a link's target is checked against, `FileDiscovery`).
        package var resolved: [ResolvedPath] = []
        /// False when a folder had no signature: nothing can tell whether it changed.
        package var isComplete = true
        /// How a folder's signature is had: `FileSignature.ofFolder`, or another clock in tests.
        package let signature: @Sendable (String) -> FileSignature?

        package init(signature: @escaping @Sendable (String) -> FileSignature? = FileSignature.ofFolder) {
            self.signature = signature
        }

        /// Adds `folder` with its `signature`, had before it was read (incomplete without one).
        mutating func add(_ folder: String, signature: FileSignature?) {
            if let signature { folders.append((folder, signature)) } else { isComplete = false }
        }
    }

    /// `walk(_:trace:visit:failed:)` without a trace.
    package static func walk(_ root: String, visit: (Entry, _ name: String) -> Bool, failed: (String, String) -> Void) {
        var trace: Trace?
        walk(root, trace: &trace, visit: visit, failed: failed)
    }

    /// Calls `visit` for every entry below `root`, with its name (the path's last component,
    /// which callers would otherwise find again). For a folder, `visit` returns whether to
    /// descend into it. Folders that cannot be opened are passed to `failed`. With a
    /// `trace`, says there what was read.
    package static func walk(
        _ root: String, trace: inout Trace?, visit: (Entry, _ name: String) -> Bool, failed: (String, String) -> Void
    ) {
        var pending = [root]
        while let folder = pending.popLast() {
            let signature = trace?.signature(folder)
            trace?.add(folder, signature: signature)
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
                case Int32(DT_LNK):
                    trace?.resolved.append(ResolvedPath(Path.join(folder, name)))
                    if Path.kind(Path.join(folder, name)) != .directory { names.append((name, .link)) }
                default:
                    let path = Path.join(folder, name)
                    trace?.resolved.append(ResolvedPath(path))
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

/// A path as `stat`, `lstat` and `realpath` see it: what the walk and the discovery of a
/// link decide by, resolved before they decide (a change after that resolves otherwise).
package struct ResolvedPath: Equatable, Sendable {
    package var path: String
    package var kind: Path.Kind
    package var isLink: Bool
    package var real: String?

    package init(path: String, kind: Path.Kind, isLink: Bool, real: String?) {
        self.path = path
        self.kind = kind
        self.isLink = isLink
        self.real = real
    }

    /// `path` as it resolves now.
    package init(_ path: String) {
        var info = stat()
        self.init(
            path: path, kind: Path.kind(path), isLink: lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK,
            real: Path.real(path))
    }
}
