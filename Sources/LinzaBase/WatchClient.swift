#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A run's side of `linza watch`: asks the watcher serving the cache folder for the
/// signatures it keeps (`WatchedSignatures`). Nil, and the run `stat`s every file as
/// before, when no watcher serves the folder or it does not answer in time.
package enum WatchClient {
    /// The socket a watcher listens on, in the project's cache folder.
    package static let socketName = "watch.socket"
    /// How cookie files are named: a hidden name, so that a cache folder inside the project
    /// never shows one to the watcher's tree.
    package static let cookiePrefix = ".watch-cookie-"

    /// The watcher's signatures, no older than this call: the call leaves a cookie file in
    /// `cacheFolder` and the watcher answers once it has read that file's creation, so every
    /// change made before it is known (`TreeWatcher.sync(cookie:)`). A watcher answers in a
    /// few milliseconds; one that says nothing for `timeoutMilliseconds` (stopped with
    /// Ctrl-Z, listing a huge tree again) costs each run no more than that.
    package static func signatures(cacheFolder: String, timeoutMilliseconds: Int = 300) -> WatchedSignatures? {
        let socketPath = Path.join(cacheFolder, socketName)
        var info = stat()
        // Only a socket of this user's: a cache folder inside a repository could hold a link
        // to another program's socket.
        guard lstat(socketPath, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK, info.st_uid == getuid() else {
            return nil
        }
        let cookie = cookiePrefix + "\(getpid())-\(FileSignature.now())"
        let cookiePath = Path.join(cacheFolder, cookie)
        let made = open(cookiePath, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard made >= 0 else { return nil }
        close(made)
        defer { unlink(cookiePath) }
        guard let connection = UnixSocket.connection(to: socketPath, timeoutMilliseconds: timeoutMilliseconds) else {
            return nil
        }
        defer { close(connection) }
        guard UnixSocket.sendAll(Array("sync \(cookie)\n".utf8), to: connection),
            let reply = UnixSocket.receiveAll(from: connection, limit: 1 << 30)
        else { return nil }
        return WatchedSignatures(decoding: reply[...])
    }
}
