import ArgumentParser
import LinzaBase
import LinzaKit

/// `linza export`: what `xcodebuild -exportLocalizations` writes, from the tables alone.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the .xcloc bundles (or XLIFF files) Xcode's Export Localizations writes, without a build.",
        discussion: """
            For each language, DIR/<lang>.xcloc with contents.json, Localized Contents/<lang>.xliff, Source \
            Contents/ (a copy of each development table) and Notes/, as Xcode writes them; --format xliff writes \
            DIR/<lang>.xliff alone. One <file> per table (.strings, .stringsdict, String Catalog) with original = \
            the development table's path relative to the folder of .linza.yml, in Xcode's order, units with \
            Xcode's ids, states, notes and escaping. Interface Builder tables are not exported (Xcode exports them \
            from the storyboards). Export writes only new files: an existing output is replaced only when it is \
            an earlier export of the same language (an .xcloc whose contents.json names it, an .xliff whose files \
            all target it), otherwise nothing is written (exit 2). All files are written at once or none. \
            --dry-run lists what would be written. --include-missing reads the code, each unchanged file's scan \
            from the cache lint and status keep (--no-cache, --cache-path). docs/ROUNDTRIP.md has the format facts.
            """
    )

    @OptionGroup var project: ProjectOptions
    @OptionGroup var cache: CacheOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A language to export (repeatable; the development language too, if asked). Default: every language "
                + "the project has (tables, catalogs, required and warned languages) but the development language."))
    var language: [String] = []

    @Option(name: .long, help: "The folder to write to (default: the current folder).")
    var output: String?

    @Option(name: .long, help: "xcloc (default: an .xcloc bundle per language) or xliff (an .xliff file per language).")
    var format: ExportPlanner.Format = .xcloc

    @Option(
        name: .customLong("xcode-version"),
        help:
            "The Xcode version the <tool> header and contents.json name (default \(ExportPlanner.defaultXcodeVersion))."
    )
    var xcodeVersion: String?

    @Option(
        name: .customLong("xcode-build"),
        help: "That Xcode's build number (default \(ExportPlanner.defaultXcodeBuild)); give both or neither.")
    var xcodeBuild: String?

    @Option(name: .long, help: "Only this module's tables (repeatable).")
    var module: [String] = []

    @Flag(
        name: .customLong("include-missing"),
        help:
            "Also export the keys code uses that no table has, with the call's value and comment, where they are used in the note."
    )
    var includeMissing = false

    @Flag(name: .long, help: "List the files export would write, and write nothing (exit 0).")
    var dryRun = false

    func validate() throws {
        if (xcodeVersion == nil) != (xcodeBuild == nil) {
            throw ValidationError("give --xcode-version and --xcode-build together (e.g. 16.4 and 16F6)")
        }
        for code in language where LanguageCode.normalize(code) == nil {
            throw ValidationError("--language \(code): not a language code (en, de, pt-BR, zh-Hans)")
        }
    }

    func run() throws {
        let configuration = try ConfigurationResolution.resolve(project)
        let modules = try loadModules(configuration)
        let known = modules.compactMap(\.name)
        if let unknown = module.first(where: { !known.contains($0) }) {
            Output.error("linza: error: \(Messages.unknownModule(unknown, known: known))")
            throw ExitCode(LinzaExitCode.failure)
        }
        var options = ExportPlanner.Options(
            output: Path.absolute(output ?? ".", relativeTo: Path.currentDirectory()),
            projectRoot: configuration.baseDirectory)
        options.languages = language.compactMap(LanguageCode.normalize)
        options.format = format
        if let xcodeVersion, let xcodeBuild { options.tool = XLIFFTool(version: xcodeVersion, buildNumber: xcodeBuild) }
        options.modules = Set(module)
        options.includeMissing = includeMissing
        let plan: ExportPlan
        do {
            plan = try ExportPlanner(options: options).plan(modules)
        } catch let refusal as TableRefusal {
            Output.error("linza: error: \(refusal.description(paths: project.displayPaths))")
            throw ExitCode(LinzaExitCode.failure)
        }
        for note in plan.skipped { Output.error("linza: skipped: \(note)") }
        for warning in plan.warnings { Output.error("linza: warning: \(warning)") }
        if dryRun {
            try Output.standard(plan.listing(paths: project.displayPaths))
            Output.error("linza: nothing was written (--dry-run)")
            return
        }
        do {
            try plan.apply()
        } catch {
            Output.error("linza: \(Output.describe(error, paths: project.displayPaths))")
            throw ExitCode(LinzaExitCode.failure)
        }
        for exported in plan.outputs {
            Output.error(
                "linza: exported \(exported.language): \(exported.units) unit\(exported.units == 1 ? "" : "s") from "
                    + "\(exported.tables) table\(exported.tables == 1 ? "" : "s") to "
                    + project.displayPaths.path(exported.path))
        }
    }

    /// The modules' tables (and, for --include-missing, their code scanned and bound, the
    /// scans from the cache `lint` keeps where it has them, which export only reads); any
    /// file that cannot be read stops the export (exit 2).
    private func loadModules(_ configuration: Configuration) throws -> [ExportModule] {
        let linter = Linter(
            configuration: configuration, scanCache: includeMissing ? cache.open(for: configuration) : nil)
        if includeMissing {
            let (modules, failures) = linter.load()
            try refuse(failures)
            return modules.map {
                ExportModule(
                    name: $0.name, configuration: $0.configuration, tables: $0.tables.map(\.file).uniqued(),
                    interfaceNames: $0.interfaceNames, missing: ExportModule.missingKeys(of: $0.project),
                    codeTables: CodeDevelopmentTable.tables(of: $0))
            }
        }
        let discovered = linter.discover()
        try refuse(discovered.flatMap(\.files.failures))
        let names = configuration.modules.isEmpty ? [nil] : configuration.modules.map(\.name)
        return zip(discovered, names).map { found, name in
            ExportModule(
                name: name, configuration: found.module, tables: found.files.tables,
                interfaceNames: found.files.interfaceNames)
        }
    }

    private func refuse(_ failures: [InputFailure]) throws {
        guard !failures.isEmpty else { return }
        try Output.standard(Output.describe(failures, paths: project.displayPaths))
        Output.error("linza: some files could not be read; nothing was written")
        throw ExitCode(LinzaExitCode.failure)
    }
}

extension ExportPlanner.Format: ExpressibleByArgument {}

extension Array where Element == TableFile {
    /// Each file once, in order: a catalog is loaded once per language it holds.
    fileprivate func uniqued() -> [TableFile] {
        var seen = Set<String>()
        return compactMap { file in
            guard seen.insert(file.path).inserted else { return nil }
            var file = file
            if file.format == .xcstrings { file.language = nil }
            return file
        }
    }
}
