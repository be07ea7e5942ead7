import ArgumentParser
import LinzaKit

/// The options the writing commands (`sync`, `prune`, `rename`, `move`) share, and how they
/// show and apply a plan. Every one of them shows its plan and writes only with `--apply`:
/// one behaviour for every writer, and the safe one on years of translations.
struct WritingCommandOptions: ParsableArguments {
    @OptionGroup var project: ProjectOptions
    @OptionGroup var cache: CacheOptions

    @Flag(name: .long, help: "Write the changes (without it, the command prints the diff it would apply).")
    var apply = false

    @Flag(name: .long, help: "Print a unified diff of every change and write nothing (exit 0), even with --apply.")
    var dryRun = false

    @Flag(name: .long, help: "Write nothing; exit 1 when there is work to do (for CI and pre-commit).")
    var check = false

    @Option(name: .long, help: "text, or json for the plan (json writes nothing).")
    var format: ListingFormat = .text

    /// What `sync` and `prune` plan from: the selection and how paths are printed.
    func plannerOptions(_ selection: KeySelection) -> SyncPlanner.Options {
        var options = SyncPlanner.Options()
        options.modules = Set(selection.module)
        options.tables = Set(selection.table)
        options.keyPatterns = selection.key
        options.paths = project.displayPaths
        return options
    }

    /// The project's configuration, after finishing or rolling back a transaction an earlier
    /// run left half done (a plan made from its files would be made from a torn state).
    func resolve() throws -> Configuration {
        let configuration = try ConfigurationResolution.resolve(project)
        try InterruptedTransaction.recover(configuration, paths: project.displayPaths)
        return configuration
    }

    /// Loads the project and makes `make`'s plan from it, the sources taken from the cache
    /// `lint` and `status` keep where it has them (`WritePlan.planned`: never for a source
    /// the plan edits; the cache is only read).
    func plan(_ configuration: Configuration, _ make: ([Linter.LoadedModule]) throws -> WritePlan) throws -> WritePlan {
        let plan = try WritePlan.planned(
            with: Linter(configuration: configuration, scanCache: cache.open(for: configuration)), load: load, make)
        // The loaded project is gone; what it held is not kept for the files' new bytes.
        FreedMemory.returnToSystem()
        return plan
    }

    /// Loads the project (`plan`), the sources from the cache where it has them; for
    /// `import` and `migrate`, which edit tables only.
    func load(_ configuration: Configuration) throws -> [Linter.LoadedModule] {
        try load(Linter(configuration: configuration, scanCache: cache.open(for: configuration)))
    }

    /// Loads the project; every source and table must be readable, and every source must
    /// lex completely (a call hidden by an unterminated comment would make its key look
    /// unused), or nothing is planned.
    private func load(_ linter: Linter) throws -> [Linter.LoadedModule] {
        let (modules, failures) = linter.load(catalogEntriesWhenAsked: true)
        let problems = modules.flatMap(\.sources).flatMap(\.syntaxProblems)
        guard failures.isEmpty, problems.isEmpty else {
            try Output.standard(
                Output.describe(failures, paths: project.displayPaths)
                    + problems.map {
                        "\(project.displayPaths.location($0.location)): error: \(SourceSyntaxRule.message(for: $0.kind)) [source_syntax]\n"
                    }.joined())
            Output.error("linza: some files could not be read completely; nothing was written")
            throw ExitCode(LinzaExitCode.failure)
        }
        return modules
    }

    /// Loads the project's tables only, String Catalogs unparsed (`import` reads no source,
    /// and parses the catalogs it edits itself); every table must be readable, or nothing
    /// is planned.
    func loadTables(_ configuration: Configuration) throws -> [Linter.LoadedModule] {
        let (modules, failures) = Linter(configuration: configuration).loadTables(parsingCatalogs: false)
        guard failures.isEmpty else {
            try Output.standard(Output.describe(failures, paths: project.displayPaths))
            Output.error("linza: some files could not be read completely; nothing was written")
            throw ExitCode(LinzaExitCode.failure)
        }
        return modules
    }

    /// The project's baseline, when it has one; one that cannot be read stops the command.
    func loadBaseline(_ configuration: Configuration) throws -> (path: String, baseline: Baseline)? {
        guard let path = Baseline.path(for: configuration), Path.kind(path) != .missing else { return nil }
        do {
            return (path, try Baseline.load(path))
        } catch let error as BaselineError {
            Output.error(error.description(paths: project.displayPaths))
            throw ExitCode(LinzaExitCode.failure)
        }
    }

    /// Shows `plan` as the flags ask; returns true when the caller should apply it.
    func show(_ plan: WritePlan, root: String, applies wanted: Bool = true) throws -> Bool {
        let applies = wanted && apply
        let refusals = plan.conflicts.filter { $0.kind == .refusal }
        if format == .json {
            try Output.standard(plan.json(relativeTo: root))
        } else {
            try Output.standard(
                plan.conflicts.map { "\(project.displayPaths.location($0.location)): error: \($0.message)\n" }.joined())
            if dryRun || !applies { try Output.standard(plan.diff(relativeTo: root)) }
        }
        for note in plan.skipped { Output.error("linza: skipped: \(note)") }
        for warning in plan.warnings { Output.error("linza: warning: \(warning)") }
        for sentence in plan.unknown { Output.error("linza: error: \(sentence)") }
        if !plan.unknown.isEmpty {
            Output.error("linza: nothing was written")
            throw ExitCode(LinzaExitCode.failure)
        }
        if plan.isEmpty, plan.conflicts.isEmpty, format == .text, !check, dryRun || !applies {
            Output.error("linza: nothing to do")
        }
        if !plan.isEmpty, plan.conflicts.isEmpty, format == .text, !check, !dryRun, !apply {
            Output.error("linza: nothing was written; run again with --apply to write these changes")
        }
        if !refusals.isEmpty {
            // A refusal is about a file, a key read where Linza cannot follow, or a call that
            // would change: the errors above say which; this line only that nothing changed.
            let count = refusals.count == 1 ? "the error above says" : "the \(refusals.count) errors above say"
            Output.error("linza: nothing was written: \(count) what Linza will not change")
            throw ExitCode(LinzaExitCode.failure)
        }
        if check {
            if !plan.isEmpty || !plan.conflicts.isEmpty { throw ExitCode(LinzaExitCode.findings) }
            return false
        }
        return applies && !dryRun && format == .text
    }

    /// Shows a plan that is one change (a rename, a move): with a conflict, none of it is
    /// shown as a diff or written, and the command ends with exit 1. Returns true when the
    /// caller should apply it.
    func showWhole(_ plan: WritePlan, root: String) throws -> Bool {
        var shown = plan
        if !plan.conflicts.isEmpty {
            shown.files = []
            shown.sources = []
            shown.wholeFiles = []
        }
        guard try show(shown, root: root, applies: plan.conflicts.isEmpty) else {
            if !plan.conflicts.isEmpty {
                Output.error("linza: nothing was written")
                throw ExitCode(LinzaExitCode.findings)
            }
            return false
        }
        return true
    }

    /// Writes the plan in one transaction and says what changed; `copying` when entries that
    /// arrive from another table stay there too (`move --copy`).
    func apply(
        _ plan: WritePlan, within configuration: Configuration, accessors: [AccessorSet] = [],
        copying: Bool = false
    ) throws {
        try refuseWritingOutside(plan, configuration)
        do {
            try plan.apply(journal: InterruptedTransaction.journal(for: configuration))
        } catch {
            // The failure says whether anything was written and whether it was restored.
            Output.error("linza: \(Output.describe(error, paths: project.displayPaths))")
            throw ExitCode(LinzaExitCode.failure)
        }
        let paths = project.displayPaths
        for file in plan.files {
            let path = paths.path(file.path)
            // In a String Catalog, a language's text for an existing key is a localization, not a key.
            let localizations = file.added.count { $0.language != nil }
            let keys = file.added.count - localizations
            let added = [
                keys > 0 ? Self.count(keys) : nil,
                localizations > 0 ? "\(localizations) localization\(localizations == 1 ? "" : "s")" : nil,
            ]
            if !file.added.isEmpty {
                Output.error("linza: added \(added.compactMap { $0 }.joined(separator: " and ")) to \(path)")
            }
            if !file.removed.isEmpty { Output.error("linza: removed \(Self.count(file.removed.count)) from \(path)") }
            if !file.marked.isEmpty { Output.error("linza: marked \(Self.count(file.marked.count)) stale in \(path)") }
            if !file.restored.isEmpty {
                Output.error("linza: restored \(Self.count(file.restoredKeys.count)) in \(path)")
            }
            if !file.arrived.isEmpty {
                Output.error(
                    "linza: \(copying ? "copied" : "moved") \(Self.count(file.arrivedKeys.count)) into \(path)")
            }
            if let language = file.keptTexts.keys.first.map({ String($0.drop { $0 != "\u{0}" }.dropFirst()) }) {
                Output.error(
                    "linza: kept the text of \(Self.count(file.keptTexts.count)) whose old key was their \(language) text, "
                        + "now their \(language) localization, in \(path)")
            }
            if let language = file.droppedTexts.first.map({ String($0.drop { $0 != "\u{0}" }.dropFirst()) }) {
                // What undoes "kept the text": the key shows that text itself again.
                let count = file.droppedTexts.count
                Output.error(
                    "linza: dropped the \(language) localization of \(Self.count(count)) renamed to \(count == 1 ? "its" : "their") "
                        + "\(language) text (it only repeated the new key, which shows that text itself) in \(path)")
            }
            if !file.renamed.isEmpty { Output.error("linza: renamed \(Self.count(file.renamed.count)) in \(path)") }
            if file.translationCount > 0 {
                Output.error(
                    "linza: set \(file.translationCount) text\(file.translationCount == 1 ? "" : "s") in \(path)")
            }
        }
        for source in plan.sources {
            let count = source.replacements.count
            Output.error(
                "linza: rewrote \(count) string literal\(count == 1 ? "" : "s") in \(paths.path(source.path))"
            )
        }
        for file in plan.wholeFiles {
            let action = file.removes ? "removed" : file.original == nil ? "created" : "updated"
            Output.error("linza: \(action) \(paths.path(file.path))")
        }
        if plan.isEmpty { Output.error("linza: nothing to do") }
        // A generated accessor file (SwiftGen's) still names the keys as they were.
        for file in Set(accessors.compactMap(\.file)).sorted() where !plan.isEmpty {
            Output.error(
                "linza: regenerate \(paths.path(file)) so that its accessors match the tables")
        }
    }

    /// Stops (exit 2, nothing written) when a file of `plan` resolves, through a link on its
    /// way, to a place outside the project (the configuration's folder, its included and
    /// resource folders, and its modules'): a `.lproj` folder a pull request made a link to
    /// `../outside` must not lead a new table there.
    func refuseWritingOutside(_ plan: WritePlan, _ configuration: Configuration) throws {
        let roots = InterruptedTransaction.roots(of: configuration)
        let paths =
            plan.files.filter { !$0.edits.isEmpty }.map(\.path) + plan.sources.map(\.path) + plan.wholeFiles.map(\.path)
        for path in paths where !roots.contains(where: { Path.isInside(Path.realOrNearest(path), $0) }) {
            Output.error(
                "linza: error: \(project.displayPaths.path(path)) leads out of the project "
                    + "through a symbolic link; nothing was written")
            throw ExitCode(LinzaExitCode.failure)
        }
    }

    static func count(_ keys: Int) -> String {
        "\(keys) key\(keys == 1 ? "" : "s")"
    }
}

/// `linza sync`: adds the keys code uses to the tables that lack them.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Add every literal key the code uses to the tables that lack it, keeping every other byte.",
        discussion: """
            Shows the plan as a diff; --apply writes it. New keys go to the development language's table, \
            with their comment and text from the call's value:, a generated accessor's fallback:, Base.lproj, \
            or the key where the key is text (an identifier key with no text is listed, not written); --fill dev \
            also adds missing keys to the other required languages (not warned_languages) with the \
            development text (in a String Catalog as needs_review). Entries are placed where the file's \
            order says; a String Catalog in Xcode's layout is written as Xcode writes it, so the next \
            build changes nothing (one in another layout is refused). A new key whose text counts something \
            ("%d items") gets a .stringsdict entry with the development language's plural forms; other \
            languages' forms are for translators and are not filled. --create-tables creates the development \
            language's table when other languages have it (keys whose calls give no text and that are no \
            text themselves are left out, listed), and with --fill dev each required language's that lacks it.
            """
    )

    @OptionGroup var options: WritingCommandOptions
    @OptionGroup var selection: KeySelection

    @Option(
        name: .long,
        help: "dev: also fill the other required languages (not warned_languages) with the development text.")
    var fill: FillSource?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Create missing <lang>.lproj/<Table>.strings: the development language's where other languages have the table; "
                + "with --fill dev, also each required language's that lacks it."))
    var createTables = false

    enum FillSource: String, ExpressibleByArgument {
        case dev
    }

    func run() throws {
        let configuration = try options.resolve()
        var plannerOptions = options.plannerOptions(selection)
        plannerOptions.fillDevelopment = fill == .dev
        plannerOptions.createTables = createTables
        let plan = try options.plan(configuration) { SyncPlanner(options: plannerOptions).plan($0) }
        let root = LintCommand.reportRoot(configuration)
        guard try options.show(plan, root: root) else { return }
        try options.apply(plan, within: configuration, accessors: configuration.accessors)
        if !plan.conflicts.isEmpty { throw ExitCode(LinzaExitCode.findings) }
    }
}

/// `linza prune`: deletes the keys no code uses.
struct PruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete the keys unused_key reports from every language's tables.",
        discussion: """
            Shows the plan as a diff; --apply writes it. A table whose keys would mostly go (prune_limit:, \
            half by default) is left whole, saying what Linza may not see; --key or --force prunes it. \
            Keys covered by a dynamic key's literal start, written anywhere in code, or kept by ignore_keys \
            and ignore_tables stay, as do Interface Builder and InfoPlist tables. Each entry goes with its \
            comment block (a .stringsdict entry whole). In a String Catalog, an unused entry is marked \
            stale, as Xcode marks keys it no longer finds in code (lint then leaves it), or with \
            --catalog delete removed, with every entry already marked stale that no code uses.
            """
    )

    @OptionGroup var options: WritingCommandOptions
    @OptionGroup var selection: KeySelection

    @Flag(name: .long, help: "Also prune tables whose keys would mostly go (more than prune_limit:, half by default).")
    var force = false

    @Option(name: .long, help: "mark-stale (the default) or delete: what prune does to an unused String Catalog entry.")
    var catalog: CatalogAction = .markStale

    @Option(
        name: .long, help: "With --apply: also write everything removed (all languages, comments) to this JSON file.")
    var archive: String?

    @Option(name: .long, help: "Put back what an archive written by --archive holds, where it was.")
    var restore: String?

    func validate() throws {
        if archive != nil && !options.apply {
            throw ValidationError("--archive needs --apply (without it, nothing is removed)")
        }
        if restore != nil && archive != nil { throw ValidationError("--restore cannot be combined with --archive") }
    }

    enum CatalogAction: String, ExpressibleByArgument {
        case markStale = "mark-stale"
        case delete
    }

    func run() throws {
        let configuration = try options.resolve()
        let root = LintCommand.reportRoot(configuration)
        if let restore {
            let plan: WritePlan
            do {
                plan = try PruneArchive.restorePlan(try FileReader.read(restore), root: root)
            } catch {
                Output.error("linza: \(restore): \(Output.describe(error, paths: options.project.displayPaths))")
                throw ExitCode(LinzaExitCode.failure)
            }
            guard try options.show(plan, root: root) else { return }
            try options.apply(plan, within: configuration)
            return
        }
        // Without the baseline, prune would delete what the team chose to keep.
        let baseline = try options.loadBaseline(configuration)?.baseline
        let planner = PrunePlanner(
            options: options.plannerOptions(selection), baseline: baseline, deletesCatalogEntries: catalog == .delete,
            isForced: force)
        let plan = try options.plan(PrunePlanner.preparing(configuration)) { planner.plan($0) }
        guard try options.show(plan, root: root) else { return }
        // The archive is written first: a prune whose archive cannot be written does not run.
        if let archive {
            // Only a missing file or an earlier archive is replaced: a mistyped path must not
            // turn a source file into JSON.
            if Path.kind(archive) != .missing, (try? PruneArchive.isArchive(FileReader.read(archive))) != true {
                Output.error(
                    "linza: \(archive) exists and is no prune archive; it is left as it is and nothing was removed")
                throw ExitCode(LinzaExitCode.failure)
            }
            do {
                try AtomicFile.write(PruneArchive.make(plan, root: root), to: archive)
            } catch {
                Output.error(
                    "linza: cannot write the archive \(archive): "
                        + "\(Output.describe(error, paths: options.project.displayPaths)); nothing was removed")
                throw ExitCode(LinzaExitCode.failure)
            }
        }
        try options.apply(plan, within: configuration, accessors: configuration.accessors)
    }
}

extension Messages {
    /// `--module` names no module of the project.
    static func unknownModule(_ name: String, known: [String]) -> String {
        known.isEmpty
            ? "no module named \(quoted(name)): the project configures no modules (modules: in .linza.yml)"
            : "no module named \(quoted(name)); the modules are \(known.map(quoted).joined(separator: ", "))"
    }

    /// A `--follow-code` path that does not exist.
    static func missingFollowedCode(_ path: String) -> String {
        "--follow-code \(Path.printable(path)): no such file or folder"
    }
}
