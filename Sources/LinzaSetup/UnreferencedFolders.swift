import LinzaBase
import LinzaConfiguration

/// Which folders with a license of their own hold code the project does not build: no
/// target of its Xcode projects or Swift packages compiles a source in them or ships a
/// table from them (nor, in a Bazel workspace, does a `BUILD` file name one of their
/// sources). Those are foreign (a library copied in with its license, `Libs/Charts`); a
/// licensed folder that any target reads is the project's own, whatever its license says
/// (duckduckgo keeps `iOS/LICENSE.md` beside its iOS app). Nothing is foreign when no target
/// was read at all: without one, no reference can be told from none.
enum UnreferencedFolders {
    /// The licensed folders (absolute paths, outermost first, none inside another) whose
    /// code no target reads. A folder without a source (headers aside: no target compiles
    /// them) or table is left alone: leaving it out would change nothing.
    static func foreign(
        licensed: [String], files: DiscoveredFiles, compiled: Set<String>, shipped: Set<String>,
        bazel: inout BazelSources?
    ) -> [String] {
        guard !compiled.isEmpty || bazel != nil else { return [] }
        var foreign: [String] = []
        for folder in licensed.sorted(by: { $0.count < $1.count }) {
            if foreign.contains(where: { Path.relative(folder, to: $0) != nil }) { continue }
            let inside = { (path: String) in Path.relative(path, to: folder) != nil }
            let sources = files.sources.filter {
                inside($0) && !$0.hasSuffix(".h") && Path.lastComponent($0) != "Package.swift"
            }
            let tables = files.tables.map(\.path).filter(inside)
            guard !sources.isEmpty || !tables.isEmpty else { continue }
            if sources.contains(where: compiled.contains) || tables.contains(where: shipped.contains) { continue }
            if var workspace = bazel {
                let built = sources.contains { workspace.builds($0) }
                bazel = workspace
                if built { continue }
            }
            foreign.append(folder)
        }
        return foreign.sorted()
    }
}
