/// Files whose bytes are to be read from another file, for the whole process: `lint --staged`
/// checks the project as git's index holds it, and a file whose staged version differs from
/// the working tree is read from a copy of its staged version while every finding, cache
/// record and report still names the working-tree path. Everything that reads a project
/// file's bytes or signature (`FileReader.read`, `FileSignature.of`) goes through here, so
/// no reader can see the working tree's version by mistake.
///
/// Installed once, before the run reads anything; empty (every path read as itself) otherwise.
package enum FileRedirection {
    private static let lock = Lock()
    nonisolated(unsafe) private static var targets: [String: String] = [:]

    /// Reads each key's bytes from its value from now on, in place of any earlier table.
    package static func install(_ redirections: [String: String]) {
        lock.withLock { targets = redirections }
    }

    /// The file to read for `path`: `path` itself unless it is redirected.
    package static func target(of path: String) -> String {
        lock.withLock { targets.isEmpty ? path : targets[path] ?? path }
    }
}
