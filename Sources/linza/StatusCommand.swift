import ArgumentParser
import LinzaKit

/// `linza status`: how complete each language's translations are, per module and table.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Report how complete each language's translations are, per module and table.",
        discussion:
            "Reads the project as lint does. Exit codes: 0 done (and every language at or above --min-coverage), "
            + "1 a language below --min-coverage, 2 Linza could not do its job."
    )

    /// The formats of `linza status`.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json, csv, html
    }

    @OptionGroup var project: ProjectOptions
    @OptionGroup var cache: CacheOptions

    @Option(name: .long, help: "Output format: text, markdown, json, csv or html.")
    var format: Format = .text

    @Option(name: .long, help: "Group the text output: language (the whole project), module or table.")
    var by: StatusGrouping = .language

    @Option(name: .long, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(
        name: .long,
        help: "Exit 1 when a language's overall coverage (translated ÷ development keys, in percent) is below this.")
    var minCoverage: Double?

    @Option(name: .long, help: "With --min-coverage: the language to check (repeatable; default: every language).")
    var language: [String] = []

    @Option(name: .long, help: "A previous `linza status --format json` report: show what changed per language since.")
    var compare: String?

    func validate() throws {
        if let minCoverage, !(0...100).contains(minCoverage) {
            throw ValidationError("--min-coverage must be a percentage from 0 to 100")
        }
        if !language.isEmpty && minCoverage == nil {
            throw ValidationError("--language selects the languages --min-coverage checks; give --min-coverage too")
        }
    }

    func run() throws {
        let configuration = try ConfigurationResolution.resolve(project)
        InterruptedTransaction.warn(configuration, paths: project.displayPaths)
        let previous = try compare.map(readSnapshot)
        let scanCache = cache.open(for: configuration, watched: true)
        var (report, failures) = Linter(configuration: configuration, scanCache: scanCache)
            .status(projectRoot: LintCommand.reportRoot(configuration))
        cache.close(scanCache, configuration: configuration)
        report.previous = previous
        let checked = try selectedLanguages(in: report)

        let text: String
        switch format {
        case .text:
            text = StatusTerminalRenderer(colored: output == nil && Terminal.wantsColor, grouping: by).render(report)
        case .markdown: text = StatusMarkdown.render(report)
        case .json: text = StatusJSON.render(report)
        case .csv: text = StatusCSV.render(report)
        case .html: text = StatusHTML.render(report)
        }
        try Output.deliver(text, to: output)
        // A job summary shows the table on the run's page; stdout still gets it, for a
        // pull-request comment step that reads it.
        if format == .markdown, output == nil, let summary = Environment.values["GITHUB_STEP_SUMMARY"], !summary.isEmpty
        {
            try Output.append(text, to: summary)
        }
        if !failures.isEmpty {
            Output.error(Output.describe(failures, paths: project.displayPaths))
            throw ExitCode(LinzaExitCode.failure)
        }
        if let minCoverage {
            let below = checked.filter { report.counts($0).isBelow(minCoverage) }
            if !below.isEmpty {
                Output.error(
                    "linza: coverage below \(Self.percent(minCoverage)) % in "
                        + below.map { "\($0) (\(report.counts($0).percent) %)" }.joined(separator: ", "))
                throw ExitCode(LinzaExitCode.findings)
            }
        }
    }

    /// The languages `--min-coverage` checks: `--language`, normalised, each of which must
    /// be a language of the project; else all of them.
    private func selectedLanguages(in report: StatusReport) throws -> [String] {
        guard !language.isEmpty else { return report.languages }
        return try language.map { name in
            guard let code = LanguageCode.normalize(name), report.languages.contains(code) else {
                Output.error(
                    "linza: --language \(name): the project has no such language; it has "
                        + report.languages.joined(separator: ", "))
                throw ExitCode(LinzaExitCode.failure)
            }
            return code
        }
    }

    private func readSnapshot(_ path: String) throws -> StatusSnapshot {
        let absolute = Path.absolute(path, relativeTo: Path.currentDirectory())
        do {
            return try StatusSnapshot.parse(try FileReader.read(absolute), path: absolute)
        } catch let error as StatusSnapshotError {
            Output.error(error.description(paths: project.displayPaths))
        } catch {
            Output.error(
                "\(project.displayPaths.path(absolute)):1:1: error: cannot read the report to compare with: "
                    + "\((error as? FileWriteError)?.reason ?? (error as? FileReadError)?.reason ?? "\(error)")")
        }
        throw ExitCode(LinzaExitCode.failure)
    }

    /// `95`, or `99.5` when the threshold has a fraction.
    private static func percent(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension StatusGrouping: ExpressibleByArgument {}
