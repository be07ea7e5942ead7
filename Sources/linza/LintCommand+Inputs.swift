import ArgumentParser
import LinzaKit

/// What `lint` reads besides the working tree as it is: the index for `--staged`, and the
/// build phase's declared inputs for `--use-script-input-file-lists`.
extension LintCommand {
    /// A sandboxed build phase reads only what it declares, so a source or table added
    /// since `linza files --xcfilelist` wrote the list goes unchecked: say so, in the form
    /// Xcode shows as a warning. Where the sandbox forbids listing the project's folders,
    /// nothing can be compared and nothing is said.
    static func warnAboutUndeclaredFiles(declared linter: Linter, project: Configuration) {
        let everything = Linter(configuration: project).discover()
        guard everything.allSatisfy({ $0.files.failures.isEmpty }) else { return }
        let files: ([(module: Configuration, files: DiscoveredFiles)]) -> Set<String> = {
            Set($0.flatMap { $0.files.sources + $0.files.tables.map(\.path) })
        }
        let undeclared = files(everything).subtracting(files(linter.discover())).sorted()
        guard !undeclared.isEmpty else { return }
        let shown = undeclared.prefix(5).map { Path.relative($0, to: project.baseDirectory) ?? $0 }
        Output.error(
            "warning: \(undeclared.count) \(undeclared.count == 1 ? "file" : "files") of the project \(undeclared.count == 1 ? "is" : "are") not "
                + "in the build phase's input file lists, so Linza did not check \(undeclared.count == 1 ? "it" : "them"): "
                + shown.joined(separator: ", ") + (undeclared.count > 5 ? ", …" : "")
                + "; regenerate the list with `linza files --xcfilelist`")
    }

    /// The configuration to check the staged snapshot with: the snapshot's copy of the
    /// configuration file, or default settings at the snapshot's copy of the folder.
    static func stagedProject(
        _ configuration: Configuration,
        readsDeclaredInputs: Bool
    ) throws -> (StagedSnapshot, Configuration) {
        guard !readsDeclaredInputs else {
            Output.error("linza: --staged checks git's index; it cannot be combined with --use-script-input-file-lists")
            throw ExitCode(LinzaExitCode.failure)
        }
        let snapshot: StagedSnapshot
        do {
            snapshot = try StagedSnapshot.make(for: configuration)
        } catch {
            Output.error("linza: --staged: \(error.message)")
            throw ExitCode(LinzaExitCode.failure)
        }
        guard let file = configuration.file else {
            return (snapshot, Configuration(baseDirectory: snapshot.snapshotPath(configuration.baseDirectory)))
        }
        do {
            return (snapshot, try ConfigurationLoader.load(file: snapshot.snapshotPath(file)))
        } catch let error as ConfigurationError {
            snapshot.remove()
            var staged = error
            staged.location.file = snapshot.workingTreePath(error.location.file)
            Output.error(staged.description + " (as staged)")
            throw ExitCode(LinzaExitCode.failure)
        }
    }
}
