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

    /// What `--staged` reads: the working tree where it equals git's index and the staged
    /// versions of the other files (`StagedOverlay`), or, where that cannot be exact, the whole
    /// index checked out (`StagedSnapshot`); and with `--hook`, what the commit changes.
    struct StagedInputs {
        var overlay: StagedOverlay?
        var snapshot: StagedSnapshot?
        var changes: StagedChanges?

        func remove() {
            overlay?.remove()
            snapshot?.remove()
        }
    }

    /// Sets up `--staged` for `configuration`, which becomes the staged configuration file's.
    static func stagedInputs(
        _ configuration: inout Configuration, readsDeclaredInputs: Bool, hook: Bool, paths: DisplayPaths
    ) throws -> StagedInputs {
        guard !readsDeclaredInputs else {
            Output.error("linza: --staged checks git's index; it cannot be combined with --use-script-input-file-lists")
            throw ExitCode(LinzaExitCode.failure)
        }
        guard Path.repositoryRoot(of: configuration.baseDirectory) != nil else {
            let folder = paths.path(configuration.baseDirectory)
            Output.error("linza: --staged: \(folder == "." ? "this folder" : folder) is not in a git repository")
            throw ExitCode(LinzaExitCode.failure)
        }
        var inputs = StagedInputs()
        do {
            if let repository = Path.repositoryRoot(of: configuration.baseDirectory), hook {
                inputs.changes = try StagedChanges.read(repository: repository)
            }
            inputs.overlay = try StagedOverlay.make(for: configuration)
        } catch {
            Output.error("linza: --staged: \(error.message)")
            throw ExitCode(LinzaExitCode.failure)
        }
        guard let overlay = inputs.overlay else {
            (inputs.snapshot, configuration) = try stagedProject(configuration, paths: paths)
            return inputs
        }
        FileRedirection.install(overlay.redirections)
        guard let file = configuration.file, overlay.redirections[file] != nil else { return inputs }
        do {
            configuration = try ConfigurationLoader.load(file: file)
        } catch let error as ConfigurationError {
            overlay.remove()
            Output.error(error.description(paths: paths) + " (as staged)")
            throw ExitCode(LinzaExitCode.failure)
        }
        return inputs
    }

    /// With `--hook`, the errors the commit does not touch (`StagedChanges.blocks`) become
    /// warnings: debt already in the project is shown but does not stop the commit.
    static func holdBackDebt(_ result: inout LintResult, changes: StagedChanges) {
        var held = 0
        for index in result.diagnostics.indices
        where result.diagnostics[index].severity == .error && result.diagnostics[index].ruleID != Linter.inputErrorID
            && !changes.blocks(result.diagnostics[index])
        {
            result.diagnostics[index].severity = .warning
            held += 1
        }
        guard held > 0 else { return }
        Output.error(
            "linza: --hook: \(held) \(held == 1 ? "error" : "errors") the commit does not touch "
                + "\(held == 1 ? "is" : "are") shown as \(held == 1 ? "a warning" : "warnings") and do not stop it; "
                + "`linza lint` shows the project's errors")
    }

    /// The configuration to check the staged snapshot with: the snapshot's copy of the
    /// configuration file, or default settings at the snapshot's copy of the folder.
    private static func stagedProject(
        _ configuration: Configuration, paths: DisplayPaths
    ) throws -> (StagedSnapshot, Configuration) {
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
            Output.error(staged.description(paths: paths) + " (as staged)")
            throw ExitCode(LinzaExitCode.failure)
        }
    }
}
