import LinzaBase

/// The shortest list of folders and files that selects exactly some of a project's files:
/// a folder when every file under it is selected, else its parts. `linza init` writes a
/// module's `included:` and `resources:` this way, so that the module reads its own files
/// and no other target's.
enum FolderCover {
    /// Paths (absolute, sorted) covering `selected` within `all`; `selected` must be a
    /// subset of `all`. Files outside `root` are listed one by one.
    static func cover(selected: Set<String>, all: [String], root: String) -> [String] {
        var inside: [String] = []
        var outside: [String] = []
        for path in selected.sorted() {
            if Path.relative(path, to: root) != nil { inside.append(path) } else { outside.append(path) }
        }
        let others = all.filter { !selected.contains($0) && Path.relative($0, to: root) != nil }
        return cover(folder: root, selected: inside, others: others) + outside
    }

    /// `selected` and `others` lie under `folder`.
    private static func cover(folder: String, selected: [String], others: [String]) -> [String] {
        if selected.isEmpty { return [] }
        if others.isEmpty { return [folder] }
        var result: [String] = []
        var selectedByChild: [String: [String]] = [:]
        var othersByChild: [String: [String]] = [:]
        for path in selected {
            guard let child = child(of: folder, toward: path) else { continue }
            if child == path { result.append(path) } else { selectedByChild[child, default: []].append(path) }
        }
        for path in others {
            if let child = child(of: folder, toward: path), child != path {
                othersByChild[child, default: []].append(path)
            }
        }
        for child in selectedByChild.keys.sorted() {
            result += cover(folder: child, selected: selectedByChild[child]!, others: othersByChild[child] ?? [])
        }
        return result.sorted()
    }

    /// The entry of `folder` on the way to `path`.
    private static func child(of folder: String, toward path: String) -> String? {
        guard let relative = Path.relative(path, to: folder), !relative.isEmpty else { return nil }
        let first = relative.split(separator: "/", maxSplits: 1).first.map(String.init) ?? relative
        return Path.join(folder, first)
    }
}
