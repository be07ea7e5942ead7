import ArgumentParser
import LinzaBase
import LinzaKit

/// `linza import`: translations from XLIFF files and `.xcloc` bundles into the tables.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Apply the translations of .xliff files or .xcloc bundles to the tables, as Xcode's importer does.",
        discussion: """
            Shows the plan as a diff; --apply writes it, all files in one transaction. Each <file>'s original \
            names the development table (relative to the folder of .linza.yml) and its target-language the \
            language, matched to the project's spelling of it (zh-CN means the project's zh-Hans when it has no \
            zh-CN). A unit is applied only when its <source> is the project's current source text \
            (--accept-changed-source applies it anyway); its target state becomes the String Catalog state \
            (needs-review-l10n: needs_review, new: new, others: translated). .strings files keep their encoding, \
            order, comments and quoting, and gain missing keys where the file's order says; a .stringsdict entry \
            keeps its NSStringFormatSpecTypeKey and NSStringFormatValueTypeKey, a new one takes them from the \
            development entry; a String Catalog is written in Xcode's layout. A text equal to the one there \
            changes nothing. A language without the table gets <lang>.lproj/<Table> created beside the other \
            languages' folders, or its units are reported when they are in more than one folder. Every unit not \
            applied is reported at its line in the XLIFF, with why: stale source, unknown key (a key only code has is \
            one unless --include-missing, which applies it as Xcode does), unknown file, a plural category the \
            language lacks, a translate="no" unit translated; and the targets are checked as \
            lint --xliff checks them (format_mismatch, plural_forms, empty_value). --check exits 1 when anything \
            would change, was not applied, or has an error-level finding.
            """
    )

    @OptionGroup var options: WritingCommandOptions

    @Argument(help: "The .xliff files and .xcloc bundles to import.")
    var files: [String] = []

    @Flag(
        name: .customLong("accept-changed-source"),
        help: "Apply units whose <source> is no longer the project's source text.")
    var acceptChangedSource = false

    @Flag(
        name: .customLong("include-missing"),
        help: ArgumentHelp(
            "Also apply units of keys code uses that the development table lacks, as Xcode's importer does.",
            discussion:
                "Their source is the call's value: (else the key), as export --include-missing writes it; a String "
                + "Catalog gains the key's entry as Xcode's extraction writes it. Reads the code, each unchanged "
                + "file's scan from the cache lint keeps."))
    var includeMissing = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give the .xliff files or .xcloc bundles to import") }
    }

    func run() throws {
        let configuration = try options.resolve()
        let documents = try ExchangeFiles.read(
            files, paths: options.project.displayPaths, consequence: "nothing was written")
        var plannerOptions = ImportPlanner.Options()
        plannerOptions.acceptChangedSource = acceptChangedSource
        plannerOptions.paths = options.project.displayPaths
        plannerOptions.includeMissing = includeMissing
        // With --include-missing the code is read too (the scans from the cache lint keeps,
        // a source that does not read completely stopping the import, as in every writer).
        let modules = try includeMissing ? options.load(configuration) : options.loadTables(configuration)
        let result = ImportPlanner(options: plannerOptions).plan(
            documents, modules: modules, root: configuration.baseDirectory)
        // The checks of `lint --xliff` on the targets themselves (placeholders, plural forms,
        // empty texts); the units the plan does not apply are its skips.
        var linter = XLIFFLinter()
        linter.judgesUnits = false
        linter.rules = RuleRegistry.all.filter { $0.inputs.contains(.languageTables) }
        let findings = linter.lint(documents, modules: modules, configuration: configuration).diagnostics
        let root = LintCommand.reportRoot(configuration)
        if options.format == .text {
            let paths = options.project.displayPaths
            try Output.standard(
                result.skips.map { skip in
                    "\(paths.location(skip.location)): warning: \(skip.reason) [\(Messages.quoted(skip.id))]\n"
                }.joined()
                    + findings.map { finding in
                        "\(paths.location(finding.location)): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]\n"
                    }.joined())
        }
        Output.error(
            "linza: \(result.applied) text\(result.applied == 1 ? "" : "s") to set, \(result.unchanged) already there, "
                + "\(result.skips.count) not applied, \(result.untranslated) without a target")
        guard try options.show(result.plan, root: root) else {
            if options.check && (!result.skips.isEmpty || findings.contains { $0.severity == .error }) {
                throw ExitCode(LinzaExitCode.findings)
            }
            return
        }
        try options.apply(result.plan, within: configuration)
        if !result.plan.conflicts.isEmpty { throw ExitCode(LinzaExitCode.findings) }
    }
}
