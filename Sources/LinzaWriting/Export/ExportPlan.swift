import LinzaBase
import LinzaTables

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `linza export` will write: new files (or the files of an earlier export it
/// replaces), written in one `FileTransaction`; the files of an earlier bundle the new one
/// no longer has, removed after it; and per language what was exported.
package struct ExportPlan: Sendable {
    /// One exported language.
    package struct Output: Sendable, Hashable {
        package var language: String
        /// The `.xcloc` bundle or `.xliff` file.
        package var path: String
        package var units: Int
        package var tables: Int
    }

    package var changes: [FileTransaction.Change] = []
    /// Files of an earlier export (its `Source Contents`) the new one does not write.
    package var removals: [String] = []
    /// Empty folders the layout has (`Notes/`), made after the transaction.
    package var folders: [String] = []
    package var outputs: [Output] = []
    /// What is not exported and why, a sentence each.
    package var skipped: [String] = []
    /// What the export did other than asked (a missing key left out), a sentence each.
    package var warnings: [String] = []

    package init() {}

    /// Adds a file to write; `replacing` holds the bytes of the earlier export's file at `path`.
    mutating func add(path: String, bytes: [UInt8], replacing previous: [UInt8]?) throws {
        if changes.contains(where: { $0.path == path }) {
            throw TableRefusal(path: path, reason: "two tables would be exported to this one file; nothing was written")
        }
        changes.append(FileTransaction.Change(path: path, original: previous, updated: bytes))
    }

    /// Writes the plan: every file at once, then the earlier export's leftovers removed and
    /// the empty folders made.
    package func apply() throws {
        try FileTransaction.commit(changes)
        for path in removals { unlink(path) }
        for folder in folders { mkdir(folder, 0o755) }
    }

    /// What `--dry-run` prints: each file that would be written, with its size, paths as
    /// `paths` prints them.
    package func listing(paths: DisplayPaths) -> String {
        var text = ""
        for change in changes {
            let verb = change.original == nil ? "create" : change.original == change.updated ? "keep" : "replace"
            text += "\(verb) \(paths.path(change.path)) (\(change.updated.count) bytes)\n"
        }
        for path in removals { text += "remove \(paths.path(path)) (no longer exported)\n" }
        for folder in folders where Path.kind(folder) == .missing {
            text += "create \(paths.path(folder))/\n"
        }
        return text
    }
}
