#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LinzaKit

/// The project as the next commit will hold it, read mostly from the working tree: a file
/// whose index entry matches the working tree (git's own stat check, `git diff-files`) is
/// read where it is, with the scan cache; a file whose staged version differs is checked
/// out alone into a temporary folder and read from there (`FileRedirection`); a file git's
/// index does not hold is left out (`Linter.trackedFiles`). Every path stays the working
/// tree's, so nothing needs mapping back.
///
/// Copying the whole index (`StagedSnapshot`) took 8 to 10 s on a 3,000-file app; this
/// writes only the files the commit changes and leaves the others' cache records usable.
/// Where the working tree cannot stand in for the index exactly, `make` answers nil and
/// the caller takes the whole copy.
struct StagedOverlay {
    /// The temporary folder the differing files' staged versions are written to.
    let folder: String?
    /// Every file in git's index under the folders Linza reads, as absolute paths.
    let tracked: Set<String>
    /// Each differing file's working-tree path, and where its staged version is.
    let redirections: [String: String]

    /// Nil when some staged file is missing or of another kind in the working tree, an entry
    /// is unmerged, marked assume-unchanged or skip-worktree, or a link in the index leads to
    /// (or is) a file whose staged version differs: those are read right only from a checkout
    /// of the whole index.
    static func make(for configuration: Configuration) throws(Git.Failure) -> StagedOverlay? {
        guard let repository = Path.repositoryRoot(of: configuration.baseDirectory) else {
            throw Git.Failure(message: "\(configuration.baseDirectory) is not in a git repository")
        }
        let scope = Path.relative(StagedSnapshot.readFolder(configuration, within: repository), to: repository) ?? ""
        let pathspec = scope.isEmpty ? [] : [scope]
        var tracked = Set<String>()
        var links: [String] = []
        // `tag mode object stage<TAB>path`, NUL-terminated. Only a plain entry (tag `H`) is
        // compared with the working tree by `diff-files`: one marked assume-unchanged (`h`) or
        // skip-worktree (`S`, a sparse checkout) may differ from it, or be absent, unseen.
        for entry in split(try Git.run(["-C", repository, "ls-files", "-z", "-v", "--stage", "--"] + pathspec)) {
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = entry[..<tab].split(separator: UInt8(ascii: " "))
            guard fields.count == 4, fields[0].elementsEqual("H".utf8), fields[3].elementsEqual("0".utf8) else {
                return nil
            }
            if fields[1].elementsEqual("160000".utf8) { continue }  // a submodule: not in this index
            let path = repository + "/" + String(decoding: entry[(tab + 1)...], as: UTF8.self)
            tracked.insert(path)
            if fields[1].elementsEqual("120000".utf8) { links.append(path) }
        }
        // `status NUL path NUL` for every entry the working tree differs from.
        let changes = split(
            try Git.run(["-C", repository, "diff-files", "-z", "--name-status", "--no-renames", "--"] + pathspec))
        var changed: [String] = []
        var index = 0
        while index + 1 < changes.count {
            let path = String(decoding: changes[index + 1], as: UTF8.self)
            guard changes[index].elementsEqual("M".utf8) else { return nil }
            let absolute = repository + "/" + path
            if tracked.contains(absolute) { changed.append(path) }
            index += 2
        }
        let redirected = Set(changed.map { repository + "/" + $0 })
        for link in links where redirected.contains(link) || Path.real(link).map(redirected.contains) == true {
            return nil
        }
        guard !changed.isEmpty else { return StagedOverlay(folder: nil, tracked: tracked, redirections: [:]) }
        let folder = try StagedSnapshot.temporaryFolder()
        do {
            _ = try Git.run(
                ["-C", repository, "checkout-index", "-z", "--stdin", "--prefix=" + folder + "/"],
                input: Array(changed.joined(separator: "\0").utf8) + [0])
        } catch {
            StagedSnapshot.removeTree(folder)
            throw error
        }
        return StagedOverlay(
            folder: folder, tracked: tracked,
            redirections: Dictionary(uniqueKeysWithValues: changed.map { (repository + "/" + $0, folder + "/" + $0) }))
    }

    /// Deletes the staged copies.
    func remove() {
        if let folder { StagedSnapshot.removeTree(folder) }
    }

    private static func split(_ output: [UInt8]) -> [ArraySlice<UInt8>] {
        output.split(separator: 0, omittingEmptySubsequences: true)
    }
}
