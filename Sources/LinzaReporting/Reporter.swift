import LinzaBase

/// What a reporter renders: the findings and the facts around them.
package struct ReportContext: Sendable {
    package var diagnostics: [Diagnostic]
    /// The folder paths in reports are relative to (the command line passes the git
    /// repository's root, else the configuration's folder).
    package var projectRoot: String
    package var toolVersion: String
    package var sourceFileCount: Int
    package var tableFileCount: Int
    package var languages: [String]
    /// Baseline entries that matched no finding (findings fixed since the baseline).
    package var staleBaselineEntries: Int
    /// Whether warnings fail the run too (`--strict`), for formats that mark failures.
    package var warningsFail: Bool
    /// Whether the output goes to a terminal that shows colour (the `summary` reporter).
    package var colored: Bool
    /// Whether the reporters people read print every per-language note and whole language
    /// lists (`--verbose`); see `ReadableFinding`. Machine formats ignore it.
    package var verbose: Bool
    /// How the reports people read (`xcode`) print paths; machine formats keep theirs.
    package var displayPaths: DisplayPaths
    /// UTF-16 columns of the reported locations, for reporters that count columns that way
    /// (`countsUTF16Columns`); computed before reporting, so reporters read no files.
    /// Linza's own columns count UTF-8 bytes.
    package var utf16Columns: [Location: Int]
    /// The lines the change under review adds or rewrites (a pull request's, or
    /// `--changed-since`'s): the github-actions and markdown reports show the findings on
    /// them first. Nil when unknown.
    package var changedLines: ChangedLines?
    /// Whether every finding also goes to the GitHub job summary (`$GITHUB_STEP_SUMMARY`),
    /// which the github-actions report then points to for what it does not annotate.
    package var jobSummary: Bool

    package init(
        diagnostics: [Diagnostic], projectRoot: String, toolVersion: String = LinzaVersion.current,
        sourceFileCount: Int = 0, tableFileCount: Int = 0, languages: [String] = [],
        staleBaselineEntries: Int = 0, warningsFail: Bool = false, colored: Bool = false,
        verbose: Bool = false, displayPaths: DisplayPaths = .absolute, utf16Columns: [Location: Int] = [:],
        changedLines: ChangedLines? = nil, jobSummary: Bool = false
    ) {
        self.diagnostics = diagnostics
        self.projectRoot = projectRoot
        self.toolVersion = toolVersion
        self.sourceFileCount = sourceFileCount
        self.tableFileCount = tableFileCount
        self.languages = languages
        self.staleBaselineEntries = staleBaselineEntries
        self.warningsFail = warningsFail
        self.colored = colored
        self.verbose = verbose
        self.displayPaths = displayPaths
        self.utf16Columns = utf16Columns
        self.changedLines = changedLines
        self.jobSummary = jobSummary
    }

    /// The UTF-16 column of `location`: as computed, else its byte column (the same for ASCII).
    package func utf16Column(_ location: Location) -> Int {
        utf16Columns[location] ?? location.column
    }

    /// `path` relative to the project root, or unchanged when it lies outside.
    package func relativePath(_ path: String) -> String {
        Path.relative(path, to: projectRoot) ?? path
    }
}

/// Turns findings into text. Reporters are pure functions of their context, so each can
/// be tested against a stored expected output.
package protocol Reporter: Sendable {
    /// The name used on the command line (`--reporter xcode`) and in `reporter:`.
    static var name: String { get }
    /// Whether the format counts columns in UTF-16 code units (`ReportContext.utf16Columns`).
    static var countsUTF16Columns: Bool { get }
    init()
    /// Writes the report a piece at a time (see `TextOutput`).
    func write(_ context: ReportContext, to output: inout TextOutput)
}

extension Reporter {
    package static var countsUTF16Columns: Bool { false }

    /// The whole report as one text.
    package func report(_ context: ReportContext) -> String {
        var output = TextOutput.collecting()
        write(context, to: &output)
        return output.text
    }
}

/// Every reporter, by name.
package enum ReporterRegistry {
    package static let all: [any Reporter.Type] = [
        XcodeReporter.self, JSONReporter.self, SARIFReporter.self, GitHubActionsReporter.self,
        CheckstyleReporter.self, JUnitReporter.self, GitLabReporter.self, SummaryReporter.self,
        MarkdownReporter.self, HTMLReporter.self,
    ]

    package static var names: [String] { all.map { $0.name } }

    package static func reporter(named name: String) -> (any Reporter)? {
        type(named: name).map { $0.init() }
    }

    package static func type(named name: String) -> (any Reporter.Type)? {
        all.first { $0.name == name }
    }
}

/// Linza's version, reported by `--version` and in machine-readable reports.
package enum LinzaVersion {
    package static let current = "0.1.0"
}
