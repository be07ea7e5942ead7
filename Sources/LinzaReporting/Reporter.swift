import LinzaBase

/// What a reporter renders: the findings and the facts around them.
public struct ReportContext: Sendable {
    public var diagnostics: [Diagnostic]
    /// The folder paths in reports are relative to (the command line passes the git
    /// repository's root, else the configuration's folder).
    public var projectRoot: String
    public var toolVersion: String
    public var sourceFileCount: Int
    public var tableFileCount: Int
    public var languages: [String]
    /// Baseline entries that matched no finding (findings fixed since the baseline).
    public var staleBaselineEntries: Int
    /// Whether warnings fail the run too (`--strict`), for formats that mark failures.
    public var warningsFail: Bool
    /// Whether the output goes to a terminal that shows colour (the `summary` reporter).
    public var colored: Bool
    /// UTF-16 columns of the reported locations, for reporters that count columns that way
    /// (`countsUTF16Columns`); computed before reporting, so reporters read no files.
    /// Linza's own columns count UTF-8 bytes.
    public var utf16Columns: [Location: Int]

    public init(diagnostics: [Diagnostic], projectRoot: String, toolVersion: String = LinzaVersion.current,
                sourceFileCount: Int = 0, tableFileCount: Int = 0, languages: [String] = [],
                staleBaselineEntries: Int = 0, warningsFail: Bool = false, colored: Bool = false,
                utf16Columns: [Location: Int] = [:]) {
        self.diagnostics = diagnostics
        self.projectRoot = projectRoot
        self.toolVersion = toolVersion
        self.sourceFileCount = sourceFileCount
        self.tableFileCount = tableFileCount
        self.languages = languages
        self.staleBaselineEntries = staleBaselineEntries
        self.warningsFail = warningsFail
        self.colored = colored
        self.utf16Columns = utf16Columns
    }

    /// The UTF-16 column of `location`: as computed, else its byte column (the same for ASCII).
    public func utf16Column(_ location: Location) -> Int {
        utf16Columns[location] ?? location.column
    }

    /// `path` relative to the project root, or unchanged when it lies outside.
    public func relativePath(_ path: String) -> String {
        Path.relative(path, to: projectRoot) ?? path
    }
}

/// Turns findings into text. Reporters are pure functions of their context, so each can
/// be tested against a stored expected output.
public protocol Reporter: Sendable {
    /// The name used on the command line (`--reporter xcode`) and in `reporter:`.
    static var name: String { get }
    /// Whether the format counts columns in UTF-16 code units (`ReportContext.utf16Columns`).
    static var countsUTF16Columns: Bool { get }
    init()
    /// Writes the report a piece at a time (see `TextOutput`).
    func write(_ context: ReportContext, to output: inout TextOutput)
}

extension Reporter {
    public static var countsUTF16Columns: Bool { false }

    /// The whole report as one text.
    public func report(_ context: ReportContext) -> String {
        var output = TextOutput.collecting()
        write(context, to: &output)
        return output.text
    }
}

/// Every reporter, by name.
public enum ReporterRegistry {
    public static let all: [any Reporter.Type] = [
        XcodeReporter.self, JSONReporter.self, SARIFReporter.self, GitHubActionsReporter.self,
        CheckstyleReporter.self, JUnitReporter.self, GitLabReporter.self, SummaryReporter.self,
    ]

    public static var names: [String] { all.map { $0.name } }

    public static func reporter(named name: String) -> (any Reporter)? {
        type(named: name).map { $0.init() }
    }

    public static func type(named name: String) -> (any Reporter.Type)? {
        all.first { $0.name == name }
    }
}

/// Linza's version, reported by `--version` and in machine-readable reports.
public enum LinzaVersion {
    public static let current = "0.1.0"
}
