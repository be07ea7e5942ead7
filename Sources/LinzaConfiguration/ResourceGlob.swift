import LinzaBase
import LinzaTables

/// What a glob under `resources:` stands for (`App/Resources/*.lproj`): the folders and
/// table files it matches when the configuration is loaded, as if each were listed. So a
/// glob selects exactly the tables the list of its matches would, and a language folder
/// added later is read without editing `.linza.yml`.
package enum ResourceGlob {
    /// The folders and table files (`.strings`, `.stringsdict`, `.xcstrings`) below `root`
    /// that `pattern` matches, sorted. A match is not looked into (the resource holds what
    /// is below it); hidden entries and the folders Linza always skips are not entered, and
    /// links to folders are not followed, as discovery does.
    package static func expand(_ pattern: GlobPattern, under root: String) -> [String] {
        var matches: [String] = []
        // A pattern without `**` matches paths of one depth: no need to look deeper.
        let depth = pattern.componentCount
        DirectoryWalker.walk(
            root,
            visit: { entry, name in
                guard !name.hasPrefix("."), !Configuration.alwaysExcludedFolders.contains(name) else { return false }
                switch entry {
                case .directory(let path):
                    if pattern.matches(path) {
                        matches.append(path)
                        return false
                    }
                    return depth.map { path.split(separator: "/").count < $0 } ?? true
                case .file(let path), .link(let path):
                    if isTable(name), pattern.matches(path) { matches.append(path) }
                    return false
                }
            },
            // A folder that cannot be read holds no match this run can read; discovery, which
            // walks the matches, reports those it cannot read.
            failed: { _, _ in })
        return matches.sorted()
    }

    private static func isTable(_ name: String) -> Bool {
        TableFormat.allCases.contains { name.hasSuffix("." + $0.rawValue) }
    }
}
