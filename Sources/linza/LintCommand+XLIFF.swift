import ArgumentParser
import LinzaKit

/// `linza lint --xliff FILE…`: XLIFF files and `.xcloc` bundles checked against the project
/// (`XLIFFLinter`), reported as lint reports its findings, with lint's exit codes.
extension LintCommand {
    func lintXLIFF() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let unsupported = [
            ("--staged", staged), ("--hook", hook), ("--use-script-input-file-lists", useScriptInputFileLists),
            ("--baseline", baseline != nil), ("--per-language", perLanguage),
        ]
        if let (flag, _) = unsupported.first(where: \.1) {
            Output.error("linza: \(flag) does not apply to --xliff, which checks the files given, not the project")
            throw ExitCode(LinzaExitCode.failure)
        }
        guard !paths.isEmpty else {
            Output.error("linza: --xliff: give the .xliff files or .xcloc bundles to check")
            throw ExitCode(LinzaExitCode.failure)
        }
        if strict && lenient {
            Output.error("linza: --strict and --lenient contradict each other; use one")
            throw ExitCode(LinzaExitCode.failure)
        }
        let configuration = try ConfigurationResolution.resolve(project)
        InterruptedTransaction.warn(configuration, paths: project.displayPaths)
        let reports = try chosenReports(configuration)
        let documents = try ExchangeFiles.read(paths, paths: project.displayPaths, consequence: "nothing was checked")
        let (modules, loadFailures) = Linter(configuration: configuration).loadTables()
        let checked = XLIFFLinter().lint(documents, modules: modules, configuration: configuration)
        let failures = loadFailures + checked.failures
        let result = LintResult(
            diagnostics: (checked.diagnostics
                + failures.map {
                    Diagnostic(
                        ruleID: Linter.inputErrorID, severity: .error, message: $0.message, location: $0.location)
                }).sortedForOutput(),
            sourceFileCount: 0, tableFileCount: documents.count, languages: checked.languages,
            hasInputFailures: !failures.isEmpty)
        var utf16Columns: [Location: Int] = [:]
        if reports.contains(where: { ReporterRegistry.type(named: $0.name)!.countsUTF16Columns }) {
            utf16Columns = UTF16Columns.columns(of: result.diagnostics)
        }
        try finish(
            result, reports: reports, reportRoot: Self.reportRoot(configuration),
            projectFolder: configuration.baseDirectory, utf16Columns: utf16Columns,
            staleBaselineEntries: 0, duration: clock.now - start,
            checked: "\(documents.count) XLIFF file\(documents.count == 1 ? "" : "s")")
    }
}
