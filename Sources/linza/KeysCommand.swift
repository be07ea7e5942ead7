import ArgumentParser
import LinzaKit

/// `linza keys`: every table entry Linza loaded, for scripts and audits.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List every table entry Linza loads: language, table, key, value, file and position."
    )

    @OptionGroup var project: ProjectOptions
    @OptionGroup var filter: ListingFilter

    @Option(name: .long, help: "Only this language (repeatable).")
    var language: [String] = []

    @Option(name: .long, help: "Output format: text or json.")
    var format: ListingFormat = .text

    func run() throws {
        let configuration = try ConfigurationResolution.resolve(project)
        let (modules, failures) = Linter(configuration: configuration).load()
        var seen = Set<String>()
        let files = filter.filtered(
            modules.flatMap(\.tables).filter { seen.insert($0.file.path + "\u{0}" + $0.language).inserted },
            languages: language)
        switch format {
        case .text: try Output.standard(KeyListing.text(files, paths: project.displayPaths))
        case .json: try Output.standard(KeyListing.json(files))
        }
        if !failures.isEmpty {
            Output.error(Output.describe(failures, paths: project.displayPaths))
            throw ExitCode(LinzaExitCode.failure)
        }
    }
}
