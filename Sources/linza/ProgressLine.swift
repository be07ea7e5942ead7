import Dispatch
import LinzaKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A line on standard error saying that Linza is still at work, for a person at a terminal
/// who would otherwise wonder whether a git hook hangs: shown only when standard error is a
/// terminal and the run has taken longer than a second, and erased when the run ends, so a
/// fast run, a pipe and a CI log never see it.
final class ProgressLine: @unchecked Sendable {
    private let lock = Lock()
    private var shown = false
    private var finished = false

    /// Shows `message` after `delay` seconds unless `finish` is called first.
    init(_ message: String, after delay: Double = 1) {
        guard isatty(STDERR_FILENO) == 1, Environment.values["TERM"] != "dumb" else {
            finished = true
            return
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            lock.withLock {
                guard !finished else { return }
                shown = true
                _ = DescriptorWriter.writeAll(Array((message + "…").utf8), to: STDERR_FILENO)
            }
        }
    }

    /// Erases the line if it was shown; nothing is shown after this.
    func finish() {
        lock.withLock {
            if shown { _ = DescriptorWriter.writeAll(Array("\r\u{1B}[K".utf8), to: STDERR_FILENO) }
            shown = false
            finished = true
        }
    }
}
