#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal mutex over pthread, usable from Swift 6 strict concurrency.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// The number of cores `concurrentMap` spreads work over.
package enum ProcessInfoCores {
    package static let active: Int = {
        let count = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return count > 0 ? count : 1
    }()
}
