import ArgumentParser
import LinzaKit

/// `linza version`: the same line as `linza --version`.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print Linza's version (and the commit of a release build)."
    )

    func run() throws {
        try Output.standard(BuildInfo.version + "\n")
    }
}
