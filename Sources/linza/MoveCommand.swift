import ArgumentParser
import LinzaBase
import LinzaKit

/// `linza move`: keys with every translation from one module's table into another's.
struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move keys with their translations in every language from one module's table to another's.",
        discussion: """
            Shows the plan as a diff; --apply writes it. linza move KEY... --from MODULE[/TABLE] --to MODULE[/TABLE] moves each key, in every language, into the \
            target's table (the table name defaults to the project's default table, and the target's to the \
            source's): a .strings entry with its text and comment, a .stringsdict entry with its plural tree, a \
            String Catalog entry whole. A language the target lacks gets its table created next to the target's \
            others (encoded like the target module's tables), or the move is refused; --allow-drop-languages moves without it. A key the \
            target has with another text is a conflict. The source entry is deleted only when no code left in \
            the source module reads it (otherwise it is copied, with a warning); --copy always keeps it. \
            --follow-code PATH (repeatable) adds the keys the code at PATH, which moved to the target module, \
            reads and the target lacks. When the table name changes, the target's calls of the moved keys name \
            the new table. When the target keeps the table in the other format, .strings texts and .stringsdict \
            plurals become one String Catalog entry or back (shapes the other format cannot hold are refused).
            """
    )

    @OptionGroup var options: WritingCommandOptions

    @Argument(help: "The keys to move.")
    var keys: [String] = []

    @Option(name: .long, help: "MODULE or MODULE/TABLE the keys are in.")
    var from: String

    @Option(name: .long, help: "MODULE or MODULE/TABLE to move them to.")
    var to: String

    @Flag(name: .long, help: "Keep the keys in the source too.")
    var copy = false

    @Option(
        name: .customLong("follow-code"), help: "A file or folder of code that moved to the target module (repeatable)."
    )
    var followCode: [String] = []

    @Flag(
        name: .customLong("allow-drop-languages"),
        help: "Move even when a translation cannot be given to the target (it is dropped).")
    var allowDropLanguages = false

    @Flag(name: .long, help: "Write even to files with uncommitted git changes.")
    var allowDirty = false

    func validate() throws {
        if keys.isEmpty && followCode.isEmpty { throw ValidationError("give the keys to move, or --follow-code PATH") }
    }

    func run() throws {
        let configuration = try options.resolve()
        var plannerOptions = MovePlanner.Options(from: MovePlanner.Endpoint(from), to: MovePlanner.Endpoint(to))
        plannerOptions.copy = copy
        plannerOptions.allowDroppingLanguages = allowDropLanguages
        plannerOptions.paths = options.project.displayPaths
        plannerOptions.followCode = followCode.map { Path.absolute($0, relativeTo: Path.currentDirectory()) }
        // A mistyped path would follow no code and report nothing to do.
        for (given, path) in zip(followCode, plannerOptions.followCode) where Path.kind(path) == .missing {
            Output.error("linza: error: \(Messages.missingFollowedCode(given)); nothing was written")
            throw ExitCode(LinzaExitCode.failure)
        }
        let plan: WritePlan
        do {
            plan = try options.plan(configuration) { try MovePlanner(options: plannerOptions).plan(keys, modules: $0) }
        } catch let refusal as MovePlanner.Refusal {
            Output.error("linza: error: \(refusal); nothing was written")
            throw ExitCode(LinzaExitCode.failure)
        }
        let root = LintCommand.reportRoot(configuration)
        guard try options.showWhole(plan, root: root) else { return }
        if !allowDirty {
            try UncommittedChanges.refuse(
                plan.files.filter { !$0.document.isNew }.map(\.path) + plan.sources.map(\.path),
                root: configuration.baseDirectory, paths: options.project.displayPaths)
        }
        try options.apply(plan, within: configuration, accessors: configuration.accessors, copying: copy)
    }
}
