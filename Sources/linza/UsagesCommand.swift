import ArgumentParser
import LinzaKit

/// `linza usages`: lists every localization call site, as genstrings' extraction would.
struct UsagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usages",
        abstract: "List every localization call site Linza finds."
    )

    @OptionGroup var project: ProjectOptions
    @OptionGroup var filter: ListingFilter

    @Option(name: .long, help: "Output format: text or json.")
    var format: ListingFormat = .text

    func run() throws {
        let configuration = try ConfigurationResolution.resolve(project)
        let (sources, failures) = Linter(configuration: configuration).scanUsages()
        let usages = filter.filtered(sources.flatMap(\.usages))
        switch format {
        case .text: try Output.standard(UsageListing.text(usages, paths: project.displayPaths))
        case .json: try Output.standard(UsageListing.json(usages))
        }
        if !failures.isEmpty {
            Output.error(XcodeReporter().report(failures, paths: project.displayPaths))
            throw ExitCode(LinzaExitCode.failure)
        }
    }
}
