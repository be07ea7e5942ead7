import ArgumentParser
import LinzaKit

/// A writing command's transaction that a SIGKILL, a crash or a power loss cut short leaves
/// its journal in the configuration's folder. Every command that writes finishes or rolls it
/// back first (`TransactionRecovery`); `lint` and `status`, which write nothing, warn.
enum InterruptedTransaction {
    /// Where the writing commands keep their transaction's journal.
    static func journal(for configuration: Configuration) -> String {
        Path.join(configuration.baseDirectory, TransactionJournal.fileName)
    }

    /// The folders a journal may name: the configuration's, its included and resource
    /// folders, and its modules' (those a writer may write in).
    static func roots(of configuration: Configuration) -> [String] {
        let configurations = [configuration] + configuration.modules.map(\.configuration)
        return Array(
            Set(
                configurations.flatMap { [$0.baseDirectory] + $0.selected.map(\.root) + $0.resources }.map(
                    Path.realOrNearest))
        )
    }

    /// Finishes or rolls back an interrupted transaction, saying which; a journal Linza cannot
    /// use stops the command (exit 2) with nothing touched.
    static func recover(_ configuration: Configuration, paths: DisplayPaths) throws {
        let path = journal(for: configuration)
        let outcome: TransactionRecovery.Outcome
        do {
            outcome = try TransactionRecovery.recover(journal: path, roots: roots(of: configuration))
        } catch {
            Output.error(
                "linza: error: \(paths.path(path)): an interrupted Linza run left this journal, but "
                    + "\(Output.describe(error, paths: paths)); "
                    + "look at the files it names, then remove it")
            throw ExitCode(LinzaExitCode.failure)
        }
        func list(_ files: [String]) -> String { files.map(paths.path).joined(separator: ", ") }
        switch outcome {
        case .nothing: break
        case .finished(let files):
            Output.error("linza: finished what an interrupted run had written (\(list(files)))")
        case .rolledBack(let files):
            Output.error("linza: rolled back an interrupted run: \(list(files)) are as they were before it")
        }
    }

    /// For the commands that write nothing: a warning when a journal is there.
    static func warn(_ configuration: Configuration, paths: DisplayPaths) {
        let path = journal(for: configuration)
        guard TransactionRecovery.hasJournal(at: path) else { return }
        Output.error(
            "linza: warning: \(paths.path(path)): a Linza run that was writing was interrupted, and some files may "
                + "be new and others old; any writing command (sync, prune, rename, move) finishes or rolls it back first"
        )
    }
}
