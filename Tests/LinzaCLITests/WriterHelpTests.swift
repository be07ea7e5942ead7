import Foundation
import Testing

/// Each writer's help lists the selection options it takes and no other: `import` applies
/// what its files hold and `move` what its arguments name, `migrate` moves whole tables, so
/// an option they would refuse is not offered (issue 34: "the commands' help names every option").
@Suite struct WriterHelpTests {
    let fixtures = LinzaBinary.repositoryRoot + "/Fixtures"

    @Test(arguments: [
        ("sync", ["--module", "--table", "--key"], [String]()),
        ("prune", ["--module", "--table", "--key"], []),
        ("rename", ["--module", "--table", "--key"], []),
        ("migrate", ["--module", "--table"], ["--key"]),
        ("import", [], ["--module", "--table", "--key"]),
        ("move", [], ["--module", "--table", "--key"]),
    ])
    func helpListsTheSelectionTheCommandTakes(command: String, listed: [String], absent: [String]) throws {
        let help = try LinzaBinary.run([command, "--help"], in: fixtures)
        #expect(help.status == 0)
        let options = Set(
            help.standardOutput.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("--") else { return nil }
                return String(trimmed.prefix { $0 != " " && $0 != "," })
            })
        for option in listed { #expect(options.contains(option), "\(command) --help lacks \(option)") }
        for option in absent { #expect(!options.contains(option), "\(command) --help offers \(option)") }
    }

    @Test func anOptionTheHelpDoesNotListIsAUsageError() throws {
        let result = try LinzaBinary.run(["migrate", "--key", "greeting"], in: fixtures + "/SampleApp")
        #expect(result.status == 2)
        #expect(result.standardError.contains("Unknown option '--key'"))
    }
}
