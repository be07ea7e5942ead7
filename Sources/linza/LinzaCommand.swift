import ArgumentParser
import LinzaKit

/// `linza`: the root command; `linza` alone runs `linza lint`.
struct LinzaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linza",
        abstract: "Checks that every localization key used in Swift code exists in every required language.",
        version: BuildInfo.version,
        subcommands: [
            LintCommand.self, StatusCommand.self, UsagesCommand.self, KeysCommand.self, RulesCommand.self,
            BaselineCommand.self, SyncCommand.self, PruneCommand.self, RenameCommand.self, MoveCommand.self,
            ExportCommand.self, ImportCommand.self, MigrateCommand.self,
            InitCommand.self, FilesCommand.self, WatchCommand.self, VersionCommand.self,
        ],
        defaultSubcommand: LintCommand.self
    )
}

/// Options every command that reads a project shares.
struct ProjectOptions: ParsableArguments {
    @Option(
        name: .long, help: "Path of the .linza.yml to use (default: the nearest one at or above the current folder).")
    var config: String?

    @Flag(
        name: .long,
        help:
            "Print absolute paths (default: relative to the current folder for files inside it; absolute in an Xcode build phase)."
    )
    var absolutePaths = false

    /// How this command prints paths: see `DisplayPaths` and `Terminal.runByXcode`.
    var displayPaths: DisplayPaths {
        absolutePaths || Terminal.runByXcode ? .absolute : DisplayPaths(relativeTo: Path.currentDirectory())
    }
}
