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
    static func recover(_ configuration: Configuration) throws {
        let path = journal(for: configuration)
        let shown = Path.relative(path, to: Path.currentDirectory()) ?? path
        let outcome: TransactionRecovery.Outcome
        do {
            outcome = try TransactionRecovery.recover(journal: path, roots: roots(of: configuration))
        } catch {
            Output.error(
                "linza: error: \(Path.printable(shown)): an interrupted Linza run left this journal, but \(error); "
                    + "look at the files it names, then remove it")
            throw ExitCode(LinzaExitCode.failure)
        }
        let root = configuration.baseDirectory
        func list(_ paths: [String]) -> String {
            paths.map { Path.printable(Path.relative($0, to: root) ?? $0) }.joined(separator: ", ")
        }
        switch outcome {
        case .nothing: break
        case .finished(let paths):
            Output.error("linza: finished what an interrupted run had written (\(list(paths)))")
        case .rolledBack(let paths):
            Output.error("linza: rolled back an interrupted run: \(list(paths)) are as they were before it")
        }
    }

    /// For the commands that write nothing: a warning when a journal is there.
    static func warn(_ configuration: Configuration) {
        let path = journal(for: configuration)
        guard TransactionRecovery.hasJournal(at: path) else { return }
        let shown = Path.relative(path, to: Path.currentDirectory()) ?? path
        Output.error(
            "linza: warning: \(Path.printable(shown)): a Linza run that was writing was interrupted, and some files may "
                + "be new and others old; any writing command (sync, prune, rename, move) finishes or rolls it back first"
        )
    }
}
