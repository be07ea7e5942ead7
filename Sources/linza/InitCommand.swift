#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import LinzaKit

/// `linza init`: writes a starter `.linza.yml` for the project in the current folder.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter .linza.yml for the project in the current folder (never over an existing one)."
    )

    func run() throws {
        let directory = Path.currentDirectory()
        let path = Path.join(directory, ConfigurationLocator.fileName)
        // `Path.kind` follows links: a dangling link says "missing", and writing through it
        // would put the file wherever the link points, outside the project too.
        guard Path.kind(path) == .missing else {
            Output.error("linza: \(path) already exists; Linza does not overwrite it")
            throw ExitCode(LinzaExitCode.failure)
        }
        var info = stat()
        guard lstat(path, &info) != 0 else {
            Output.error("linza: \(path) is a link to a file that does not exist; Linza does not write through it")
            throw ExitCode(LinzaExitCode.failure)
        }
        let starter = StarterConfiguration(surveying: directory)
        let text = starter.text()
        // What init writes must load: a starter that fails is a bug, not the user's problem.
        do {
            _ = try ConfigurationLoader.load(text: text, file: path)
        } catch {
            Output.error("linza: internal error: the starter configuration does not load (\(error)); please report it")
            throw ExitCode(LinzaExitCode.failure)
        }
        try Output.deliver(text, to: path)
        for line in starter.report() { Output.error("linza init: " + line) }
        Output.error("Linza: wrote \(path). Read it, correct what init got wrong, then run `linza`.")
    }
}
