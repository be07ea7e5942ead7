import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Array where Element: Sendable {
    /// Maps every element on all cores and returns the results in the original order.
    ///
    /// Work is handed out one element at a time, so a few large files do not leave one core
    /// idle while the other finishes its fixed share; and a `concurrentMap` inside another
    /// (the languages of a module, inside the modules) runs on all cores too (see `WorkPool`).
    package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        if count < 2 || ProcessInfoCores.active < 2 { return map(transform) }
        let slots = ResultSlots<Result>(count: count)
        withoutActuallyEscaping(transform) { transform in
            self.withUnsafeBufferPointer { elements in
                let source = UncheckedSendable(elements)
                WorkPool.shared.run(
                    WorkPool.Job(count: count) { index in
                        slots.store(transform(source.value[index]), at: index)
                    })
            }
        }
        return slots.results()
    }
}

/// The threads `concurrentMap` runs on: the caller and one helper per other core.
///
/// `DispatchQueue.concurrentPerform` runs a call made inside another one serially, so a
/// module's languages were checked on one core while the other core, done with the small
/// modules, sat idle (DuckDuckGo iOS: CPU time equal to wall time). Here every job is open to
/// every thread: a caller works on its own job, and while the last of its elements are still
/// running elsewhere it helps with any other open job (the newest first) instead of waiting.
/// A thread waits only when no job has an element left to start, and then only for elements
/// running on other threads, which cannot wait in turn for anything older, so nothing
/// deadlocks.
final class WorkPool: @unchecked Sendable {
    static let shared = WorkPool()

    /// One `concurrentMap` call: its elements are numbered `0..<count`.
    final class Job: @unchecked Sendable {
        let count: Int
        /// Guarded by the pool's mutex, as are `active` and `body`.
        var next = 0
        /// Elements started and not yet finished.
        var active = 0
        /// Cleared before `run` returns, so the closure never outlives the call.
        var body: ((Int) -> Void)?

        init(count: Int, body: @escaping (Int) -> Void) {
            self.count = count
            self.body = body
        }

        var hasWorkLeft: Bool { next < count }
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Jobs whose `run` has not returned, oldest first.
    private var jobs: [Job] = []
    private var helpersStarted = false

    private init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    /// Runs every element of `job`, on this thread and the helpers, and returns when all
    /// have finished.
    func run(_ job: Job) {
        pthread_mutex_lock(mutex)
        if !helpersStarted {
            helpersStarted = true
            for _ in 1..<ProcessInfoCores.active {
                DispatchQueue.global().async { self.help() }
            }
        }
        jobs.append(job)
        pthread_cond_broadcast(condition)
        while true {
            if job.hasWorkLeft {
                perform(job)
            } else if job.active == 0 {
                break
            } else if let other = jobs.last(where: \.hasWorkLeft) {
                perform(other)
            } else {
                pthread_cond_wait(condition, mutex)
            }
        }
        jobs.removeAll { $0 === job }
        job.body = nil
        pthread_mutex_unlock(mutex)
    }

    /// A helper's life: run elements of the newest job that has some left, else wait.
    private func help() {
        pthread_mutex_lock(mutex)
        while true {
            if let job = jobs.last(where: \.hasWorkLeft) {
                perform(job)
            } else {
                pthread_cond_wait(condition, mutex)
            }
        }
    }

    /// Runs the next element of `job`. Called, and returns, with the mutex held.
    private func perform(_ job: Job) {
        let index = job.next
        job.next += 1
        job.active += 1
        pthread_mutex_unlock(mutex)
        Self.call(job, index)
        pthread_mutex_lock(mutex)
        job.active -= 1
        if job.active == 0 && !job.hasWorkLeft { pthread_cond_broadcast(condition) }
    }

    /// Out of line so that the closure is released before the job's count goes down: `run`
    /// clears `body` once the count is zero, and `withoutActuallyEscaping` checks that no
    /// one holds it.
    @inline(never) private static func call(_ job: Job, _ index: Int) {
        job.body?(index)
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

    func store(_ value: consuming Result, at index: Int) {
        storage[index] = Optional(value)
    }

    /// The results, moved out of their slots (which are left empty): a copy would retain
    /// every reference a result holds only for the slots to release it again (6,000 scanned
    /// sources of a monolith, a dozen references each, in every warm run).
    func results() -> [Result] {
        [Result](unsafeUninitializedCapacity: storage.count) { results, initialized in
            for index in storage.indices {
                (results.baseAddress! + index).initialize(to: (storage.baseAddress! + index).move()!)
                (storage.baseAddress! + index).initialize(to: nil)
            }
            initialized = storage.count
        }
    }
}

/// Wraps a value that is safe to share for the duration of a call but is not `Sendable`.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
