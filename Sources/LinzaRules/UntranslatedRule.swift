import LinzaBase
import LinzaTables

/// A translation identical to the development language's text may have been copied, not
/// translated (opt-in: some words are the same in many languages).
package struct UntranslatedRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = [.developmentTables, .languageTables]

    package static let description = RuleDescription(
        id: "untranslated",
        name: "Untranslated",
        summary: "A translation is the same text as the development language's",
        rationale: """
            Translation tools often prefill every language with the source text, so a table can \
            be complete and still English. Texts without letters and regional variants of the \
            development language (en-GB for en) are not reported.
            """,
        defaultSeverity: .warning,
        isOptIn: true,
        triggeringExamples: [
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", #""checkout.pay" = "Pay now";"#),
                ExampleFile("de.lproj/Localizable.strings", #""checkout.pay" = ↓"Pay now";"#),
            ])
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", #""ok" = "OK"; "pay" = "Pay"; "count" = "%d";"#),
                ExampleFile("de.lproj/Localizable.strings", #""ok" = "OK!"; "pay" = "Bezahlen"; "count" = "%d";"#),
                ExampleFile("en-GB.lproj/Localizable.strings", #""ok" = "OK"; "pay" = "Pay"; "count" = "%d";"#),
            ])
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in project.tables.tables.values
        where table.language != LanguageCode.base
            && !Self.isVariant(table.language, ofDevelopment: project.developmentLanguage)
            && project.reports(table.language)
        {
            guard let development = project.table(language: project.developmentLanguage, name: table.name) else {
                continue
            }
            for entry in table.entries.values {
                guard let developmentEntry = development.entry(for: entry.key) else { continue }
                for text in entry.texts where Self.repeatsDevelopmentText(text, of: developmentEntry) {
                    diagnostics.append(
                        Diagnostic(
                            ruleID: Self.description.id, severity: severity,
                            message: Messages.untranslated(
                                entry.key, language: table.language, development: project.developmentLanguage),
                            location: text.location, key: entry.key, language: table.language, table: table.name))
                }
            }
        }
        return diagnostics
    }

    /// Whether `text` of a translated entry repeats its development counterpart, as this
    /// rule reports it: a text with words, identical to the development text of its role.
    package static func repeatsDevelopmentText(_ text: EntryText, of developmentEntry: TableEntry) -> Bool {
        // Equality first: it is cheap and usually false, while `hasWords` parses specifiers.
        guard let counterpart = TextCounterpart.find(text.role, in: developmentEntry),
            counterpart.role == text.role, counterpart.text == text.text
        else { return false }
        return hasWords(text.text)
    }

    /// Whether `language` shares the development language's primary subtag (en-GB for en),
    /// whose texts may rightly be the same and are never reported.
    package static func isVariant(_ language: String, ofDevelopment development: String) -> Bool {
        primarySubtag(language) == primarySubtag(development)
    }

    /// Whether the text has letters besides those of its format specifiers (`%d`, `%@`).
    static func hasWords(_ text: String) -> Bool {
        var stripped = text
        for specifier in FormatSpecifier.parse(text) {
            if let range = stripped.firstRange(of: specifier.text) { stripped.removeSubrange(range) }
        }
        return stripped.contains(where: \.isLetter)
    }

    private static func primarySubtag(_ language: String) -> Substring {
        language.split(separator: "-").first ?? Substring(language)
    }
}

/// The messages of `untranslated`.
extension Messages {
    static func untranslated(_ key: String, language: String, development: String) -> String {
        "\(quoted(key)) in \(language) is the same text as in \(development); it may not be translated"
    }
}
