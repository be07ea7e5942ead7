import ArgumentParser
import LinzaKit

/// `linza files`: every file a lint run reads, e.g. to write the input file list a
/// sandboxed Xcode build phase declares.
struct FilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "files",
        abstract: "List every file `linza lint` reads: the configuration, baseline, sources, tables and storyboards.",
        discussion: "With --xcfilelist the paths are written as $(SRCROOT)/<path from the current folder>, "
            + "the format of an Xcode input file list; run it in the folder that holds the .xcodeproj."
    )

    @OptionGroup var project: ProjectOptions

    @Flag(name: .long, help: "Write an Xcode input file list (.xcfilelist).")
    var xcfilelist = false

    func run() throws {
        let configuration = try ConfigurationResolution.resolve(project)
        let configurationFile: String?
        do {
            configurationFile = try ConfigurationResolution.file(project)
        } catch {
            Output.error(error.description(paths: project.displayPaths))
            throw ExitCode(LinzaExitCode.failure)
        }
        let discovered = Linter(configuration: configuration).discover()
        let failures = discovered.flatMap(\.files.failures)
        var files = [configurationFile, configuration.baseline].compactMap { $0 }
        for (_, found) in discovered {
            files += found.sources + found.tables.map(\.path) + found.interfaceFiles
        }
        var seen = Set<String>()
        let workingDirectory = Path.currentDirectory()
        let lines = files.filter { seen.insert($0).inserted }.map { path -> String in
            guard let relative = Path.relative(path, to: workingDirectory) else { return Path.printable(path) }
            return Path.printable(xcfilelist ? "$(SRCROOT)/" + relative : relative)
        }
        try Output.standard(lines.map { $0 + "\n" }.joined())
        if !failures.isEmpty {
            Output.error(Output.describe(failures, paths: project.displayPaths))
            throw ExitCode(LinzaExitCode.failure)
        }
    }
}
