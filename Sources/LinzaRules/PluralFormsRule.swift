import LinzaBase
import LinzaTables

/// A plural rule must offer every category its language uses. Categories it never uses are
/// `unused_plural_category`'s, a rule of their own: they change nothing at run time.
package struct PluralFormsRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = [.developmentTables, .languageTables, .exchangeFiles]

    package static let description = RuleDescription(
        id: "plural_forms",
        name: "Plural forms",
        summary: "A plural rule lacks a category its language needs",
        rationale: """
            Russian needs one, few, many and other; a .stringsdict with only one and other shows \
            "other" for 2, 3, 4 and 22 items, which reads wrong. Categories follow CLDR as Xcode's \
            String Catalog editor lists them; zero is always allowed. Categories the language never \
            uses are unused_plural_category's.
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile(
                    "ru.lproj/Localizable.stringsdict",
                    """
                    <plist version="1.0"><dict><key>cart.items</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@items@</string>
                      ↓<key>items</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key><string>d</string>
                        <key>one</key><string>%d товар</string><key>other</key><string>%d товаров</string></dict>
                    </dict></dict></plist>
                    """)
            ]),
            RuleExample([
                // An XLIFF file (linza lint --xliff): the translated forms lack few and many.
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
                    "ru.xliff",
                    """
                    <xliff version="1.2"><file original="Localizable.xcstrings" source-language="en" target-language="ru"><body>
                      <trans-unit id="cart.items|==|plural.few"><source>%lld items</source></trans-unit>
                      <trans-unit id="cart.items|==|plural.many"><source>%lld items</source></trans-unit>
                      ↓<trans-unit id="cart.items|==|plural.one"><source>%lld item</source><target>%lld товар</target></trans-unit>
                      <trans-unit id="cart.items|==|plural.other"><source>%lld items</source><target>%lld товара</target></trans-unit>
                    </body></file></xliff>
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile(
                    "ru.lproj/Localizable.stringsdict",
                    """
                    <plist version="1.0"><dict><key>cart.items</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@items@</string>
                      <key>items</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>zero</key><string>Корзина пуста</string>
                        <key>one</key><string>%d товар</string><key>few</key><string>%d товара</string>
                        <key>many</key><string>%d товаров</string><key>other</key><string>%d товара</string></dict>
                    </dict></dict></plist>
                    """)
            ]),
            // A category English never uses is unused_plural_category's, not this rule's.
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": { "cart.items": { "localizations": {
                        "en": { "variations": { "plural": {
                            "one": { "stringUnit": { "state": "translated", "value": "%lld item" } },
                            "few": { "stringUnit": { "state": "translated", "value": "%lld items" } },
                            "other": { "stringUnit": { "state": "translated", "value": "%lld items" } } } } }
                    } } } }
                    """)
            ]),
            // A rule whose every form is empty only takes its argument out of the way.
            RuleExample([
                ExampleFile(
                    "Base.lproj/Localizable.stringsdict",
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
                    """)
            ]),
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        Self.check(project, severity: severity, reportsMissing: true)
    }

    /// Every plural rule of the languages `project` reports, checked one way or the other
    /// (see `findings`): one walk of the tables for both rules' code.
    static func check(_ project: LintProject, severity: Severity, reportsMissing: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in project.tables.tables.values where project.reports(table.language) {
            let language = table.language == LanguageCode.base ? project.developmentLanguage : table.language
            guard let uses = PluralCategories.categories(for: language) else { continue }
            for file in table.files {
                // Indices, not a loop over the entries: most have no plural rule and are not copied.
                for index in file.entries.indices where !file.entries[index].pluralRules.isEmpty {
                    let entry = file.entries[index]
                    for rule in entry.pluralRules {
                        diagnostics += findings(
                            rule, entry: entry, language: language, uses: uses, table: table,
                            severity: severity, reportsMissing: reportsMissing)
                    }
                }
            }
        }
        return diagnostics
    }

    /// `rule`'s findings: the categories `language` uses that it lacks (`reportsMissing`,
    /// plural_forms) or those it has that the language never selects (unused_plural_category).
    static func findings(
        _ rule: PluralRule, entry: TableEntry, language: String, uses: [String],
        table: LocalizationTable, severity: Severity, reportsMissing: Bool
    ) -> [Diagnostic] {
        // A rule whose every form is empty shows nothing for any count: it only takes an
        // argument out of the way, and no category it lacks or has changes that.
        guard !entry.swallowsArgument(rule.name) else { return [] }
        let present = Set(rule.categories.keys)
        let missing = uses.filter { !present.contains($0) && $0 != "zero" }
        let extra = PluralCategories.all.filter { present.contains($0) && !uses.contains($0) && $0 != "zero" }
        func finding(_ message: String) -> Diagnostic {
            Diagnostic(
                ruleID: reportsMissing ? PluralFormsRule.description.id : UnusedPluralCategoryRule.description.id,
                severity: severity, message: message,
                location: rule.location, key: entry.key, language: table.language, table: table.name)
        }
        var diagnostics: [Diagnostic] = []
        if reportsMissing && !missing.isEmpty {
            diagnostics.append(
                finding(
                    Messages.pluralMissing(
                        entry.key, rule: rule.name, language: language,
                        missing: missing, uses: uses)))
        }
        if !reportsMissing && !extra.isEmpty {
            diagnostics.append(
                finding(
                    Messages.pluralExtra(
                        entry.key, rule: rule.name, language: language,
                        extra: extra, uses: uses)))
        }
        return diagnostics
    }
}

/// The messages of `plural_forms`.
extension Messages {
    static func pluralMissing(_ key: String, rule: String?, language: String, missing: [String], uses: [String])
        -> String
    {
        let name = rule.map { " \(quoted($0))" } ?? ""
        return "the plural rule\(name) of \(quoted(key)) in \(language) lacks \(missing.joined(separator: ", ")) "
            + "(\(language) uses \(uses.joined(separator: ", ")))"
    }

    static func pluralExtra(_ key: String, rule: String?, language: String, extra: [String], uses: [String]) -> String {
        let name = rule.map { " \(quoted($0))" } ?? ""
        return "the plural rule\(name) of \(quoted(key)) in \(language) has \(extra.joined(separator: ", ")), "
            + "which \(language) never selects (\(language) uses \(uses.joined(separator: ", ")))"
    }
}

extension TableEntry {
    /// Whether plural rule `name` is the "swallow an argument" idiom: it has forms and every
    /// one is empty (Mastodon's `%#@names@%#@count_mutual@`, whose `names` takes the count out
    /// of the way so that `count_mutual` reads `%1$@`). Its empty forms lose no text.
    package func swallowsArgument(_ name: String?) -> Bool {
        var forms = 0
        for text in texts {
            guard case .plural(let rule, _) = text.role, rule == name else { continue }
            guard text.text.isEmpty else { return false }
            forms += 1
        }
        return forms > 0
    }
}
