import Foundation
import Testing
@testable import LinzaBase

/// `concurrentMap` on the shared `WorkPool`: results in order at any nesting depth, and a
/// map inside another one running on more than one thread (`DispatchQueue.concurrentPerform`
/// ran it serially, which left a core idle on apps with one big module).
@Suite struct ConcurrentMapTests {
    @Test func nestedMapsKeepEveryResultInOrder() {
        let outer: [[[Int]]] = Array(0..<7).concurrentMap { (module: Int) -> [[Int]] in
            Array(0..<13).concurrentMap { (language: Int) -> [Int] in
                Array(0..<5).concurrentMap { (file: Int) -> Int in module * 10_000 + language * 100 + file }
            }
        }
        var expected: [[[Int]]] = []
        for module in 0..<7 {
            expected.append((0..<13).map { language in (0..<5).map { module * 10_000 + language * 100 + $0 } })
        }
        #expect(outer == expected)
        #expect([Int]().concurrentMap { $0 } == [])
        #expect([3].concurrentMap { $0 * 2 } == [6])
    }

    @Test func aMapInsideAnotherRunsOnSeveralThreads() throws {
        try #require(ProcessInfoCores.active >= 2, "needs two cores")
        // The pool's helpers are shared with every other test running at the same time, so
        // one attempt may find them all busy; a serial implementation never gets two threads.
        var most = 0
        for _ in 0..<20 where most < 2 {
            let threads = Lock()
            nonisolated(unsafe) var seen = Set<ObjectIdentifier>()
            // One big module and one that is done at once: the thread that finishes the small
            // one must help with the big one's elements.
            _ = [40, 0].concurrentMap { count in
                Array(0..<count).concurrentMap { _ in
                    usleep(2_000)
                    threads.withLock { _ = seen.insert(ObjectIdentifier(Thread.current)) }
                }
            }
            most = max(most, threads.withLock { seen.count })
        }
        #expect(most >= 2)
    }
}
