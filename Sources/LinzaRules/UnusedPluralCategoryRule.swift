import LinzaBase
import LinzaTables

/// A plural rule has a category its language never selects (`few` in English, `one` in
/// Japanese). Opt-in: such text is dead, never shown, so it changes nothing users see, and
/// Xcode itself writes these categories (an `Intents.stringsdict` of one app had 111).
package struct UnusedPluralCategoryRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = [.developmentTables, .languageTables]

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
            plural_forms'.
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
        PluralFormsRule.check(project, severity: severity, reportsMissing: false)
    }
}
