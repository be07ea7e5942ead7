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
    @OptionGroup var cache: CacheOptions

    @Argument(
        help:
            "Report only findings in these files or folders (the project is still read whole, so a key's other uses and every table count); with --xliff, the .xliff files and .xcloc bundles to check."
    )
    var paths: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Report format: \(ReporterRegistry.names.joined(separator: ", ")) (default: reporter: in .linza.yml, github-actions on GitHub Actions, else xcode). Repeat it for several reports from one run, each but one with its own file: --reporter github-actions --reporter sarif:linza.sarif.",
            valueName: "name[:file]"))
    var reporter: [String] = []

    @Option(
        name: .long,
        help: "Write the report (the one --reporter gives no file) to this file instead of standard output.")
    var output: String?

    @Option(
        name: .long,
        help:
            "Report only findings not in this baseline (default: baseline: in .linza.yml, else \(Baseline.defaultFileName) next to it when it exists)."
    )
    var baseline: String?

    @Flag(name: .long, help: "Report every finding, the baseline's too.")
    var noBaseline = false

    @Flag(name: .long, help: "Warnings fail too: exit 1 on any finding.")
    var strict = false

    @Flag(name: .long, help: "Report errors as warnings and exit 0 on findings (while adopting Linza).")
    var lenient = false

    @Flag(
        name: .long,
        help:
            "One missing_key finding per language instead of one per call site naming every language (default: findings_per_language: in .linza.yml)."
    )
    var perLanguage = false

    @Flag(
        name: .long,
        help:
            "Print every per-language note and whole language lists (by default a finding is one line and the note where its key is defined)."
    )
    var verbose = false

    @Option(
        name: .long,
        help:
            "Colour the xcode and summary reports: auto (on a terminal, unless NO_COLOR is set or TERM is dumb), always, never."
    )
    var color: ColorChoice = .auto

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Show the findings on lines changed since this git revision first in the github-actions and markdown reports: the working tree compared with where HEAD left it (git merge-base). Default in a pull request's workflow: origin/$GITHUB_BASE_REF.",
            valueName: "revision"))
    var changedSince: String?

    @Flag(name: .long, help: "Do not print the summary line on standard error.")
    var quiet = false

    @Option(
        name: .long, help: "Touch this file when the run has no error-level findings (a build system's output stamp).")
    var stamp: String?

    @Flag(
        name: .long,
        help:
            "Check the project as the next commit holds it (git's index): unstaged edits and files not added are left out (the git pre-commit hook's mode)."
    )
    var staged = false

    @Flag(
        name: .long,
        help:
            "With --staged (which it implies): only errors at lines the commit adds or changes, or about keys written on lines it adds or removes, fail; the project's other errors are shown as warnings (the git hook's mode)."
    )
    var hook = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Check the .xliff files and .xcloc bundles given as arguments (a translator's or a translation service's) instead of the project: stale sources, placeholders, plural categories and translate=\"no\" units, with findings at the units' lines."
        ))
    var xliff = false

    @Flag(
        name: .long,
        help:
            "Read only the files an Xcode build phase declares (SCRIPT_INPUT_FILE_LIST_n and SCRIPT_INPUT_FILE_n), as ENABLE_USER_SCRIPT_SANDBOXING requires."
    )
    var useScriptInputFileLists = false

    func run() throws {
        if xliff { return try lintXLIFF() }
        let clock = ContinuousClock()
        let start = clock.now
        // The cache is opened while the configuration is parsed; a staged run keeps none.
        let prefetched =
            staged || hook
            ? nil : cache.prefetch(configurationFile: try? ConfigurationResolution.file(project), watched: true)
        var configuration = try ConfigurationResolution.resolve(project)
        InterruptedTransaction.warn(configuration, paths: project.displayPaths)
        let unrestricted = configuration
        let reportRoot = Self.reportRoot(configuration)
        if useScriptInputFileLists {
            configuration = configuration.restricted(to: try ScriptInputFiles.read(from: Environment.values))
        }
        let progress =
            quiet ? nil : ProgressLine(staged || hook ? "linza: checking what the commit holds" : "linza: checking")
        defer { progress?.finish() }
        var stagedInputs: StagedInputs?
        if staged || hook {
            stagedInputs = try Self.stagedInputs(
                &configuration, readsDeclaredInputs: useScriptInputFileLists, hook: hook, paths: project.displayPaths)
        }
        let snapshot = stagedInputs?.snapshot
        defer { stagedInputs?.remove() }
        let reports = try chosenReports(configuration)
        if changedSince != nil,
            !reports.contains(where: { [GitHubActionsReporter.name, MarkdownReporter.name].contains($0.name) })
        {
            Output.error(
                "linza: --changed-since orders the github-actions and markdown reports; choose one with --reporter")
            throw ExitCode(LinzaExitCode.failure)
        }
        if strict && lenient {
            Output.error("linza: --strict and --lenient contradict each other; use one")
            throw ExitCode(LinzaExitCode.failure)
        }
        // The staged mirror is a new folder every run: nothing of it is worth keeping. The
        // overlay reads the working tree's paths, and a staged copy's record is keyed by the
        // copy's signature, which the working-tree file never has: the cache stays exact.
        let scanCache = snapshot != nil ? nil : cache.open(for: configuration, prefetched: prefetched, watched: true)
        let linter = Linter(
            configuration: configuration, scanCache: scanCache, trackedFiles: stagedInputs?.overlay?.tracked)
        let selection = try selectedPaths(linter, snapshot: snapshot)
        let baselinePath =
            noBaseline
            ? nil
            : baseline.map { Path.absolute($0, relativeTo: Path.currentDirectory()) }
                ?? Baseline.path(for: configuration)
        let recorded: Baseline?
        do {
            recorded = try baselinePath.map(Baseline.load)
        } catch let error as BaselineError {
            Output.error(error.description(paths: project.displayPaths))
            throw ExitCode(LinzaExitCode.failure)
        }
        var result = linter.lint(
            baseline: recorded,
            groupingLanguages: !(perLanguage || configuration.findingsPerLanguage))
        cache.close(scanCache, configuration: configuration)
        KeptUntilExit.keep((linter, scanCache as Any))
        if let selection {
            result.diagnostics.removeAll { diagnostic in
                !selection.contains { diagnostic.location.file == $0 || diagnostic.location.file.hasPrefix($0 + "/") }
            }
        }
        if useScriptInputFileLists && result.sourceFileCount == 0 && result.tableFileCount == 0 {
            // Declaring only the script itself would otherwise pass every build unchecked.
            Output.error(
                "linza: --use-script-input-file-lists: no declared input is a source file or table of this "
                    + "project; declare the input file list that `linza files --xcfilelist` writes")
            throw ExitCode(LinzaExitCode.failure)
        }
        let staleBaselineEntries = result.staleBaselineEntries
        if useScriptInputFileLists { Self.warnAboutUndeclaredFiles(declared: linter, project: unrestricted) }
        // Reported where the user edits them; columns counted in the files as staged.
        var utf16Columns: [Location: Int] = [:]
        if reports.contains(where: { ReporterRegistry.type(named: $0.name)!.countsUTF16Columns }) {
            for (location, column) in UTF16Columns.columns(of: result.diagnostics) {
                utf16Columns[
                    Location(
                        file: snapshot?.workingTreePath(location.file) ?? location.file,
                        line: location.line, column: location.column)] = column
            }
        }
        if let snapshot { result.diagnostics = result.diagnostics.map(snapshot.inWorkingTree) }
        progress?.finish()
        if let changes = stagedInputs?.changes { Self.holdBackDebt(&result, changes: changes) }

        try finish(
            result, reports: reports, reportRoot: reportRoot, projectFolder: configuration.baseDirectory,
            utf16Columns: utf16Columns, staleBaselineEntries: staleBaselineEntries, duration: clock.now - start)
    }

    /// Reports `result` in every chosen report, prints the summary line (`checked` names
    /// what was checked, when not the project's sources and tables) and ends with lint's
    /// exit code, touching `--stamp` on success. `projectFolder` is where git is asked which
    /// lines changed (for the GitHub Actions and markdown reports).
    func finish(
        _ result: LintResult, reports: [(name: String, path: String?)], reportRoot: String, projectFolder: String,
        utf16Columns: [Location: Int], staleBaselineEntries: Int, duration: Duration, checked: String? = nil
    ) throws {
        var result = result
        if lenient {
            result.diagnostics = result.diagnostics.map { diagnostic in
                guard diagnostic.severity == .error, diagnostic.ruleID != Linter.inputErrorID else { return diagnostic }
                var warning = diagnostic
                warning.severity = .warning
                return warning
            }
        }
        // Freeing ten thousand findings (five objects each) one by one after the report was
        // an eighth of a monolith's warm run.
        KeptUntilExit.keep(result.diagnostics)

        let reportNames = Set(reports.map(\.name))
        let changedLines =
            reportNames.isDisjoint(with: [GitHubActionsReporter.name, MarkdownReporter.name])
            ? nil
            : ChangeBase.changedLines(
                since: changedSince, environment: Environment.values, folder: projectFolder)
        let summary =
            reportNames.contains(GitHubActionsReporter.name) ? JobSummary.path(in: Environment.values) : nil
        for (name, path) in reports {
            let context = ReportContext(
                diagnostics: result.diagnostics, projectRoot: reportRoot,
                sourceFileCount: result.sourceFileCount, tableFileCount: result.tableFileCount,
                languages: result.languages,
                staleBaselineEntries: staleBaselineEntries, warningsFail: strict,
                colored: color.colors(toStandardOutput: path == nil), verbose: verbose,
                displayPaths: project.displayPaths, utf16Columns: utf16Columns, changedLines: changedLines,
                jobSummary: summary != nil)
            let reporter = ReporterRegistry.type(named: name)!.init()
            try Output.deliver(to: path) { reporter.write(context, to: &$0) }
        }
        if let summary {
            try JobSummary.append(
                ReportContext(
                    diagnostics: result.diagnostics, projectRoot: reportRoot,
                    sourceFileCount: result.sourceFileCount, tableFileCount: result.tableFileCount,
                    languages: result.languages, staleBaselineEntries: staleBaselineEntries, warningsFail: strict,
                    verbose: verbose, changedLines: changedLines),
                to: summary)
        }
        if !quiet {
            Output.error(
                Summary.lines(
                    for: result, staleBaselineEntries: staleBaselineEntries, duration: duration, checked: checked))
        }
        for problem in result.shapeProblems { Output.error("linza: error: \(problem)") }
        if result.hasInputFailures || !result.shapeProblems.isEmpty { throw ExitCode(LinzaExitCode.failure) }
        if result.errorCount > 0 || (strict && result.warningCount > 0) { throw ExitCode(LinzaExitCode.findings) }
        // A comment, so the stamp is also a valid Swift file (see LinzaPlugin).
        if let stamp {
            try Output.stamp(
                "// Linza checked the localizations; this file marks it for the build system.\n", to: stamp)
        }
    }

    /// The absolute `paths` given on the command line, each a source, table or folder of the
    /// project; nil when none is given. A missing path that is close to a command's name is
    /// a mistyped command (`linza usage`), and said so.
    private func selectedPaths(_ linter: Linter, snapshot: StagedSnapshot?) throws -> [String]? {
        guard !paths.isEmpty else { return nil }
        let commands = LinzaCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
        let files = linter.discover().flatMap { $0.files.sources + $0.files.tables.map(\.path) }
        return try paths.map { path in
            let inWorkingTree = Path.absolute(path, relativeTo: Path.currentDirectory())
            let absolute = snapshot?.snapshotPath(inWorkingTree) ?? inWorkingTree
            guard Path.kind(absolute) != .missing else {
                if !path.contains("/"), !path.contains("."),
                    let command = DidYouMean.suggestion(for: path, among: commands)
                {
                    Output.error("linza: unknown command '\(path)'; did you mean 'linza \(command)'?")
                } else {
                    Output.error("linza: \(path): no such file or folder")
                }
                throw ExitCode(LinzaExitCode.failure)
            }
            guard files.contains(where: { $0 == absolute || $0.hasPrefix(absolute + "/") }) else {
                Output.error(
                    "linza: \(path) is not a source or table of this project; see included:, excluded: and "
                        + "resources: in the configuration")
                throw ExitCode(LinzaExitCode.failure)
            }
            return absolute
        }
    }

    /// What report paths are relative to: the git repository's root, as GitHub, GitLab and
    /// Jenkins resolve them even when `.linza.yml` sits in a subfolder; else the
    /// configuration's folder.
    static func reportRoot(_ configuration: Configuration) -> String {
        Path.repositoryRoot(of: configuration.baseDirectory) ?? configuration.baseDirectory
    }

    /// Each report to write: its reporter and its file (nil: standard output). `--reporter`
    /// may be repeated as `name:file`; the one without a file goes to `--output` or standard
    /// output. Without `--reporter`: `reporter:` in the configuration, github-actions on
    /// GitHub Actions, else xcode.
    func chosenReports(_ configuration: Configuration) throws -> [(name: String, path: String?)] {
        guard !reporter.isEmpty else {
            let name =
                configuration.reporter
                ?? (Environment.values["GITHUB_ACTIONS"] == "true" ? GitHubActionsReporter.name : XcodeReporter.name)
            return [(name, output)]
        }
        let reports = reporter.map { argument -> (name: String, path: String?) in
            guard let colon = argument.firstIndex(of: ":") else { return (argument, output) }
            return (String(argument[..<colon]), String(argument[argument.index(after: colon)...]))
        }
        for (name, path) in reports {
            guard ReporterRegistry.names.contains(name) else {
                Output.error(
                    "linza: unknown reporter '\(name)'; use one of \(ReporterRegistry.names.joined(separator: ", "))")
                throw ExitCode(LinzaExitCode.failure)
            }
            if path?.isEmpty == true {
                Output.error("linza: --reporter \(name): names no file after ':'")
                throw ExitCode(LinzaExitCode.failure)
            }
        }
        guard reports.count(where: { $0.path == output }) <= 1 else {
            Output.error(
                "linza: several reports would go to \(output ?? "standard output"); give each but one a file "
                    + "(--reporter sarif:linza.sarif)")
            throw ExitCode(LinzaExitCode.failure)
        }
        return reports
    }
}
