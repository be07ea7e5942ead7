#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat(2)` says of a regular file: enough to tell, without reading it, that a file
/// has not changed since it was last read. An edit changes the modification time (and the
/// status-change time, which no tool can set back); a file replaced by a rename (how most
/// editors and `git checkout` write) has another inode.
///
/// A timestamp is only as fine as the file system's clock: a file changed twice within one
/// tick keeps its times. `isRacy(at:)` says when that can have happened, so that the
/// caller checks the content instead (as git does with its index).
package struct FileSignature: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    /// Modification and status-change times, in nanoseconds since 1970.
    package var modified: Int64
    package var changed: Int64

    package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// How close to `now` a file's times must be for a later change in the same tick to go
    /// unseen: two seconds covers the coarsest clocks in use (FAT's; HFS+ and some network
    /// file systems count whole seconds).
    package static let racyWindow: Int64 = 2_000_000_000

    /// The signature of the regular file at `path` (a link is followed, as reading it
    /// would), or of the file `FileRedirection` names for it; nil when it cannot be had or the
    /// path is not a regular file.
    package static func of(_ path: String) -> FileSignature? {
        var info = stat()
        guard stat(FileRedirection.target(of: path), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileSignature(info)
    }

    /// The signature of the folder at `path` (a link is followed): adding, removing or
    /// renaming an entry changes its times, editing a file inside it does not. Nil when it
    /// cannot be had or the path is no folder.
    package static func ofFolder(_ path: String) -> FileSignature? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return FileSignature(info)
    }

    /// The signature of the regular file open as `descriptor`; nil when it is none.
    package static func of(descriptor: Int32) -> FileSignature? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileSignature(info)
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let modified = info.st_mtimespec, changed = info.st_ctimespec
        #else
        let modified = info.st_mtim, changed = info.st_ctim
        #endif
        self.init(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            size: Int64(info.st_size), modified: Self.nanoseconds(modified), changed: Self.nanoseconds(changed))
    }

    /// Whether a change made after `now` (nanoseconds since 1970, a run's start) could leave
    /// this signature as it is: the file's times fall within `racyWindow` of `now`, or after it.
    package func isRacy(at now: Int64) -> Bool {
        max(modified, changed) > now - Self.racyWindow
    }

    /// `hash` (FNV-1a) continued with every field of this signature: records keyed by a
    /// file's signature change when any of them does.
    package func hashed(into hash: UInt64) -> UInt64 {
        // Field by field, not through an array of them: a warm run hashes every table
        // file's signature, and each array was an allocation.
        var hash = StableHash.adding(littleEndian: device, to: hash)
        hash = StableHash.adding(littleEndian: inode, to: hash)
        hash = StableHash.adding(littleEndian: UInt64(bitPattern: size), to: hash)
        hash = StableHash.adding(littleEndian: UInt64(bitPattern: modified), to: hash)
        return StableHash.adding(littleEndian: UInt64(bitPattern: changed), to: hash)
    }

    /// The wall clock, in nanoseconds since 1970: what file times are compared with.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return nanoseconds(time)
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
