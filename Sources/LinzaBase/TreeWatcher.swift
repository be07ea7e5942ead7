#if os(Linux)
import Glibc

/// Keeps, with inotify, the signature of every regular file and folder below a root as
/// `stat` gives it now, so that `linza watch` can answer a run's thousands of `stat`s at
/// once (`WatchedSignatures`).
///
/// Exact by construction: a folder is watched before it is listed, so an entry made while
/// it is listed is either listed or reported; a path is `lstat`'ed again after each event
/// about it (and its folder after each event in it, since entries added, removed or renamed
/// change the folder's times); a full event queue makes the watcher list the whole tree
/// again. `sync(cookie:)` waits until the watcher has read every event made before a
/// run's cookie file, so what it answers is no older than the run.
///
/// Left out, so that a run `stat`s them itself: hidden entries (`.git`, `.build`), links
/// (their targets change without an event here), files with other hard links (changed
/// through another name without one), and anything outside the root. What inotify cannot
/// tell a folder's watch is not seen: a file of the tree given a second name outside it
/// (`ln`) and written through that name, a write through `mmap`, a change made by another
/// machine on a network file system.
package final class TreeWatcher {
    package let root: String
    /// The folder runs put their cookies in, watched for new entries only.
    private let cookieFolder: String
    private var descriptor: Int32 = -1
    private var cookieWatch: Int32 = -1
    private var folderOfWatch: [Int32: String] = [:]
    private var watchOfFolder: [String: Int32] = [:]
    /// Every file and folder answered for, by path.
    package private(set) var entries: [String: WatchedSignatures.Entry] = [:]
    /// The same, as the reply to a run.
    package private(set) var reply = EncodedReply()
    /// Each regular file answered for, by its device and inode.
    private var pathOfFile: [FileIdentity: String] = [:]
    /// How many times the whole tree was listed: once at the start, again after each
    /// overflow of the event queue.
    package private(set) var listings = 0
    /// Why the watcher cannot answer (a watch refused, the root gone); nil while it can.
    package private(set) var failure: String?
    private var cookiesSeen: Set<String> = []

    private static let folderEvents = UInt32(
        IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW)

    /// Starts watching `root` (the project's folder) and `cookieFolder` (its cache folder),
    /// and lists the tree.
    package init(root: String, cookieFolder: String) {
        self.root = root
        self.cookieFolder = cookieFolder
        start()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The inotify descriptor, readable when events wait (for `poll`).
    package var eventDescriptor: Int32 { descriptor }

    /// Reads the events waiting, without blocking.
    package func readEvents() {
        _ = drain(until: nil, timeoutMilliseconds: 0)
    }

    /// Reads events until the creation of `cookie` in the cookie folder has been read, so
    /// that every change made before the cookie is known; false when it was not seen
    /// within `timeoutMilliseconds`.
    package func sync(cookie: String, timeoutMilliseconds: Int32 = 2_000) -> Bool {
        drain(until: cookie, timeoutMilliseconds: timeoutMilliseconds)
    }

    private func start() {
        if descriptor >= 0 { close(descriptor) }
        folderOfWatch = [:]
        watchOfFolder = [:]
        entries = [:]
        reply = EncodedReply()
        pathOfFile = [:]
        failure = nil
        listings += 1
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else {
            failure = "cannot start inotify: \(String(cString: strerror(errno)))"
            return
        }
        cookieWatch = inotify_add_watch(
            descriptor, cookieFolder, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR | IN_DONT_FOLLOW))
        guard cookieWatch >= 0 else {
            failure = "cannot watch \(cookieFolder): \(String(cString: strerror(errno)))"
            return
        }
        addTree(root)
        if entries[root]?.isFolder != true, failure == nil { failure = "\(root) is not a folder" }
    }

    private func drain(until cookie: String?, timeoutMilliseconds: Int32) -> Bool {
        if let cookie, cookiesSeen.remove(cookie) != nil { return true }
        let size = 65_536
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        var waited: Int32 = 0
        while true {
            let count = read(descriptor, buffer, size)
            if count > 0 {
                if handle(buffer, count: count) {
                    // The queue overflowed: the tree was listed again, newer than any cookie.
                    cookiesSeen = []
                    return true
                }
                if let cookie, cookiesSeen.remove(cookie) != nil { return true }
                continue
            }
            if count < 0 && errno == EINTR { continue }
            // Nothing waits (EAGAIN), or the descriptor failed.
            guard cookie != nil, count < 0, errno == EAGAIN, waited < timeoutMilliseconds else { return cookie == nil }
            var readable = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&readable, 1, 50)
            waited += 50
        }
    }

    /// Handles the events in `buffer`; true when the queue had overflowed and the tree was
    /// listed again.
    private func handle(_ buffer: UnsafeMutableRawPointer, count: Int) -> Bool {
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
            let nameStart = buffer.advanced(by: offset + header).assumingMemoryBound(to: CChar.self)
            let name = event.len > 0 ? String(cString: nameStart) : ""
            offset += header + Int(event.len)
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                start()
                return true
            }
            if event.wd == cookieWatch && event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                // A cookie never asked for (its run was killed) is not kept for ever.
                if cookiesSeen.count > 1_000 { cookiesSeen = [] }
                cookiesSeen.insert(name)
            }
            guard let folder = folderOfWatch[event.wd] else { continue }
            if event.mask & UInt32(IN_IGNORED) != 0 {
                forgetWatch(event.wd, of: folder)
                continue
            }
            if name.isEmpty {
                // About the folder itself: its times or its place changed.
                if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    if folder == root {
                        failure = "the project folder \(root) was moved or removed"
                    }
                    removeTree(folder)
                } else {
                    refresh(folder)
                }
                continue
            }
            refresh(folder)
            if name.hasPrefix(".") { continue }
            let path = Path.join(folder, name)
            let isFolder = event.mask & UInt32(IN_ISDIR) != 0
            if isFolder && event.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                removeTree(path)
            } else if isFolder && event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                addTree(path)
            } else {
                refresh(path)
            }
        }
        return false
    }

    /// Watches `top` and every folder below it (watch first, then list), and takes the
    /// signature of everything in them.
    private func addTree(_ top: String) {
        var pending = [top]
        while let folder = pending.popLast() {
            let watch = inotify_add_watch(descriptor, folder, Self.folderEvents)
            guard watch >= 0 else {
                // Gone already (its removal is reported), or not a folder: nothing to watch.
                if errno == ENOENT || errno == ENOTDIR { continue }
                failure =
                    errno == ENOSPC
                    ? "too many folders to watch; raise fs.inotify.max_user_watches (sysctl)"
                    : "cannot watch \(folder): \(String(cString: strerror(errno)))"
                continue
            }
            if let earlier = folderOfWatch[watch], earlier != folder { watchOfFolder[earlier] = nil }
            folderOfWatch[watch] = folder
            watchOfFolder[folder] = watch
            refresh(folder)
            guard let stream = opendir(folder) else { continue }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
                }
                if name.hasPrefix(".") { continue }
                let path = Path.join(folder, name)
                let kind = Int32(entry.pointee.d_type)
                if kind == Int32(DT_DIR) || (kind == Int32(DT_UNKNOWN) && refresh(path) == true) {
                    pending.append(path)
                } else {
                    refresh(path)
                }
            }
        }
    }

    /// Forgets `top` and everything below it, and stops watching its folders.
    private func removeTree(_ top: String) {
        let prefix = top + "/"
        for path in entries.keys where path == top || path.hasPrefix(prefix) { forget(path) }
        for (folder, watch) in watchOfFolder where folder == top || folder.hasPrefix(prefix) {
            inotify_rm_watch(descriptor, watch)
            forgetWatch(watch, of: folder)
        }
    }

    private func forgetWatch(_ watch: Int32, of folder: String) {
        folderOfWatch[watch] = nil
        if watchOfFolder[folder] == watch { watchOfFolder[folder] = nil }
    }

    /// Takes `path`'s signature again: kept for a folder or a regular file with one name,
    /// forgotten for anything else. Returns whether it is a folder (nil: gone).
    @discardableResult
    private func refresh(_ path: String) -> Bool? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            forget(path)
            return nil
        }
        let kind = info.st_mode & S_IFMT
        let signature = FileSignature(info)
        if kind == S_IFDIR || (kind == S_IFREG && info.st_nlink == 1) {
            let entry = WatchedSignatures.Entry(signature: signature, isFolder: kind == S_IFDIR)
            if let earlier = entries.updateValue(entry, forKey: path) {
                if earlier == entry { return kind == S_IFDIR }
                let identity = FileIdentity(earlier.signature)
                if !earlier.isFolder, pathOfFile[identity] == path { pathOfFile[identity] = nil }
            }
            reply.set(path, entry)
            if kind == S_IFREG { pathOfFile[FileIdentity(signature)] = path }
        } else {
            forget(path)
            // A second name for a file of the tree: the file changes through either name,
            // and an event names only the folder of the name used, so neither is answered.
            if kind == S_IFREG, let other = pathOfFile[FileIdentity(signature)] { forget(other) }
        }
        return kind == S_IFDIR
    }

    private func forget(_ path: String) {
        guard let entry = entries.removeValue(forKey: path) else { return }
        reply.remove(path)
        let identity = FileIdentity(entry.signature)
        if !entry.isFolder, pathOfFile[identity] == path { pathOfFile[identity] = nil }
    }
}
/// A file's device and inode: what its hard links share.
private struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ signature: FileSignature) {
        device = signature.device
        inode = signature.inode
    }
}
#endif
