import LinzaBase

/// A translation should not be empty.
public struct EmptyValueRule: Rule {
    public init() {}

    public static let inputs: RuleInputs = [.developmentTables, .languageTables]

    public static let description = RuleDescription(
        id: "empty_value",
        name: "Empty value",
        summary: "A translation is an empty string",
        rationale: """
            An empty value is a translation as far as the run time knows, so the app shows \
            nothing where a label or button title should be: worse than the untranslated text.
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([ExampleFile("de.lproj/Localizable.strings", #""checkout.pay" = ↓"";"#)]),
            RuleExample([ExampleFile("Localizable.xcstrings", """
                { "sourceLanguage": "en", "strings": { "ok": { "localizations": {
                    "fr": { "stringUnit": { "state": "translated", ↓"value": "" } } } } } }
                """)]),
        ],
        nonTriggeringExamples: [
            RuleExample([ExampleFile("de.lproj/Localizable.strings", #""checkout.pay" = "Bezahlen";"#)]),
        ]
    )

    public func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in project.tables.tables.values where project.reports(table.language) {
            table.entries.forEachPosition { file, index in
                guard table.files[file].entries[index].hasEmptyText else { return }
                let entry = table.files[file].entries[index]
                for text in entry.texts where text.text.isEmpty {
                    diagnostics.append(Diagnostic(
                        ruleID: Self.description.id, severity: severity,
                        message: Messages.emptyValue(entry.key, language: table.language),
                        location: text.location, key: entry.key, language: table.language, table: table.name))
                }
            }
        }
        return diagnostics
    }
}

/// The messages of `empty_value`.
extension Messages {
    static func emptyValue(_ key: String, language: String) -> String {
        "\(quoted(key)) has an empty translation in \(language); users see nothing"
    }
}
