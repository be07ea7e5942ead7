/// Renders rule descriptions for `linza rules` and for docs/RULES.md, which is generated
/// from the same descriptions (a test keeps the file up to date).
package enum RuleDocumentation {
    /// One line per rule: id, default severity, opt-in, summary.
    package static func list() -> String {
        let width = RuleRegistry.ruleIDs.map(\.count).max() ?? 0
        return RuleRegistry.all.map { rule in
            let description = rule.description
            let id = padded(description.id, to: width)
            let severity = padded(description.defaultSeverity.rawValue, to: 7)
            return "\(id)  \(severity)  \(description.isOptIn ? "opt-in" : "      ")  \(description.summary)\n"
        }.joined()
    }

    /// A rule's full description with its examples, as plain text.
    package static func text(for rule: any Rule.Type) -> String {
        let description = rule.description
        var output = "\(description.id): \(description.name)\n"
        output +=
            "default severity: \(description.defaultSeverity.rawValue)\(description.isOptIn ? ", opt-in (enable with opt_in_rules)" : "")\n\n"
        output += "\(description.summary).\n\n\(description.rationale)\n"
        for (title, examples) in [
            ("Reported (↓ marks where)", description.triggeringExamples),
            ("Not reported", description.nonTriggeringExamples),
        ] {
            output += "\n\(title):\n"
            for example in examples {
                if let configuration = example.configuration { output += "\n  .linza.yml: \(configuration)\n" }
                for file in example.files {
                    output +=
                        "\n  \(file.path):\n"
                        + file.contents.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { "    " + $0 }.joined(separator: "\n") + "\n"
                }
            }
        }
        return output
    }

    /// docs/RULES.md.
    package static func markdown() -> String {
        var output = """
            # Rules

            Generated from the rules' own descriptions with `linza rules --format markdown > docs/RULES.md`;
            the test suite fails when this file is out of date. The examples are the rules' tests:
            `↓` marks where a finding must be reported.

            | id | default | opt-in | finds |
            | --- | --- | --- | --- |

            """
        for rule in RuleRegistry.all {
            let description = rule.description
            output +=
                "| [`\(description.id)`](#\(description.id)) | \(description.defaultSeverity.rawValue) | "
                + "\(description.isOptIn ? "yes" : "no") | \(description.summary) |\n"
        }
        for rule in RuleRegistry.all {
            let description = rule.description
            output +=
                "\n## \(description.id)\n\n**\(description.name)** — default severity \(description.defaultSeverity.rawValue)"
                + (description.isOptIn ? ", opt-in (enable with `opt_in_rules`)" : "") + ".\n\n"
            output += "\(description.summary).\n\n\(description.rationale)\n"
            for (title, examples) in [
                ("Reported", description.triggeringExamples),
                ("Not reported", description.nonTriggeringExamples),
            ] {
                output += "\n### \(title)\n"
                for example in examples {
                    if let configuration = example.configuration {
                        output += "\nWith `.linza.yml`: `\(configuration)`\n"
                    }
                    for file in example.files {
                        output += "\n`\(file.path)`\n\n```\(fence(for: file.path))\n\(file.contents)\n```\n"
                    }
                }
            }
        }
        return output
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func fence(for path: String) -> String {
        switch path.split(separator: ".").last {
        case "swift": return "swift"
        case "m", "mm", "h": return "objc"
        case "stringsdict", "xliff": return "xml"
        case "xcstrings": return "json"
        default: return ""
        }
    }
}
