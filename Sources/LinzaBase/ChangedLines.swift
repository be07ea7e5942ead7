/// The lines a change (a pull request, or the commits since `--changed-since`) adds or
/// rewrites, per file, from `git diff --unified=0`: the reports that cannot show every
/// finding (GitHub shows 10 error annotations per step) show the ones on these lines first.
///
/// Only lines of the new version count: a change that only deletes lines changes no line
/// that is still there, and a renamed file counts only the lines its diff shows.
package struct ChangedLines: Equatable, Sendable {
    /// Absolute path → the line ranges of its current version that the change adds or rewrites.
    package var ranges: [String: [Range<Int>]] = [:]
    /// Absolute paths of changed files git shows no lines of (binary to git: a UTF-16
    /// `.strings` file, a binary property list): every line of them counts as changed.
    package var wholeFiles: Set<String> = []

    package init(ranges: [String: [Range<Int>]] = [:], wholeFiles: Set<String> = []) {
        self.ranges = ranges
        self.wholeFiles = wholeFiles
    }

    /// The changed lines of `diff`, whose paths are relative to `repository` (an absolute path).
    package init(diff: [UInt8], repository: String) {
        for file in GitDiff.files(diff) {
            guard let path = file.path else { continue }
            let absolute = Path.join(repository, path)
            if file.isBinary {
                wholeFiles.insert(absolute)
                continue
            }
            let added = file.hunks.map(\.newLines).filter { !$0.isEmpty }
            if !added.isEmpty { ranges[absolute, default: []] += added }
        }
    }

    /// Whether the change adds or rewrites the line of `location`.
    package func contains(_ location: Location) -> Bool {
        if wholeFiles.contains(location.file) { return true }
        return ranges[location.file]?.contains { $0.contains(location.line) } ?? false
    }

    /// How many files the change touches lines of.
    package var fileCount: Int {
        Set(ranges.keys).union(wholeFiles).count
    }
}
