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

    @Flag(name: .long, help: "Replace an existing .linza.yml (a regular file; never a link).")
    var force = false

    @Flag(name: .long, help: "Print the configuration on standard output instead of writing .linza.yml.")
    var stdout = false

    func run() throws {
        let directory = Path.currentDirectory()
        let path = Path.join(directory, ConfigurationLocator.fileName)
        let shown = DisplayPaths(relativeTo: directory).path(path)
        if !stdout { try checkDestination(path, shown: shown) }
        let starter = StarterConfiguration(surveying: directory)
        // A folder with nothing to check is a wrong folder, not a project: a configuration
        // written there makes every later `linza` fail (exit 2) for a reason far from here.
        guard !starter.survey.discoveredSources.isEmpty || !starter.survey.tables.isEmpty else {
            Output.error(
                "linza: nothing localizable in this folder: no Swift or Objective-C source and no "
                    + ".strings, .stringsdict or .xcstrings table; run `linza init` in the project's folder. "
                    + "Nothing was written")
            throw ExitCode(LinzaExitCode.failure)
        }
        let text = starter.text()
        // What init writes must load: a starter that fails is a bug, not the user's problem.
        let configuration: Configuration
        do {
            configuration = try ConfigurationLoader.load(text: text, file: path)
        } catch {
            Output.error("linza: internal error: the starter configuration does not load (\(error)); please report it")
            throw ExitCode(LinzaExitCode.failure)
        }
        // Coverage as `linza status` will report it with this configuration, counted by the
        // same code: two tools of one project must not give one language two figures.
        let status = Linter(configuration: configuration, scanCache: nil)
            .status(projectRoot: directory).report.languagesByCompleteness
        for line in starter.report(translated: status.map { ($0.language, $0.counts.percent) }) {
            Output.error("linza init: " + line)
        }
        if stdout {
            try Output.standard(text)
            return
        }
        try Output.deliver(text, to: path)
        Output.error("Linza: wrote \(shown). Read it, correct what init got wrong, then run `linza`.")
    }

    /// Stops (exit 2) unless `.linza.yml` may be written: it must not exist, or be a regular
    /// file with `--force`. A link is never written through, even a dangling one (`Path.kind`
    /// follows links and would call it missing), since the file would land where it points.
    private func checkDestination(_ path: String, shown: String) throws {
        var info = stat()
        let exists = lstat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFLNK {
            Output.error(
                "linza: \(shown) is a link\(Path.kind(path) == .missing ? " to a file that does not exist" : ""); "
                    + "Linza does not write through it")
            throw ExitCode(LinzaExitCode.failure)
        }
        guard exists else { return }
        guard force, (info.st_mode & S_IFMT) == S_IFREG else {
            Output.error(
                "linza: \(shown) already exists; Linza does not overwrite it"
                    + ((info.st_mode & S_IFMT) == S_IFREG ? " (--force replaces it, --stdout prints the new one)" : ""))
            throw ExitCode(LinzaExitCode.failure)
        }
    }
}
