import LinzaBase
import LinzaSources

/// A call whose key or table is not a string literal cannot be checked; say so.
package struct DynamicKeyRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = .sources

    package static let description = RuleDescription(
        id: "dynamic_key",
        name: "Dynamic key",
        summary: "A localization call passes a key or table that is not a string literal",
        rationale: """
            Keys built at run time (interpolation, concatenation, variables) cannot be checked \
            against the tables, nor extracted by genstrings or Xcode. Linza reports them rather \
            than skipping them silently, so every unchecked call is a visible decision.
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile(
                    "Onboarding.swift", #"let step = NSLocalizedString(↓"onboarding.step.\(index)", comment: "")"#)
            ]),
            RuleExample([
                ExampleFile(
                    "Wrapper.swift", #"func tr(_ key: String) -> String { NSLocalizedString(↓key, comment: "") }"#)
            ]),
            RuleExample([ExampleFile("Promo.swift", #"let promo = NSLocalizedString(↓"promo." + code, comment: "")"#)]),
            RuleExample([
                ExampleFile(
                    "Table.swift", #"let text = NSLocalizedString("title", tableName: ↓screen.table, comment: "")"#)
            ]),
            RuleExample([
                ExampleFile("Feed.swift", #"let badge = String(localized: ↓"\(count) unread posts")"#),
                ExampleFile(
                    "Localizable.xcstrings",
                    #"""
                    { "sourceLanguage": "en", "strings": { "%lld new posts": {} } }
                    """#),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([ExampleFile("App.swift", #"let title = NSLocalizedString("login.title", comment: "")"#)]),
            RuleExample([
                // Xcode looks this up as "%lld new posts": the one key the template matches.
                ExampleFile("Feed.swift", #"let badge = String(localized: "\(count) new posts")"#),
                ExampleFile(
                    "Localizable.xcstrings",
                    #"""
                    { "sourceLanguage": "en", "strings": { "%lld new posts": {} } }
                    """#),
            ]),
            RuleExample([ExampleFile("App.swift", ##"let title = String(localized: #"raw \(not.interpolated)"#)"##)]),
            RuleExample(
                [
                    // A SwiftUI title without a letter is shown as written: no key to check.
                    ExampleFile(
                        "Row.swift",
                        #"""
                        var body: some View { HStack { Text("\(index + 1). "); Text("@\(account.acct)") } }
                        """#)
                ], configuration: "swiftui: true"),
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        guard project.reportsCode else { return [] }
        var diagnostics: [Diagnostic] = []
        for source in project.sources {
            for usage in source.usages {
                if case .dynamic(let prefix) = usage.key {
                    let message =
                        usage.template.map {
                            Messages.unmatchedTemplate(function: usage.function, template: $0, table: usage.table.name)
                        } ?? Messages.dynamicKey(function: usage.function, prefix: prefix)
                    diagnostics.append(
                        Diagnostic(
                            ruleID: Self.description.id, severity: severity,
                            message: message,
                            location: usage.location, table: usage.table.name))
                }
                if usage.table == .dynamic, let tableLocation = usage.tableLocation {
                    diagnostics.append(
                        Diagnostic(
                            ruleID: Self.description.id, severity: severity,
                            message: Messages.dynamicTable(function: usage.function),
                            location: tableLocation, key: usage.key.literal))
                }
            }
        }
        return diagnostics
    }
}

/// The messages of `dynamic_key`.
extension Messages {
    static func dynamicKey(function: String, prefix: String?) -> String {
        let start = prefix.flatMap { $0.isEmpty ? nil : " (it starts with \(quoted($0)))" } ?? ""
        return "the key passed to \(function) is not a string literal\(start); Linza cannot check that it is translated"
    }

    static func unmatchedTemplate(function: String, template: KeyTemplate, table: String?) -> String {
        let place = table.map { " of \($0)" } ?? ""
        return "the key passed to \(function) is built from an interpolation, and no key\(place) matches "
            + "\(quoted(template.description)) with format specifiers in place of \\(…); Linza cannot check it"
    }

    static func dynamicTable(function: String) -> String {
        "the table passed to \(function) is not a string literal; Linza cannot check this call"
    }
}
