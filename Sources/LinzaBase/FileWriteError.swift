/// Why a file could not be written: said as a write, never as a read (a full disk under
/// `--archive /dev/full` is "cannot write", not "cannot read").
package struct FileWriteError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "cannot write \(path): \(reason)" }

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
