import ArgumentParser
import LinzaKit

/// `linza baseline write [FILE]`: records today's findings so `lint` reports only new ones.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Record the current findings, so lint --baseline reports only new ones.",
        subcommands: [Write.self]
    )

    struct Write: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "write",
            abstract:
                "Write every current finding to a baseline file (default: baseline: in .linza.yml, or \(Baseline.defaultFileName) next to it)."
        )

        @OptionGroup var project: ProjectOptions

        @Argument(help: "The baseline file to write.")
        var file: String?

        func run() throws {
            let configuration = try ConfigurationResolution.resolve(project)
            // The baseline records findings: from a torn project it would record a torn state.
            try InterruptedTransaction.recover(configuration, paths: project.displayPaths)
            let result = Linter(configuration: configuration).lint()
            if result.hasInputFailures {
                try Output.standard(
                    XcodeReporter().report(
                        result.diagnostics.filter { $0.ruleID == Linter.inputErrorID }, paths: project.displayPaths))
                Output.error("linza: some input could not be read; no baseline written")
                throw ExitCode(LinzaExitCode.failure)
            }
            let path =
                file.map { Path.absolute($0, relativeTo: Path.currentDirectory()) }
                ?? configuration.baseline
                ?? Path.join(configuration.baseDirectory, Baseline.defaultFileName)
            let baseline = Baseline(recording: result.diagnostics, root: configuration.baseDirectory)
            try Output.deliver(baseline.json(), to: path)
            Output.error("Linza: recorded \(baseline.entries.count) findings in \(project.displayPaths.path(path))")
        }
    }
}
