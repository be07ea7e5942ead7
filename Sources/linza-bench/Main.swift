import ArgumentParser

/// `linza-bench`: measurements behind docs/BENCHMARKS.md. Not part of the linza product.
@main
struct LinzaBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linza-bench",
        abstract: "Measures Linza's components in-process (build with -c release).",
        subcommands: [
            ScanThroughput.self, GenerateCommand.self, StageCommand.self, BenchmarkCommand.self, StalenessCommand.self,
        ]
    )
}
