import LinzaBase
import LinzaTables

/// A plural rule has a category its language never selects (`few` in English, `one` in
/// Japanese). Opt-in: such text is dead, never shown, so it changes nothing users see, and
/// Xcode itself writes these categories (an `Intents.stringsdict` of one app had 111).
package struct UnusedPluralCategoryRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = [.developmentTables, .languageTables, .exchangeFiles]

    package static let description = RuleDescription(
        id: "unused_plural_category",
        name: "Unused plural category",
        summary: "A plural rule has a category its language never uses",
        rationale: """
            English never selects few, Japanese selects only other: text in those categories is \
            never shown. It is harmless at run time and Xcode writes such categories itself (in \
            Intents.stringsdict), so the rule is opt-in; switch it on to clean tables up, or to \
            catch a translation pasted from another language. Categories follow CLDR as Xcode's \
            String Catalog editor lists them; zero is always allowed. Missing categories are \
            plural_forms'. In an XLIFF file (linza lint --xliff) the rule is on unless the \
            configuration sets its level: there it reports each translated unit of a category \
            the language does not have and the table does not hold, which import does not apply.
            """,
        defaultSeverity: .warning,
        isOptIn: true,
        triggeringExamples: [
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": { "cart.items": { "localizations": {
                        "en": { "variations": { ↓"plural": {
                            "one": { "stringUnit": { "state": "translated", "value": "%lld item" } },
                            "few": { "stringUnit": { "state": "translated", "value": "%lld items" } },
                            "other": { "stringUnit": { "state": "translated", "value": "%lld items" } } } } }
                    } } } }
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "ja.lproj/Localizable.stringsdict",
                    """
                    <plist version="1.0"><dict><key>cart.items</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@items@</string>
                      ↓<key>items</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>one</key><string>%d 個</string><key>other</key><string>%d 個</string></dict>
                    </dict></dict></plist>
                    """)
            ]),
            RuleExample([
                // An XLIFF file (linza lint --xliff): German has no few.
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": { "cart.items": { "localizations": {
                        "en": { "variations": { "plural": {
                            "one": { "stringUnit": { "state": "translated", "value": "%lld item" } },
                            "other": { "stringUnit": { "state": "translated", "value": "%lld items" } } } } }
                    } } } }
                    """),
                ExampleFile(
                    "de.xliff",
                    """
                    <xliff version="1.2"><file original="Localizable.xcstrings" source-language="en" target-language="de"><body>
                      ↓<trans-unit id="cart.items|==|plural.few"><source>%lld items</source><target>%lld Artikel</target></trans-unit>
                      <trans-unit id="cart.items|==|plural.one"><source>%lld item</source><target>%lld Artikel</target></trans-unit>
                      <trans-unit id="cart.items|==|plural.other"><source>%lld items</source><target>%lld Artikel</target></trans-unit>
                    </body></file></xliff>
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.stringsdict",
                    """
                    <plist version="1.0"><dict><key>cart.items</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@items@</string>
                      <key>items</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>zero</key><string>Your cart is empty</string>
                        <key>one</key><string>%d item</string><key>other</key><string>%d items</string></dict>
                    </dict></dict></plist>
                    """)
            ])
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        guard let section = project.exchange else {
            return PluralFormsRule.check(project, severity: severity, reportsMissing: false)
        }
        // In an XLIFF file, the units import would not apply: a category the table already
        // holds is the table's (and reported when the project is linted).
        guard project.reports(section.language) else { return [] }
        return section.units.compactMap { unit in
            guard case .categoryNotInLanguage(let category, let categories) = unit.verdict else { return nil }
            return Diagnostic(
                ruleID: Self.description.id, severity: severity,
                message: Messages.exchangePluralExtra(
                    unit.id, category: category, language: section.language, uses: categories),
                location: unit.location, key: unit.key, language: section.language, table: section.tableName)
        }
    }
}

/// The messages of `unused_plural_category`.
extension Messages {
    static func exchangePluralExtra(_ id: String, category: String, language: String, uses: [String]) -> String {
        "\(quoted(id)) is a form for \(category), which \(language) never selects (\(language) uses "
            + "\(uses.joined(separator: ", "))), so import does not apply it"
    }
}
