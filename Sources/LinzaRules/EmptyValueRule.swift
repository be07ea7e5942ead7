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
            // The empty key, as Xcode extracts `Text("")`: it reads as itself.
            RuleExample([ExampleFile("Localizable.xcstrings", #"{ "sourceLanguage": "en", "strings": { "": { } } }"#)]),
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
            RuleExample([
                // A rule whose every form is empty takes its argument out of the way (Mastodon's
                // `names`): a translation's forms for its other categories are empty by design.
                ExampleFile(
                    "en.lproj/Localizable.stringsdict",
                    """
                    <plist version="1.0"><dict><key>followed</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@names@%#@mutual@</string>
                      <key>names</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key><string>ld</string><key>other</key><string></string></dict>
                      <key>mutual</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key><string>ld</string>
                        <key>one</key><string>Followed by %1$@ and one more</string>
                        <key>other</key><string>Followed by %1$@ and %ld more</string></dict>
                    </dict></dict></plist>
                    """),
                ExampleFile(
                    "ar.lproj/Localizable.stringsdict",
                    """
                    <plist version="1.0"><dict><key>followed</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@names@%#@mutual@</string>
                      <key>names</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key><string>ld</string>
                        <key>zero</key><string></string><key>one</key><string></string><key>two</key><string></string>
                        <key>few</key><string></string><key>many</key><string></string><key>other</key><string></string></dict>
                      <key>mutual</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key><string>ld</string>
                        <key>zero</key><string>يتابعه %1$@</string><key>one</key><string>يتابعه %1$@ وآخر</string>
                        <key>two</key><string>يتابعه %1$@ واثنان</string><key>few</key><string>يتابعه %1$@ و%ld</string>
                        <key>many</key><string>يتابعه %1$@ و%ld</string><key>other</key><string>يتابعه %1$@ و%ld</string></dict>
                    </dict></dict></plist>
                    """),
            ]),
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in project.tables.tables.values where project.reports(table.language) {
            table.entries.forEachPosition { file, index in
                guard table.files[file].entries[index].hasEmptyText else { return }
                let entry = table.files[file].entries[index]
                // The empty key (`Text("")`, extracted by Xcode into NetNewsWire's catalog as
                // `"" : { }`) reads as itself: there is nothing to translate.
                guard !entry.key.isEmpty else { return }
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
    /// for none), or a form of a rule whose every development form is empty (a rule that only
    /// takes an argument out of the way, `swallowsArgument`): the translation follows the
    /// design, it lost nothing.
    static func isEmptyByDesign(_ text: EntryText, key: String, table: String, _ project: LintProject) -> Bool {
        guard case .plural(let rule, _) = text.role,
            let development = project.table(language: project.developmentLanguage, name: table)?.entry(for: key)
        else { return false }
        return development.texts.contains { $0.role == text.role && $0.text.isEmpty }
            || development.swallowsArgument(rule)
    }
}

/// The messages of `empty_value`.
extension Messages {
    static func emptyValue(_ key: String, language: String) -> String {
        "\(quoted(key)) has an empty translation in \(language); users see nothing"
    }
}
