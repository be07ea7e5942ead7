import Dispatch

extension Array where Element: Sendable {
    /// Maps every element on all cores and returns the results in the original order.
    ///
    /// Work is handed out one element at a time from a shared counter, so a few large files
    /// do not leave one core idle while the other finishes its fixed share.
    public func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        if count < 2 { return map(transform) }
        let slots = ResultSlots<Result>(count: count)
        let cursor = AtomicCounter()
        let workers = Swift.min(count, ProcessInfoCores.active)
        self.withUnsafeBufferPointer { elements in
            let source = UncheckedSendable(elements)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let index = cursor.next()
                    if index >= source.value.count { break }
                    slots.store(transform(source.value[index]), at: index)
                }
            }
        }
        return slots.results()
    }
}

/// Write-once result storage shared by the workers of `concurrentMap`; each index is written
/// by exactly one worker, and read only after all workers have finished.
///
/// A buffer allocated once, not an array: workers writing into one array would each
/// mutate the array value itself, a data race even when their indices differ.
private final class ResultSlots<Result>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func store(_ value: Result, at index: Int) {
        storage[index] = value
    }

    func results() -> [Result] {
        storage.map { $0! }
    }
}

/// A lock-protected counter; contention is negligible next to the per-file work it hands out.
private final class AtomicCounter: @unchecked Sendable {
    private var value = 0
    private let lock = Lock()

    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}

/// Wraps a value that is safe to share for the duration of a call but is not `Sendable`.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
