#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LinzaKit

/// The project as the next commit will hold it, for `lint --staged`: git's index checked
/// out into a temporary folder that mirrors the repository, so a commit that stages the
/// Swift file but not the table edits is checked as it will land. Files not added are not
/// there, files deleted with `git rm` are gone, and unstaged edits are not seen. Linza runs
/// on the mirror; paths are mapped back for the report. It is the slow way, taken only when
/// `StagedOverlay`, which reads the working tree where it equals the index, cannot be exact.
struct StagedSnapshot {
    /// The repository's root in the working tree.
    let repository: String
    /// The temporary folder standing for `repository`.
    let folder: String

    /// Checks out the index entries under the folders `configuration` reads. The
    /// configuration file and its baseline are copied from the working tree when the index
    /// lacks them (an untracked `.linza.yml` still says how to check).
    static func make(for configuration: Configuration) throws(Git.Failure) -> StagedSnapshot {
        guard let repository = Path.repositoryRoot(of: configuration.baseDirectory) else {
            throw Git.Failure(message: "\(configuration.baseDirectory) is not in a git repository")
        }
        let snapshot = StagedSnapshot(repository: repository, folder: try temporaryFolder())
        do {
            let scope = Path.relative(readFolder(configuration, within: repository), to: repository) ?? ""
            let paths = try Git.run(
                ["-C", repository, "ls-files", "-z", "--cached", "--"] + (scope.isEmpty ? [] : [scope]))
            _ = try Git.run(
                ["-C", repository, "checkout-index", "-z", "--stdin", "--prefix=" + snapshot.folder + "/"],
                input: paths)
            for file in [configuration.file, configuration.baseline].compactMap({ $0 }) where Path.kind(file) == .file {
                snapshot.copyIfAbsent(file)
            }
        } catch {
            snapshot.remove()
            throw error
        }
        return snapshot
    }

    /// Where `path` (in the working tree) is in the snapshot.
    func snapshotPath(_ path: String) -> String {
        guard let relative = Path.relative(path, to: repository) else { return path }
        return relative.isEmpty ? folder : folder + "/" + relative
    }

    /// Where `path` (in the snapshot) is in the working tree.
    func workingTreePath(_ path: String) -> String {
        guard let relative = Path.relative(path, to: folder) else { return path }
        return relative.isEmpty ? repository : repository + "/" + relative
    }

    /// The diagnostic with its own and its notes' paths in the working tree.
    func inWorkingTree(_ diagnostic: Diagnostic) -> Diagnostic {
        var mapped = diagnostic
        mapped.location.file = workingTreePath(diagnostic.location.file)
        for index in mapped.notes.indices {
            mapped.notes[index].location?.file = workingTreePath(diagnostic.notes[index].location?.file ?? "")
        }
        return mapped
    }

    /// A new, empty folder for staged files, readable by the user only.
    static func temporaryFolder() throws(Git.Failure) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/linza-staged-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else {
            throw Git.Failure(message: "cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        return String(cString: created)
    }

    /// Deletes the snapshot.
    func remove() {
        Self.removeTree(folder)
    }

    /// Deletes `path` and, for a folder, everything in it; links are removed, not followed.
    static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// The deepest folder inside `repository` that holds everything `configuration` reads.
    static func readFolder(_ configuration: Configuration, within repository: String) -> String {
        let modules = [configuration] + configuration.modules.map(\.configuration)
        let folders = modules.flatMap { [$0.baseDirectory] + $0.selected.map(\.root) + $0.resources }
        var common = configuration.baseDirectory
        for folder in folders {
            while common != "/" && Path.relative(folder, to: common) == nil { common = Path.parent(common) }
        }
        return Path.relative(common, to: repository) == nil ? repository : common
    }

    private func copyIfAbsent(_ file: String) {
        let target = snapshotPath(file)
        guard Path.kind(target) == .missing, let bytes = try? FileReader.read(file) else { return }
        try? AtomicFile.write(bytes, to: target)
    }
}
