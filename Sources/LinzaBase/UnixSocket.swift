#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few stream-socket calls `linza watch` and its clients make, on a Unix socket path.
package enum UnixSocket {
    #if canImport(Darwin)
    private static let streamType = SOCK_STREAM
    private static let noSignal: Int32 = 0
    #else
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    /// A socket connected to `path`, with `timeoutMilliseconds` for each send and receive;
    /// nil when nothing listens there.
    package static func connection(to path: String, timeoutMilliseconds: Int) -> Int32? {
        let socket = makeSocket()
        guard socket >= 0 else { return nil }
        guard withAddress(of: path, { connect(socket, $0, $1) }) == 0 else {
            close(socket)
            return nil
        }
        setTimeout(socket, milliseconds: timeoutMilliseconds)
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return socket
    }

    /// A socket listening on `path` (which must not exist); nil with the reason otherwise.
    package static func listener(at path: String) -> Result<Int32, SocketError> {
        let socket = makeSocket()
        guard socket >= 0 else { return .failure(SocketError(errno)) }
        guard withAddress(of: path, { bind(socket, $0, $1) }) == 0, listen(socket, 16) == 0 else {
            let error = SocketError(errno)
            close(socket)
            return .failure(error)
        }
        return .success(socket)
    }

    /// Sends all of `bytes`; false when the other side went away or timed out.
    package static func sendAll(_ bytes: [UInt8], to socket: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes {
                send(socket, $0.baseAddress! + sent, bytes.count - sent, noSignal)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Everything the other side sends until it closes; nil past `limit` bytes, on a timeout
    /// or an error.
    package static func receiveAll(from socket: Int32, limit: Int) -> [UInt8]? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress!, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return received }
            received += buffer[..<count]
            guard received.count <= limit else { return nil }
        }
    }

    /// A line of at most `limit` bytes, without its newline; nil without one.
    package static func receiveLine(from socket: Int32, limit: Int) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count <= limit {
            let count = recv(socket, &byte, 1, 0)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }

    package static func setTimeout(_ socket: Int32, milliseconds: Int) {
        var time = timeval(tv_sec: milliseconds / 1_000, tv_usec: .init((milliseconds % 1_000) * 1_000))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    private static func makeSocket() -> Int32 {
        #if canImport(Darwin)
        return socket(AF_UNIX, streamType, 0)
        #else
        return socket(AF_UNIX, streamType | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
    }

    /// Calls `body` with `path` as a socket address. A path longer than an address holds is
    /// reached through the folder opened (`/proc/self/fd/N/name`, Linux only).
    private static func withAddress(
        of path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        var address = sockaddr_un()
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        var spelled = path
        var folder: Int32 = -1
        defer { if folder >= 0 { close(folder) } }
        if path.utf8.count >= capacity {
            #if os(Linux)
            folder = open(Path.parent(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard folder >= 0 else { return -1 }
            spelled = "/proc/self/fd/\(folder)/\(Path.lastComponent(path))"
            #else
            errno = ENAMETOOLONG
            return -1
            #endif
        }
        guard spelled.utf8.count < capacity else {
            errno = ENAMETOOLONG
            return -1
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in spelled.utf8.enumerated() { raw[index] = byte }
            raw[spelled.utf8.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}

/// A socket call's failure, by its `errno`.
package struct SocketError: Error, Sendable {
    package let code: Int32
    init(_ code: Int32) { self.code = code }
    package var description: String { String(cString: strerror(code)) }
}
