import ArgumentParser
import LinzaBase
import LinzaKit

/// `linza rename`: renames keys in code and in every language's tables, in one transaction.
struct RenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename keys at every call site and in every language's tables, in one transaction.",
        discussion: """
            Shows the plan as a diff; --apply writes it. linza rename OLD NEW renames one key; --map FILE renames many (tab-separated OLD<TAB>NEW lines, or a \
            JSON object {"OLD": "NEW"}), checked for keys renamed twice, two keys renamed to one, chains and \
            cycles before anything is planned. The key literal of every call Linza recognises is rewritten in its \
            own form (plain, raw, multi-line, @"…"); each .strings entry keeps its quoting, a .stringsdict entry \
            its plural tree, a String Catalog entry everything it holds (moved to its sorted place). A key a \
            dynamic key may read, or one read through a generated accessor, is refused. When NEW is already a \
            key of the table, or one code reads from it: --on-collision fail (the default) shows both keys' values; \
            merge-identical keeps the existing entry when the two are the same entry across the whole table (of \
            one kind, with the same values in every language); suffix renames to the first free \
            numbered key (NEW1) with a warning. With any conflict nothing is written. A string literal outside \
            localization calls that reads as OLD (a key on its way to a call) is listed, and renamed with \
            --include-bare-literals. The baseline's findings about renamed keys follow them. In a git working \
            tree, files with uncommitted changes are not rewritten unless --allow-dirty.
            """
    )

    @OptionGroup var options: WritingCommandOptions
    @OptionGroup var selection: KeySelection

    @Argument(help: "OLD NEW: the key and its new name.")
    var keys: [String] = []

    @Option(name: .long, help: "A file of renames: OLD<TAB>NEW lines, or a JSON object {\"OLD\": \"NEW\"}.")
    var map: String?

    @Option(
        name: .customLong("on-collision"),
        help: "fail, merge-identical or suffix: what to do when NEW is already a key.")
    var onCollision: RenamePlanner.Collision = .fail

    @Flag(
        name: .long, help: "Also rename string literals outside localization calls that read as OLD (listed otherwise)."
    )
    var includeBareLiterals = false

    @Flag(name: .long, help: "Write even to files with uncommitted git changes.")
    var allowDirty = false

    @Flag(name: .long, help: "Propose new keys from one language's values (camelCase words) and rename to them.")
    var derive = false

    @Option(
        name: .long, help: "With --derive: the language whose values name the keys (default: the development language)."
    )
    var language: String?

    @Option(name: .long, help: "With --derive: at most this many words of the value (default 5).")
    var maxWords = 5

    @Option(name: .long, help: "With --derive: appended when the value has format specifiers (default WithParam).")
    var formatSuffix = "WithParam"

    @Flag(
        name: .long,
        help: "With --derive: print the proposed map (tab-separated, or JSON with --format json) and change nothing.")
    var printMap = false

    func validate() throws {
        if !derive,
            language != nil || printMap || maxWords != 5 || formatSuffix != "WithParam" || !selection.key.isEmpty
        {
            throw ValidationError("--language, --max-words, --format-suffix, --print-map and --key go with --derive")
        }
        if derive, map != nil || !keys.isEmpty {
            throw ValidationError("--derive proposes the renames itself: give no OLD NEW and no --map")
        }
        if !derive, map != nil, !keys.isEmpty { throw ValidationError("give OLD NEW or --map FILE, not both") }
        if !derive, map == nil, keys.count != 2 {
            throw ValidationError("give the key and its new name (linza rename OLD NEW), --map FILE or --derive")
        }
        if maxWords < 1 { throw ValidationError("--max-words must be at least 1") }
    }

    func run() throws {
        var renames: [RenamePlanner.Rename] = []
        if !derive {
            renames = try requestedRenames()
            try refuseUnusable(renames)
        }
        let configuration = try options.resolve()
        var plannerOptions = RenamePlanner.Options()
        plannerOptions.modules = Set(selection.module)
        plannerOptions.tables = Set(selection.table)
        plannerOptions.collision = onCollision
        plannerOptions.includeBareLiterals = includeBareLiterals
        plannerOptions.paths = options.project.displayPaths
        var warnings: [String] = []
        var checkedSources = Set<String>()
        var plan = try options.plan(configuration) { modules in
            try selection.tables.refuseUnknownModules(modules)
            checkedSources = Set(modules.flatMap(\.sources).map(\.path))
            if derive {
                var derivation = RenameDerivation.Options()
                derivation.language = language
                derivation.maxWords = maxWords
                derivation.formatSuffix = formatSuffix
                derivation.keyPatterns = selection.key
                derivation.modules = Set(selection.module)
                derivation.tables = Set(selection.table)
                (renames, warnings) = RenameDerivation(options: derivation).derive(modules)
                // The map is printed below, and nothing planned.
                if printMap { return WritePlan() }
                try refuseUnusable(renames)
            }
            return RenamePlanner(options: plannerOptions).plan(renames, modules: modules)
        }
        if derive && printMap {
            for warning in warnings { Output.error("linza: warning: \(warning)") }
            try Output.standard(try Self.mapText(renames, json: options.format == .json))
            return
        }
        plan.warnings = warnings + plan.warnings
        if !plan.isEmpty {
            plan.warnings += RenameOutsideSources.warnings(
                for: renames.map(\.old), in: configuration, checked: checkedSources,
                paths: options.project.displayPaths)
        }
        let root = LintCommand.reportRoot(configuration)
        if let (path, baseline) = try options.loadBaseline(configuration) {
            followRenames(in: baseline, at: path, root: configuration.baseDirectory, plan: &plan)
        }
        guard try options.showWhole(plan, root: root) else { return }
        if !allowDirty {
            try UncommittedChanges.refuse(
                plan.files.filter { !$0.document.isNew }.map(\.path) + plan.sources.map(\.path)
                    + plan.wholeFiles.map(\.path), root: configuration.baseDirectory,
                paths: options.project.displayPaths)
        }
        try options.apply(plan, within: configuration, accessors: configuration.accessors)
    }

    /// Stops (exit 2) when the renames cannot be applied as one plan.
    private func refuseUnusable(_ renames: [RenamePlanner.Rename]) throws {
        let problems = RenamePlanner.problems(in: renames)
        guard !problems.isEmpty else { return }
        for problem in problems { Output.error("linza: error: \(problem)") }
        Output.error("linza: the renames cannot be applied as one change; nothing was written")
        throw ExitCode(LinzaExitCode.failure)
    }

    /// A map file's text: `OLD<TAB>NEW` lines, or a JSON object (which any key fits).
    static func mapText(_ renames: [RenamePlanner.Rename], json: Bool) throws -> String {
        if json {
            return JSONValue.object(renames.map { ($0.old, JSONValue.string($0.new)) }).rendered() + "\n"
        }
        let unfit = renames.first { rename in
            (rename.old + rename.new).contains { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
                || rename.old.hasPrefix("#")
        }
        if let unfit {
            Output.error(
                "linza: \(Messages.quoted(unfit.old)) holds a tab, a line break or starts with #, which a tab-separated "
                    + "map cannot hold; use --format json")
            throw ExitCode(LinzaExitCode.failure)
        }
        return renames.map { "\($0.old)\t\($0.new)\n" }.joined()
    }

    /// Adds the baseline, its findings following the renamed keys, to `plan`; one not written
    /// as `linza baseline write` writes it is left as it is, saying so.
    private func followRenames(in baseline: Baseline, at path: String, root: String, plan: inout WritePlan) {
        let renamed = baseline.renaming(in: plan, root: root)
        guard renamed != baseline else { return }
        guard let bytes = try? FileReader.read(path), bytes == Array(baseline.json().utf8) else {
            plan.skipped.append(
                "\(options.project.displayPaths.path(path)) is not laid out as `linza baseline write` writes it, "
                    + "so its findings about renamed keys were left; run `linza baseline write` to record them again")
            return
        }
        plan.wholeFiles.append(FileTransaction.Change(path: path, original: bytes, updated: Array(renamed.json().utf8)))
    }

    private func requestedRenames() throws -> [RenamePlanner.Rename] {
        guard let map else { return [RenamePlanner.Rename(old: keys[0], new: keys[1])] }
        do {
            return try RenameMap.parse(try FileReader.read(map))
        } catch let failure as RenameMap.Failure {
            Output.error("linza: \(Path.printable(map)):\(failure.line): error: \(failure.message)")
        } catch {
            Output.error("linza: cannot read the map \(Path.printable(map)): \(error)")
        }
        throw ExitCode(LinzaExitCode.failure)
    }
}

extension RenamePlanner.Collision: ExpressibleByArgument {}
