#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary file a write has made but not yet renamed into place. SIGTERM or SIGINT
/// in that moment (a CI job cancelled, Ctrl-C) removes it before the process ends, so no
/// hidden `.name.linza-PID` file is left next to the user's file.
enum PendingFile {
    /// The path as a C string, read by the signal handler: only `unlink` and re-raising the
    /// signal happen there, both safe in a handler.
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var installed = false

    static func set(_ temporary: String) {
        if !installed {
            installed = true
            signal(SIGTERM, handle)
            signal(SIGINT, handle)
            // A parent that spawned Linza from a thread blocking these (test runners do)
            // would hold them back until after the rename.
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGTERM)
            sigaddset(&signals, SIGINT)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        }
        path = strdup(temporary)
    }

    static func clear() {
        let previous = path
        path = nil
        free(previous)
    }

    private static let handle: @convention(c) (Int32) -> Void = { signalNumber in
        if let path = PendingFile.path { unlink(path) }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}
