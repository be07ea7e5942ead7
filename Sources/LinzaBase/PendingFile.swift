#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary files written but not yet renamed into place (a report, the files of a `sync`
/// or `prune` transaction). SIGTERM or SIGINT in that moment (a CI job cancelled, Ctrl-C)
/// removes them before the process ends, so no hidden `.name.linza-PID` file is left next
/// to the user's files.
enum PendingFile {
    /// Paths as C strings in slots allocated once, so that the signal handler only reads
    /// memory and calls `unlink` and `raise`, which are safe in a handler.
    private static let capacity = 4096
    nonisolated(unsafe) private static var slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    private static let lock = Lock()

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
        signal(SIGTERM, handle)
        signal(SIGINT, handle)
        // A parent that spawned Linza from a thread blocking these (test runners do) would
        // hold them back until after the rename.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        return allocated
    }

    private static let handle: @convention(c) (Int32) -> Void = { signalNumber in
        if let slots = PendingFile.slots {
            for index in 0..<PendingFile.capacity { if let path = slots[index] { unlink(path) } }
        }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}
