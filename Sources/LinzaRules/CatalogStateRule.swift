import LinzaBase

/// A required language's String Catalog entry should be translated and reviewed.
package struct CatalogStateRule: Rule {
    package init() {}

    package static let reportsAbsence = true

    package static let inputs: RuleInputs = [.developmentTables, .languageTables]

    static let unfinishedStates: Set<String> = ["new", "needs_review", "stale"]

    package static let description = RuleDescription(
        id: "catalog_state",
        name: "Catalog state",
        summary: "A required language's String Catalog entry is new, needs review or is stale",
        rationale: """
            Xcode marks entries whose source text changed (needs_review), that were never \
            translated (new) or that code no longer uses (stale). Shipping them means shipping \
            translations nobody checked. Languages in warned_languages are translated later, \
            by a service or a person: their states are theirs to settle, and not reported. \
            Neither is the development language's new, which Xcode writes for a text code gives.
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": { "checkout.pay": { "localizations": {
                        "en": { "stringUnit": { "state": "translated", "value": "Pay now" } },
                        ↓"de": { "stringUnit": { "state": "needs_review", "value": "Bezahlen" } } } } } }
                    """)
            ])
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": { "checkout.pay": { "localizations": {
                        "de": { "stringUnit": { "state": "translated", "value": "Jetzt bezahlen" } } } } } }
                    """)
            ]),
            RuleExample(
                [
                    ExampleFile(
                        "Localizable.xcstrings",
                        """
                        { "sourceLanguage": "en", "strings": { "checkout.pay": { "localizations": {
                            "de": { "stringUnit": { "state": "translated", "value": "Jetzt bezahlen" } },
                            "fr": { "stringUnit": { "state": "needs_review", "value": "Payer" } } } } } }
                        """)
                ], configuration: "required_languages: [en, de]\nwarned_languages: [fr]"),
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": { "checkout.pay": {
                        "extractionState": "extracted_with_value", "localizations": {
                        "en": { "stringUnit": { "state": "new", "value": "Pay now" } },
                        "de": { "stringUnit": { "state": "translated", "value": "Jetzt bezahlen" } } } } } }
                    """)
            ]),
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in project.tables.tables.values
        where project.requiredLanguages.contains(table.language)
            && !project.index.warnedLanguages.contains(table.language)
            && project.reports(table.language)
        {
            for file in table.files where file.file.format == .xcstrings {
                for entry in file.entries {
                    guard let state = entry.state, Self.unfinishedStates.contains(state) else { continue }
                    // The source language's `new` is what Xcode's extraction writes for a
                    // value code gives (`extracted_with_value`: 1,140 of DuckDuckGo's 1,142
                    // macOS entries); nothing is left to translate, and Xcode shows no state.
                    if state == "new", table.language == project.developmentLanguage { continue }
                    diagnostics.append(
                        Diagnostic(
                            ruleID: Self.description.id, severity: severity,
                            message: Messages.catalogState(entry.key, language: table.language, state: state),
                            location: entry.location, key: entry.key, language: table.language, table: table.name))
                }
            }
        }
        return diagnostics
    }
}

/// The messages of `catalog_state`.
extension Messages {
    static func catalogState(_ key: String, language: String, state: String) -> String {
        "\(quoted(key)) in \(language) is marked \(state) in the String Catalog"
    }
}
