#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import LinzaBase
import LinzaKit

/// `linza migrate`: `.strings` and `.stringsdict` tables to String Catalogs, as Xcode's
/// "Migrate to String Catalog" writes them, and with `--to strings` back.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Turn each table's .strings and .stringsdict files into one String Catalog, as Xcode does, or back.",
        discussion: """
            Shows the plan as a diff; --apply writes it, in one transaction. For each table (--table, --module \
            narrow it), every language's .strings and .stringsdict files become <Table>.xcstrings in the folder \
            that holds the .lproj folders, written as Xcode's migration writes it (every unit translated, \
            extractionState migrated, the development file's comments without genstrings' "No comment provided \
            by engineer.", a plural whose format is just %#@var@ and whose forms show only its number collapsed \
            into plural variations, any other as substitutions), and the files are removed. Base.lproj stands for the development language when it has no .lproj of its own; when \
            both exist and disagree, the table is refused. A key written twice keeps its last definition, as in \
            the app and in Xcode's migration (each is listed). Keys only other languages have are refused \
            (--drop-orphans drops them, as Xcode does). Unreadable tables and plural rules a catalog cannot hold \
            are refused; Interface Builder and InfoPlist tables are left as they are. \
            --to strings turns each catalog back into <lang>.lproj/<Table>.strings (and .stringsdict for plurals) \
            beside it and removes it, saying what the old formats do not keep (states, extraction states, a \
            collapsed plural's variable name) and refusing what they cannot hold (device variations). \
            docs/MIGRATION.md says what was checked against real Xcode migrations.
            """
    )

    @OptionGroup var options: WritingCommandOptions
    @OptionGroup var selection: TableSelection

    @Option(name: .long, help: "catalog (the default): .strings + .stringsdict to a String Catalog; strings: back.")
    var to: Direction = .catalog

    @Flag(
        name: .customLong("keep-variable-names"),
        help: "Better than Xcode: keep every .stringsdict plural as substitutions under its variable's name and type.")
    var keepVariableNames = false

    @Flag(
        name: .customLong("review-source-copies"),
        help: "Better than Xcode: mark a translation equal to the development text needs_review, not translated.")
    var reviewSourceCopies = false

    @Flag(
        name: .customLong("drop-orphans"),
        help:
            "Drop keys only other languages have (no development text), with their translations, as Xcode does (default: refuse)."
    )
    var dropOrphans = false

    @Flag(name: .long, help: "Write even when a file to replace has uncommitted git changes.")
    var allowDirty = false

    /// Stops (exit 2, nothing written) when `.linza.yml` names under `resources:` a file the
    /// plan removes (`linza init` names a lone catalog so): lint could not run afterwards.
    func refuseRemovingResources(_ plan: WritePlan, _ configuration: Configuration) throws {
        let resources = Set(
            ([configuration] + configuration.modules.map(\.configuration)).flatMap(\.resources).map(Path.normalize))
        guard let named = plan.wholeFiles.first(where: { $0.removes && resources.contains(Path.normalize($0.path)) })
        else { return }
        let paths = options.project.displayPaths
        let path = paths.path(named.path)
        let folder = paths.path(Path.parent(named.path))
        Output.error(
            "linza: error: .linza.yml names \(path) under resources:, and migrate would remove it, so lint could "
                + "not run afterwards; name its folder (\(folder)) there instead, then migrate. Nothing was written")
        throw ExitCode(LinzaExitCode.failure)
    }

    enum Direction: String, ExpressibleByArgument {
        case catalog
        case strings
    }

    func validate() throws {
        if to == .strings, keepVariableNames || reviewSourceCopies {
            throw ValidationError("--keep-variable-names and --review-source-copies apply to migrating to a catalog")
        }
    }

    func run() throws {
        let configuration = try options.resolve()
        let modules = try options.load(configuration)
        try selection.refuseUnknownModules(modules)
        var plannerOptions = MigratePlanner.Options()
        plannerOptions.modules = Set(selection.module)
        plannerOptions.tables = Set(selection.table)
        plannerOptions.toStrings = to == .strings
        plannerOptions.dropsOrphans = dropOrphans
        plannerOptions.paths = options.project.displayPaths
        plannerOptions.migration.keepsVariableNames = keepVariableNames
        plannerOptions.migration.reviewsSourceCopies = reviewSourceCopies
        let plan = MigratePlanner(options: plannerOptions).plan(modules)
        let root = LintCommand.reportRoot(configuration)
        if options.format == .text, !options.apply || options.dryRun {
            for file in plan.wholeFiles {
                let action = file.removes ? "remove" : "create"
                Output.error("linza: would \(action) \(options.project.displayPaths.path(file.path))")
            }
        }
        try refuseRemovingResources(plan, configuration)
        guard try options.showWhole(plan, root: root) else { return }
        if !allowDirty {
            try UncommittedChanges.refuse(
                plan.wholeFiles.filter(\.removes).map(\.path), root: configuration.baseDirectory,
                paths: options.project.displayPaths)
        }
        try options.apply(plan, within: configuration)
        // A .lproj folder the migration emptied would be left as noise (and a language folder).
        for folder in Set(plan.wholeFiles.filter(\.removes).map { Path.parent($0.path) }).sorted()
        where folder.hasSuffix(".lproj") && Path.entryNames(in: folder).isEmpty {
            _ = rmdir(folder)
        }
    }
}
