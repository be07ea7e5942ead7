import LinzaBase

/// The shortest list of folders and files that selects exactly some of a project's files:
/// a folder when every file under it is selected, else its parts. `linza init` writes a
/// module's `included:` and `resources:` this way, so that the module reads its own files
/// and no other target's.
enum FolderCover {
    /// Paths (absolute, sorted) covering `selected` within `all`; `selected` must be a
    /// subset of `all`. Files outside `root` are listed one by one.
    static func cover(selected: Set<String>, all: [String], root: String) -> [String] {
        cover(selected: selected, all: all, root: root, withExceptions: false).included
    }

    /// `cover`, except that a folder whose unselected files are fewer to name than its
    /// selected parts is given whole, with those files (or their folders) as exceptions:
    /// a target that compiles all of a folder but two files is the folder less two files,
    /// not 515 lines, and a file added to the folder later is read.
    static func coverWithExceptions(selected: Set<String>, all: [String], root: String) -> (
        included: [String], excluded: [String]
    ) {
        cover(selected: selected, all: all, root: root, withExceptions: true)
    }

    private static func cover(selected: Set<String>, all: [String], root: String, withExceptions: Bool) -> (
        included: [String], excluded: [String]
    ) {
        var inside: [String] = []
        var outside: [String] = []
        for path in selected.sorted() {
            if Path.relative(path, to: root) != nil { inside.append(path) } else { outside.append(path) }
        }
        let others = all.filter { !selected.contains($0) && Path.relative($0, to: root) != nil }
        let covered = cover(
            folder: root, selected: inside, others: others, exceptionsBelow: withExceptions ? root : nil)
        return (covered.included + outside, covered.excluded)
    }

    /// `selected` and `others` lie under `folder`. With `exceptionsBelow`, a folder inside
    /// it may be given whole with exceptions; never that folder itself (the project's: a test
    /// target or tool folder added beside the app later would be read).
    private static func cover(folder: String, selected: [String], others: [String], exceptionsBelow: String?) -> (
        included: [String], excluded: [String]
    ) {
        if selected.isEmpty { return ([], []) }
        if others.isEmpty { return ([folder], []) }
        var parts: (included: [String], excluded: [String]) = ([], [])
        var selectedByChild: [String: [String]] = [:]
        var othersByChild: [String: [String]] = [:]
        for path in selected {
            guard let child = child(of: folder, toward: path) else { continue }
            if child == path { parts.included.append(path) } else { selectedByChild[child, default: []].append(path) }
        }
        for path in others {
            if let child = child(of: folder, toward: path), child != path {
                othersByChild[child, default: []].append(path)
            }
        }
        for child in selectedByChild.keys.sorted() {
            let covered = cover(
                folder: child, selected: selectedByChild[child]!, others: othersByChild[child] ?? [],
                exceptionsBelow: exceptionsBelow)
            parts.included += covered.included
            parts.excluded += covered.excluded
        }
        if let top = exceptionsBelow, folder != top {
            // The folder whole, less the shortest list of what it must not read.
            let exceptions = cover(folder: folder, selected: others, others: selected, exceptionsBelow: nil).included
            if 1 + exceptions.count < parts.included.count + parts.excluded.count { return ([folder], exceptions) }
        }
        return (parts.included.sorted(), parts.excluded.sorted())
    }

    /// The entry of `folder` on the way to `path`.
    private static func child(of folder: String, toward path: String) -> String? {
        guard let relative = Path.relative(path, to: folder), !relative.isEmpty else { return nil }
        let first = relative.split(separator: "/", maxSplits: 1).first.map(String.init) ?? relative
        return Path.join(folder, first)
    }
}
