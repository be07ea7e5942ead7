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
            applied is reported at its line in the XLIFF, with why: stale source, unknown key, unknown file, a \
            plural category the language lacks, a translate="no" unit translated. --check exits 1 when anything \
            would change or was not applied.
            """
    )

    @OptionGroup var options: WritingCommandOptions

    @Argument(help: "The .xliff files and .xcloc bundles to import.")
    var files: [String] = []

    @Flag(
        name: .customLong("accept-changed-source"),
        help: "Apply units whose <source> is no longer the project's source text.")
    var acceptChangedSource = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("give the .xliff files or .xcloc bundles to import") }
        if !options.key.isEmpty || !options.module.isEmpty || !options.table.isEmpty {
            throw ValidationError("import applies what the files hold; --key, --module and --table do not apply")
        }
    }

    func run() throws {
        let configuration = try options.resolve()
        let documents = try ImportFiles.read(files, paths: options.project.displayPaths)
        var plannerOptions = ImportPlanner.Options()
        plannerOptions.acceptChangedSource = acceptChangedSource
        plannerOptions.paths = options.project.displayPaths
        let result = ImportPlanner(options: plannerOptions).plan(
            documents, modules: try options.load(configuration), root: configuration.baseDirectory)
        let root = LintCommand.reportRoot(configuration)
        if options.format == .text {
            try Output.standard(
                result.skips.map { skip in
                    "\(options.project.displayPaths.location(skip.location)): warning: \(skip.reason) "
                        + "[\(Messages.quoted(skip.id))]\n"
                }.joined())
        }
        Output.error(
            "linza: \(result.applied) text\(result.applied == 1 ? "" : "s") to set, \(result.unchanged) already there, "
                + "\(result.skips.count) not applied, \(result.untranslated) without a target")
        guard try options.show(result.plan, root: root) else {
            if options.check && !result.skips.isEmpty { throw ExitCode(LinzaExitCode.findings) }
            return
        }
        try options.apply(result.plan, within: configuration)
        if !result.plan.conflicts.isEmpty { throw ExitCode(LinzaExitCode.findings) }
    }
}

/// The XLIFF documents `import` is given: `.xliff` files as they are, and the
/// `Localized Contents/*.xliff` of each `.xcloc` bundle.
enum ImportFiles {
    static func read(_ arguments: [String], paths: DisplayPaths) throws -> [ImportDocument] {
        var files: [String] = []
        for argument in arguments {
            let path = Path.absolute(argument, relativeTo: Path.currentDirectory())
            switch Path.kind(path) {
            case .directory:
                let localized = Path.join(path, "Localized Contents")
                let found = Path.entryNames(in: localized).filter { $0.hasSuffix(".xliff") }.sorted()
                guard !found.isEmpty else {
                    Output.error(
                        "linza: error: \(Path.printable(argument)) is a folder without Localized Contents/*.xliff "
                            + "(an .xcloc bundle has one); nothing was written")
                    throw ExitCode(LinzaExitCode.failure)
                }
                files += found.map { Path.join(localized, $0) }
            case .missing:
                Output.error("linza: error: \(Path.printable(argument)): no such file; nothing was written")
                throw ExitCode(LinzaExitCode.failure)
            default:
                files.append(path)
            }
        }
        return try files.map { path in
            do {
                return ImportDocument(path: path, document: try XLIFFReader.read(try FileReader.read(path), path: path))
            } catch let error as XLIFFReadError {
                Output.error(
                    "\(paths.location(Location(file: error.path, line: error.line, column: error.column))): error: "
                        + "\(error.message); nothing was written")
                throw ExitCode(LinzaExitCode.failure)
            } catch {
                Output.error(
                    "linza: error: \(paths.path(path)): \(Output.describe(error, paths: paths)); nothing was written")
                throw ExitCode(LinzaExitCode.failure)
            }
        }
    }
}
