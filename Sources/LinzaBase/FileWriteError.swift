/// Why a file could not be written: said as a write, never as a read (a full disk under
/// `--archive /dev/full` is "cannot write", not "cannot read").
package struct FileWriteError: PathNamingError, Sendable {
    package var path: String
    package var reason: String
    package func description(paths: DisplayPaths) -> String { "cannot write \(paths.path(path)): \(reason)" }

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
