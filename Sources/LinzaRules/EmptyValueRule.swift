import LinzaBase
import LinzaTables

/// A translation should not be empty.
package struct EmptyValueRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = [.developmentTables, .languageTables, .exchangeFiles]

    package static let description = RuleDescription(
        id: "empty_value",
        name: "Empty value",
        summary: "A translation is an empty string",
        rationale: """
            An empty value is a translation as far as the run time knows, so the app shows \
            nothing where a label or button title should be: worse than the untranslated text. \
            A plural form the development language leaves empty too (a `zero` that shows \
            nothing) follows the design and is not reported.
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([ExampleFile("de.lproj/Localizable.strings", #""checkout.pay" = ↓"";"#)]),
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": { "ok": { "localizations": {
                        "fr": { "stringUnit": { "state": "translated", ↓"value": "" } } } } } }
                    """)
            ]),
            RuleExample([
                // An XLIFF file (linza lint --xliff): import would set the empty text.
                ExampleFile("en.lproj/Localizable.strings", #""checkout.pay" = "Pay";"#),
                ExampleFile(
                    "de.xliff",
                    """
                    <xliff version="1.2"><file original="en.lproj/Localizable.strings" source-language="en" target-language="de"><body>
                      ↓<trans-unit id="checkout.pay"><source>Pay</source><target></target></trans-unit>
                    </body></file></xliff>
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([ExampleFile("de.lproj/Localizable.strings", #""checkout.pay" = "Bezahlen";"#)]),
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": { "%lld unread": { "localizations": {
                        "en": { "variations": { "plural": {
                            "zero": { "stringUnit": { "state": "translated", "value": "" } },
                            "other": { "stringUnit": { "state": "translated", "value": "%lld unread" } } } } },
                        "de": { "variations": { "plural": {
                            "zero": { "stringUnit": { "state": "translated", "value": "" } },
                            "other": { "stringUnit": { "state": "translated", "value": "%lld ungelesen" } } } } } } } } }
                    """)
            ]),
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in project.tables.tables.values where project.reports(table.language) {
            table.entries.forEachPosition { file, index in
                guard table.files[file].entries[index].hasEmptyText else { return }
                let entry = table.files[file].entries[index]
                for text in entry.texts
                where text.text.isEmpty && !Self.isEmptyByDesign(text, key: entry.key, table: table.name, project) {
                    diagnostics.append(
                        Diagnostic(
                            ruleID: Self.description.id, severity: severity,
                            message: Messages.emptyValue(entry.key, language: table.language),
                            location: text.location, key: entry.key, language: table.language, table: table.name))
                }
            }
        }
        return diagnostics
    }

    /// A plural form the development language leaves empty too (`zero` = "" to show nothing
    /// for none): the translation follows the design, it lost nothing.
    static func isEmptyByDesign(_ text: EntryText, key: String, table: String, _ project: LintProject) -> Bool {
        guard case .plural = text.role,
            let development = project.table(language: project.developmentLanguage, name: table)?.entry(for: key)
        else { return false }
        return development.texts.contains { $0.role == text.role && $0.text.isEmpty }
    }
}

/// The messages of `empty_value`.
extension Messages {
    static func emptyValue(_ key: String, language: String) -> String {
        "\(quoted(key)) has an empty translation in \(language); users see nothing"
    }
}
