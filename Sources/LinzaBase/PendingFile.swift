#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary files written but not yet renamed into place (a report, the files of a `sync`
/// or `prune` transaction). SIGTERM, SIGINT or SIGHUP in that moment (a CI job cancelled,
/// Ctrl-C, a closed terminal) removes them before the process ends, so no hidden
/// `.name.linza-PID` file is left next to the user's files. While a transaction renames its
/// files in (`deferringSignals`), those signals wait until it has finished or rolled back,
/// so that they never leave some files new and others old.
package enum PendingFile {
    /// Paths as C strings in slots allocated once, so that the signal handler only reads
    /// memory and calls `unlink` and `raise`, which are safe in a handler.
    private static let capacity = 4096
    nonisolated(unsafe) private static var slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    private static let lock = Lock()
    /// Two words the handler shares with `deferringSignals`: [0] is non-zero while it runs,
    /// [1] the signal that arrived meanwhile. Plain aligned 32-bit words, as C's
    /// `sig_atomic_t` is (`Synchronization.Atomic` needs macOS 15); the handler checks
    /// the first again after storing the second, which covers the moment they change.
    nonisolated(unsafe) private static let flags: UnsafeMutablePointer<Int32> = {
        let flags = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        flags.initialize(repeating: 0, count: 2)
        return flags
    }()
    /// The signals that end a run and that Linza cleans up after.
    private static let handledSignals = [SIGTERM, SIGINT, SIGHUP]

    /// Whether a signal arrived during `deferringSignals` (for the test hooks' pauses, which
    /// the signal may not interrupt when another thread took it).
    static var hasDeferredSignal: Bool { flags[1] != 0 }

    /// Runs `body` (a transaction's renames and their undoing) with SIGTERM, SIGINT and
    /// SIGHUP held back: one that arrives meanwhile takes effect, as it would have, right
    /// after `body` returns or throws. A flag rather than a signal mask, because the signal
    /// may be delivered to any of the process's threads.
    package static func deferringSignals<T>(_ body: () throws -> T) rethrows -> T {
        lock.withLock { _ = installedSlots() }
        flags[0] = 1
        defer {
            flags[0] = 0
            let signalNumber = flags[1]
            flags[1] = 0
            if signalNumber != 0 { end(signalNumber) }
        }
        return try body()
    }

    /// Removes `temporary` if the process is interrupted before `remove(temporary)`. Beyond
    /// the capacity a file is not registered (it is then only removed on the failures Linza sees).
    static func add(_ temporary: String) {
        lock.withLock {
            let slots = installedSlots()
            guard let free = (0..<capacity).first(where: { slots[$0] == nil }) else { return }
            slots[free] = strdup(temporary)
        }
    }

    static func remove(_ temporary: String) {
        lock.withLock {
            guard let slots else { return }
            for index in 0..<capacity {
                if let path = slots[index], String(cString: path) == temporary {
                    slots[index] = nil
                    free(path)
                    return
                }
            }
        }
    }

    private static func installedSlots() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        if let slots { return slots }
        let allocated = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        allocated.initialize(repeating: nil, count: capacity)
        slots = allocated
        // Touched before any handler can run: a signal handler must not initialise globals.
        _ = flags
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in handledSignals {
            signal(signalNumber, handle)
            sigaddset(&signals, signalNumber)
        }
        // A parent that spawned Linza from a thread blocking these (test runners do) would
        // hold them back until after the rename.
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        return allocated
    }

    private static let handle: @convention(c) (Int32) -> Void = { signalNumber in
        let flags = PendingFile.flags
        if flags[0] != 0 {
            flags[1] = signalNumber
            // Checked again: `deferringSignals` may have ended between the two accesses.
            if flags[0] != 0 { return }
        }
        PendingFile.end(signalNumber)
    }

    /// Removes the pending temporary files and ends the process by `signalNumber`, as the
    /// signal itself would have. Only calls that are safe in a signal handler.
    private static func end(_ signalNumber: Int32) {
        if let slots = PendingFile.slots {
            for index in 0..<PendingFile.capacity { if let path = slots[index] { unlink(path) } }
        }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}
