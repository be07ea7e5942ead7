import ArgumentParser
import LinzaKit

/// `linza lint`: checks the project and prints findings in compiler format.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the project and print findings (the default command).",
        discussion: "Exit codes: 0 no error-level findings, 1 error-level findings, 2 Linza could not do its job."
    )

    @OptionGroup var project: ProjectOptions

    @Flag(name: .long, help: "Do not print the summary line on standard error.")
    var quiet = false

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let configuration = try ConfigurationResolution.resolve(project)
        let result = Linter(configuration: configuration).lint()
        Output.standard(XcodeReporter().report(result.diagnostics))
        if !quiet {
            Output.error(Summary.line(for: result, duration: clock.now - start))
        }
        if result.hasInputFailures { throw ExitCode(LinzaExitCode.failure) }
        if result.errorCount > 0 { throw ExitCode(LinzaExitCode.findings) }
    }
}

/// The one-line summary printed on standard error after a lint run.
enum Summary {
    static func line(for result: LintResult, duration: Duration) -> String {
        let milliseconds = Int(Double(duration.components.attoseconds) / 1e15) + Int(duration.components.seconds) * 1000
        let time = milliseconds < 1000 ? "\(milliseconds) ms" : "\(Double(milliseconds / 10) / 100) s"
        let languages = result.languages.isEmpty ? "" : " (\(result.languages.joined(separator: ", ")))"
        return "Linza: \(plural(result.errorCount, "error")), \(plural(result.warningCount, "warning")) in "
            + "\(plural(result.sourceFileCount, "source file")) and \(plural(result.tableFileCount, "table file"))"
            + "\(languages), \(time)"
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
