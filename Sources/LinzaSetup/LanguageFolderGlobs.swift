import LinzaBase
import LinzaConfiguration

/// `linza init`'s `resources:` with one glob (`App/Resources/*.lproj`) in place of a folder's
/// `.lproj` folders listed one by one (56 lines on a real app), wherever the glob selects
/// exactly the tables the list does: the glob is read as its matches (`ResourceGlob`), and
/// the folders it adds to the list hold no table or storyboard the project has. Otherwise
/// the list stays (a folder of a language no target ships, a table another module reads).
enum LanguageFolderGlobs {
    /// `resources` (absolute, sorted) as `.linza.yml` names them, relative to `root`, with a
    /// glob for each folder whose listed `.lproj` folders (two or more) one covers exactly;
    /// `files` are the project's tables, storyboards and xibs.
    static func shorten(_ resources: [String], root: String, files: [String]) -> [String] {
        var byParent: [String: [String]] = [:]
        for path in resources where Path.lastComponent(path).hasSuffix(".lproj") {
            byParent[Path.parent(path), default: []].append(path)
        }
        var replaced: [String: String] = [:]
        for (parent, listed) in byParent where listed.count > 1 {
            guard let folder = Path.relative(parent, to: root),
                let glob = exactGlob(folder.isEmpty ? "*.lproj" : folder + "/*.lproj", listed, root: root, files: files)
            else { continue }
            for path in listed { replaced[path] = glob }
        }
        var result: [String] = []
        var written = Set<String>()
        for path in resources {
            if let glob = replaced[path] {
                if written.insert(glob).inserted { result.append(glob) }
            } else {
                let relative = Path.relative(path, to: root) ?? path
                result.append(relative.isEmpty ? "." : relative)
            }
        }
        return result
    }

    /// `text` when, loaded as `.linza.yml` in `root` would load it, it selects the files
    /// `listed` selects and no other; nil otherwise (or when a name in it would read as a glob).
    private static func exactGlob(_ text: String, _ listed: [String], root: String, files: [String]) -> String? {
        guard !GlobPattern.hasWildcards(String(text.dropLast("*.lproj".count))) else { return nil }
        let pattern = GlobPattern(text.contains("/") ? text : "./" + text, base: root)
        let matches = ResourceGlob.expand(pattern, under: Path.parent(listed[0]))
        func selected(_ folders: [String]) -> Set<String> {
            Set(files.filter { file in folders.contains { Path.isInside(file, $0) } })
        }
        return Set(listed).isSubset(of: matches) && selected(matches) == selected(listed) ? text : nil
    }
}
