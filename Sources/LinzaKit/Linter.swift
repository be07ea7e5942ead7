/// The outcome of a lint run.
public struct LintResult: Sendable {
    /// Findings in print order, duplicates removed.
    public var diagnostics: [Diagnostic]
    public var sourceFileCount: Int
    public var tableFileCount: Int
    /// Languages checked.
    public var languages: [String]
    /// True when some input could not be read: the findings are incomplete (exit code 2).
    public var hasInputFailures: Bool

    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
}

/// The pipeline: discovery -> parallel source scanning and table loading -> rules.
/// Returns data; printing and exit codes belong to the executable.
public struct Linter: Sendable {
    /// The rule id of findings about input Linza could not read.
    public static let inputErrorID = "input_error"

    public let configuration: Configuration

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Discovers, reads and checks the whole project.
    public func lint() -> LintResult {
        let files = FileDiscovery.discover(configuration)
        let sources = scanSources(files.sources)
        let tables = files.tables.concurrentMap(TableLoader.load)
        let project = LintProject(sources: sources, tables: TableCatalog(files: tables), configuration: configuration)

        let failures = files.failures + sources.compactMap(\.failure) + tables.compactMap(\.failure)
        let findings = Self.applySuppressions(Self.check(project, configuration: configuration), sources: sources)
        let diagnostics = findings + failures.map(Self.diagnostic)
        return LintResult(diagnostics: diagnostics.sortedForOutput(),
                          sourceFileCount: files.sources.count,
                          tableFileCount: files.tables.count,
                          languages: project.requiredLanguages,
                          hasInputFailures: !failures.isEmpty)
    }

    /// Discovers and scans the sources only: every call site, for `linza usages`.
    public func scanUsages() -> (sources: [ScannedSource], failures: [Diagnostic]) {
        let files = FileDiscovery.discover(configuration)
        let sources = scanSources(files.sources)
        let failures = files.failures + sources.compactMap(\.failure)
        return (sources, failures.map(Self.diagnostic).sortedForOutput())
    }

    /// Runs every enabled rule over an already-scanned project.
    public static func check(_ project: LintProject, configuration: Configuration) -> [Diagnostic] {
        RuleRegistry.all.flatMap { rule -> [Diagnostic] in
            guard let severity = RuleRegistry.severity(of: rule, in: configuration) else { return [] }
            return rule.init().check(project, severity: severity)
        }
    }

    /// Drops findings that `linza:disable` comments in their file switch off.
    public static func applySuppressions(_ diagnostics: [Diagnostic], sources: [ScannedSource]) -> [Diagnostic] {
        var indexes: [String: SuppressionIndex] = [:]
        for source in sources where !source.suppressions.isEmpty {
            indexes[source.path] = SuppressionIndex(source.suppressions)
        }
        if indexes.isEmpty { return diagnostics }
        return diagnostics.filter { diagnostic in
            guard let index = indexes[diagnostic.location.file] else { return true }
            return !index.isSuppressed(diagnostic.ruleID, line: diagnostic.location.line)
        }
    }

    private func scanSources(_ paths: [String]) -> [ScannedSource] {
        let scanner = SourceScanner(recognizer: CallRecognizer(functions: configuration.functions,
                                                               defaultTable: configuration.defaultTable))
        return paths.concurrentMap { scanner.scanFile(at: $0) }
    }

    private static func diagnostic(_ failure: InputFailure) -> Diagnostic {
        Diagnostic(ruleID: inputErrorID, severity: .error, message: failure.message,
                   location: failure.location)
    }
}
