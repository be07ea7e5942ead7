#if os(Linux)
import Glibc

/// `linza watch`'s loop: keeps a `TreeWatcher` of the project and answers each run that
/// connects to the cache folder's socket with the signatures it keeps, once it has read
/// the run's cookie (`WatchClient`).
package final class WatchServer {
    package let watcher: TreeWatcher
    private let socketPath: String
    private let listener: Int32
    /// The socket file made, so that only it is removed at the end.
    private let socketInode: UInt64
    private var stopped = false

    /// Watches `root` and listens in `cacheFolder`; fails when another watcher answers
    /// there, or the socket cannot be made.
    package init(root: String, cacheFolder: String) throws(WatchServerError) {
        socketPath = Path.join(cacheFolder, WatchClient.socketName)
        var info = stat()
        if lstat(socketPath, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw WatchServerError("\(socketPath) exists and is not a socket; remove it")
            }
            if let live = UnixSocket.connection(to: socketPath, timeoutMilliseconds: 500) {
                close(live)
                throw WatchServerError("another linza watch serves this project (\(socketPath))")
            }
            // Left by a watcher that was killed.
            unlink(socketPath)
        }
        switch UnixSocket.listener(at: socketPath) {
        case .success(let socket): listener = socket
        case .failure(let error): throw WatchServerError("cannot listen on \(socketPath): \(error.description)")
        }
        chmod(socketPath, 0o600)
        socketInode = lstat(socketPath, &info) == 0 ? UInt64(info.st_ino) : 0
        watcher = TreeWatcher(root: root, cookieFolder: cacheFolder)
        if let failure = watcher.failure {
            stop()
            throw WatchServerError(failure)
        }
    }

    /// Answers runs and follows changes until `shouldStop` says so (asked at least every
    /// quarter second) or the watcher can no longer answer; the reason then.
    package func serve(shouldStop: () -> Bool, answered: (Int) -> Void = { _ in }) -> String? {
        defer { stop() }
        while !shouldStop() {
            if let failure = watcher.failure { return failure }
            var waiting = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watcher.eventDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&waiting, 2, 250) > 0 else { continue }
            if waiting[1].revents != 0 { watcher.readEvents() }
            if waiting[0].revents != 0, let count = answerOne() { answered(count) }
        }
        return nil
    }

    /// Accepts one run and answers it; the number of signatures sent, nil when none were.
    private func answerOne() -> Int? {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return nil }
        defer { close(connection) }
        UnixSocket.setTimeout(connection, milliseconds: 2_000)
        guard let request = UnixSocket.receiveLine(from: connection, limit: 200), request.hasPrefix("sync "),
            case let cookie = String(request.dropFirst(5)),
            cookie.hasPrefix(WatchClient.cookiePrefix), !cookie.contains("/"),
            watcher.sync(cookie: cookie), watcher.failure == nil
        else { return nil }
        guard UnixSocket.sendAll(watcher.reply.header, to: connection),
            UnixSocket.sendAll(watcher.reply.records, to: connection)
        else { return nil }
        return watcher.entries.count
    }

    private func stop() {
        guard !stopped else { return }
        stopped = true
        close(listener)
        var info = stat()
        if lstat(socketPath, &info) == 0, UInt64(info.st_ino) == socketInode { unlink(socketPath) }
    }
}

/// Why `linza watch` cannot watch.
package struct WatchServerError: Error, Sendable {
    package let message: String
    init(_ message: String) { self.message = message }
}
#endif
