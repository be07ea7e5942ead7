import ArgumentParser
import LinzaKit

/// `linza lint`: checks the project and reports the findings.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check the project and report findings (the default command).",
        discussion: "Exit codes: 0 no error-level findings, 1 error-level findings (or warnings with --strict), "
            + "2 Linza could not do its job."
    )

    @OptionGroup var project: ProjectOptions

    @Option(name: .long, help: "Report format: \(ReporterRegistry.names.joined(separator: ", ")) (default: reporter: in .linza.yml, github-actions on GitHub Actions, else xcode).")
    var reporter: String?

    @Option(name: .long, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(name: .long, help: "Report only findings not in this baseline (default: baseline: in .linza.yml).")
    var baseline: String?

    @Flag(name: .long, help: "Warnings fail too: exit 1 on any finding.")
    var strict = false

    @Flag(name: .long, help: "Do not print the summary line on standard error.")
    var quiet = false

    @Option(name: .long, help: "Touch this file when the run has no error-level findings (a build system's output stamp).")
    var stamp: String?

    @Flag(name: .long, help: "Read only the files an Xcode build phase declares (SCRIPT_INPUT_FILE_LIST_n and SCRIPT_INPUT_FILE_n), as ENABLE_USER_SCRIPT_SANDBOXING requires.")
    var useScriptInputFileLists = false

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        var configuration = try ConfigurationResolution.resolve(project)
        if useScriptInputFileLists {
            configuration = configuration.restricted(to: try ScriptInputFiles.read(from: Environment.values))
        }
        let reporterName = try chooseReporter(configuration)
        var result = Linter(configuration: configuration).lint()
        if useScriptInputFileLists && result.sourceFileCount == 0 && result.tableFileCount == 0 {
            // Declaring only the script itself would otherwise pass every build unchecked.
            Output.error("linza: --use-script-input-file-lists: no declared input is a source file or table of this "
                + "project; declare the input file list that `linza files --xcfilelist` writes")
            throw ExitCode(LinzaExitCode.failure)
        }

        var staleBaselineEntries = 0
        if let baselinePath = baseline.map({ Path.absolute($0, relativeTo: Path.currentDirectory()) }) ?? configuration.baseline {
            do {
                let filtered = try Baseline.load(baselinePath).filter(result.diagnostics, root: configuration.baseDirectory)
                result.diagnostics = filtered.new
                staleBaselineEntries = filtered.stale
            } catch let error as BaselineError {
                Output.error(error.description)
                throw ExitCode(LinzaExitCode.failure)
            }
        }

        let reporter = ReporterRegistry.type(named: reporterName)!
        let context = ReportContext(
            diagnostics: result.diagnostics, projectRoot: Self.reportRoot(configuration),
            sourceFileCount: result.sourceFileCount, tableFileCount: result.tableFileCount, languages: result.languages,
            staleBaselineEntries: staleBaselineEntries, warningsFail: strict, colored: output == nil && Terminal.wantsColor,
            utf16Columns: reporter.countsUTF16Columns ? UTF16Columns.columns(of: result.diagnostics) : [:])
        let report = reporter.init().report(context)
        try Output.deliver(report, to: output)
        if !quiet {
            Output.error(Summary.line(for: result, staleBaselineEntries: staleBaselineEntries, duration: clock.now - start))
        }
        if result.hasInputFailures { throw ExitCode(LinzaExitCode.failure) }
        if result.errorCount > 0 || (strict && result.warningCount > 0) { throw ExitCode(LinzaExitCode.findings) }
        // A comment, so the stamp is also a valid Swift file (see LinzaPlugin).
        if let stamp { try Output.stamp("// Linza checked the localizations; this file marks it for the build system.\n", to: stamp) }
    }

    /// What report paths are relative to: the git repository's root, as GitHub, GitLab and
    /// Jenkins resolve them even when `.linza.yml` sits in a subfolder; else the
    /// configuration's folder.
    static func reportRoot(_ configuration: Configuration) -> String {
        Path.repositoryRoot(of: configuration.baseDirectory) ?? configuration.baseDirectory
    }

    private func chooseReporter(_ configuration: Configuration) throws -> String {
        if let reporter {
            guard ReporterRegistry.names.contains(reporter) else {
                Output.error("linza: unknown reporter '\(reporter)'; use one of \(ReporterRegistry.names.joined(separator: ", "))")
                throw ExitCode(LinzaExitCode.failure)
            }
            return reporter
        }
        if let configured = configuration.reporter { return configured }
        return Environment.values["GITHUB_ACTIONS"] == "true" ? GitHubActionsReporter.name : XcodeReporter.name
    }
}

/// The one-line summary printed on standard error after a lint run.
enum Summary {
    static func line(for result: LintResult, staleBaselineEntries: Int = 0, duration: Duration) -> String {
        let milliseconds = Int(Double(duration.components.attoseconds) / 1e15) + Int(duration.components.seconds) * 1000
        let time = milliseconds < 1000 ? "\(milliseconds) ms" : "\(Double(milliseconds / 10) / 100) s"
        let languages = result.languages.isEmpty ? "" : " (\(result.languages.joined(separator: ", ")))"
        let stale = staleBaselineEntries == 0 ? "" : "; \(plural(staleBaselineEntries, "baseline entry", "baseline entries")) no longer found"
        return "Linza: \(plural(result.errorCount, "error")), \(plural(result.warningCount, "warning")) in "
            + "\(plural(result.sourceFileCount, "source file")) and \(plural(result.tableFileCount, "table file"))"
            + "\(languages), \(time)\(stale)"
    }

    private static func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
