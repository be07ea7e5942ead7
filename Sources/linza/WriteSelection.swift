import ArgumentParser
import LinzaKit

/// `--module` and `--table`, for the writers that narrow to modules and tables (`migrate`,
/// and through `KeySelection` `sync`, `prune` and `rename`). `import` and `move` take no
/// selection: their files and their arguments say what they touch, so their help has none.
struct TableSelection: ParsableArguments {
    @Option(name: .long, help: "Only this module (repeatable).")
    var module: [String] = []

    @Option(name: .long, help: "Only this table (repeatable).")
    var table: [String] = []

    /// Stops (exit 2) when `--module` names a module the project does not have: a typo would
    /// otherwise narrow the command to nothing and report nothing to do.
    func refuseUnknownModules(_ modules: [Linter.LoadedModule]) throws {
        let known = modules.compactMap(\.name)
        guard let unknown = module.first(where: { !known.contains($0) }) else { return }
        Output.error("linza: error: \(Messages.unknownModule(unknown, known: known))")
        throw ExitCode(LinzaExitCode.failure)
    }
}

/// `--module`, `--table` and `--key`, for the writers that act on keys (`sync`, `prune`,
/// `rename --derive`).
struct KeySelection: ParsableArguments {
    @OptionGroup var tables: TableSelection

    @Option(name: .long, help: "Only keys matching this wildcard pattern, * and ? (repeatable).")
    var key: [String] = []

    var module: [String] { tables.module }
    var table: [String] { tables.table }
}
