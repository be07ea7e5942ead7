import ArgumentParser
import LinzaKit

/// `linza-bench stage scan|tables --config FILE`: one part of a lint run in its own
/// process, so the benchmark can time scanning and table loading apart from the rest.
struct StageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stage",
        abstract: "Run only file discovery plus source scanning, or plus table loading, as linza lint does them."
    )

    enum Stage: String, ExpressibleByArgument {
        case scan, tables
    }

    @Argument(help: "scan or tables.")
    var stage: Stage

    @Option(help: "The .linza.yml of the project.")
    var config: String

    func run() throws {
        let configuration = try ConfigurationLoader.load(
            file: Path.absolute(config, relativeTo: Path.currentDirectory()))
        let linter = Linter(configuration: configuration)
        switch stage {
        case .scan:
            let (sources, failures) = linter.scanUsages()
            print(
                "\(sources.count) files, \(sources.reduce(0) { $0 + $1.usages.count }) usages, \(failures.count) failures"
            )
        case .tables:
            // Each file is parsed and dropped, as lint's language passes do.
            let files = Array(Set(linter.discover().flatMap(\.files.tables))).sorted { $0.path < $1.path }
            let entries = files.concurrentMap { TableLoader.load($0).reduce(0) { $0 + $1.entries.count } }
            print("\(files.count) files, \(entries.reduce(0, +)) entries")
        }
    }
}
