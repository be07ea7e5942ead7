import ArgumentParser
import LinzaBase
import LinzaKit

/// Refuses to rewrite files that git says have uncommitted changes: a refactoring that
/// touches many files is undone with git, which must hold every file as it was before.
enum UncommittedChanges {
    /// Stops the command (exit 2) when one of `paths` has uncommitted changes or is not in
    /// git yet; does nothing outside a git working tree.
    static func refuse(_ files: [String], root: String, paths: DisplayPaths) throws {
        guard !files.isEmpty, let repository = repository(containing: root) else { return }
        let output: [UInt8]
        do {
            output = try Git.run(
                ["-C", repository, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--"] + files)
        } catch {
            Output.error(
                "linza: cannot ask git whether the files have uncommitted changes (\(error.message)); "
                    + "nothing was written (--allow-dirty writes anyway)")
            throw ExitCode(LinzaExitCode.failure)
        }
        // `XY path` records; a rename or copy (X is R or C) is followed by its origin's path.
        var dirty: [String] = []
        var records = output.split(separator: 0, omittingEmptySubsequences: true).makeIterator()
        while let record = records.next() {
            guard record.count > 3 else { continue }
            dirty.append(String(decoding: record.dropFirst(3), as: UTF8.self))
            if record.first == UInt8(ascii: "R") || record.first == UInt8(ascii: "C") { _ = records.next() }
        }
        guard !dirty.isEmpty else { return }
        for path in dirty {
            Output.error(
                "linza: error: \(paths.path(Path.join(repository, path))) has "
                    + "uncommitted changes (or is not in git yet)")
        }
        Output.error(
            "linza: commit or stash them first, so that git can undo this change; nothing was written "
                + "(--allow-dirty writes anyway)")
        throw ExitCode(LinzaExitCode.failure)
    }

    /// The working tree `folder` is in: the nearest folder holding `.git`, or nil.
    private static func repository(containing folder: String) -> String? {
        var current = folder
        while true {
            if Path.kind(Path.join(current, ".git")) != .missing { return current }
            let parent = Path.parent(current)
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
    }
}
