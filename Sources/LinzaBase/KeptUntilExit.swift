/// Values a command-line run keeps until the process exits instead of freeing them once
/// used: the system takes the memory back at exit anyway, and freeing a warm run's scans,
/// table lists and cache one object at a time took a twentieth of its instructions, on one
/// core, after the checks. Off unless the command-line tool turns it on (`enable()`): a
/// library caller, or a test, frees as usual.
package enum KeptUntilExit {
    private static let kept = KeptValues()

    /// From now on, `keep` keeps what it is given until the process exits.
    package static func enable() { kept.enable() }

    /// Keeps `value` (and so everything it holds) alive until the process exits, when
    /// enabled; else does nothing.
    package static func keep(_ value: Any) { kept.keep(value) }
}

/// What `KeptUntilExit` keeps: nothing until enabled, then every value given.
package final class KeptValues: @unchecked Sendable {
    private let lock = Lock()
    private var isEnabled = false
    private var values: [Any] = []

    package init() {}

    package func enable() { lock.withLock { isEnabled = true } }

    package func keep(_ value: Any) {
        lock.withLock { if isEnabled { values.append(value) } }
    }
}
