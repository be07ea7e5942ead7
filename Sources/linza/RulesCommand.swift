import ArgumentParser
import LinzaKit

/// `linza rules [ID]`: what each rule finds.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules, or describe one with its examples."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case markdown
    }

    @Argument(help: "A rule id, to show its description and examples.")
    var id: String?

    @Option(name: .long, help: "text, or markdown (the whole rule reference, as in docs/RULES.md).")
    var format: Format = .text

    func run() throws {
        if format == .markdown {
            try Output.standard(RuleDocumentation.markdown())
            return
        }
        guard let id else {
            try Output.standard(RuleDocumentation.list())
            return
        }
        guard let rule = RuleRegistry.rule(id: id) else {
            let hint = RuleRegistry.suggestion(for: id).map { "; did you mean '\($0)'?" } ?? ""
            Output.error("linza: unknown rule '\(id)'\(hint)")
            throw ExitCode(LinzaExitCode.failure)
        }
        try Output.standard(RuleDocumentation.text(for: rule))
    }
}
