import LinzaBase
import LinzaTables

/// An XLIFF unit of a key marked not to be translated (`shouldTranslate: false`, exported as
/// `translate="no"`) carries a translation: `import` does not apply it. Checks exchange
/// files only (`lint --xliff`).
package struct ShouldNotTranslateRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = .exchangeFiles

    /// The examples' `.stringsdict`, whose key `items` the `.strings` table has too.
    private static let itemsPlurals = ExampleFile(
        "en.lproj/Localizable.stringsdict",
        """
        <plist version="1.0"><dict><key>items</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>%d item</string><key>other</key><string>%d items</string></dict>
        </dict></dict></plist>
        """)

    package static let description = RuleDescription(
        id: "should_not_translate",
        name: "Should not translate",
        summary: "An XLIFF unit marked translate=\"no\" was translated",
        rationale: """
            A String Catalog key marked "Don't translate" (a brand, a product name) is exported \
            with translate="no" so that translators leave it alone, as is a .strings key that the \
            .stringsdict beside it also has (the app shows the .stringsdict's plural entry, whose \
            units are exported for translation). A target other than the \
            source is a translator's or a tool's mistake, which linza import does not apply: \
            it is reported so that nobody waits for that text. Checks XLIFF files only \
            (linza lint --xliff).
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    #"{ "sourceLanguage": "en", "strings": { "Linza Reader": { "shouldTranslate": false } } }"#),
                ExampleFile(
                    "de.xliff",
                    """
                    <xliff version="1.2"><file original="Localizable.xcstrings" source-language="en" target-language="de"><body>
                      ↓<trans-unit id="Linza Reader" translate="no"><source>Linza Reader</source><target>Linza Leser</target></trans-unit>
                    </body></file></xliff>
                    """),
            ]),
            RuleExample([
                // The key the .stringsdict also has: its .strings unit is not the one to translate.
                ExampleFile("en.lproj/Localizable.strings", #""items" = "%d items";"#),
                itemsPlurals,
                ExampleFile(
                    "de.xliff",
                    """
                    <xliff version="1.2"><file original="en.lproj/Localizable.strings" source-language="en" target-language="de"><body>
                      ↓<trans-unit id="items" translate="no"><source>%d items</source><target>%d Artikel</target></trans-unit>
                    </body></file></xliff>
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                // An untouched export: Xcode gives the language's own text as target.
                ExampleFile("en.lproj/Localizable.strings", #""items" = "%d items";"#),
                ExampleFile("de.lproj/Localizable.strings", #""items" = "%d Artikel";"#),
                itemsPlurals,
                ExampleFile(
                    "de.xliff",
                    """
                    <xliff version="1.2"><file original="en.lproj/Localizable.strings" source-language="en" target-language="de"><body>
                      <trans-unit id="items" translate="no"><source>%d items</source><target>%d Artikel</target></trans-unit>
                    </body></file></xliff>
                    """),
            ]),
            RuleExample([
                // The source itself as target: nothing was translated.
                ExampleFile(
                    "Localizable.xcstrings",
                    #"{ "sourceLanguage": "en", "strings": { "Linza Reader": { "shouldTranslate": false } } }"#),
                ExampleFile(
                    "de.xliff",
                    """
                    <xliff version="1.2"><file original="Localizable.xcstrings" source-language="en" target-language="de"><body>
                      <trans-unit id="Linza Reader" translate="no"><source>Linza Reader</source><target>Linza Reader</target></trans-unit>
                    </body></file></xliff>
                    """),
            ]),
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        guard let section = project.exchange, project.reports(section.language) else { return [] }
        return section.units.compactMap { unit in
            guard case .translatedNotTranslatable(let current) = unit.verdict else { return nil }
            return Diagnostic(
                ruleID: Self.description.id, severity: severity,
                message: Messages.translatedUntranslatable(unit, source: current.source), location: unit.location,
                key: unit.key, language: section.language, table: section.tableName)
        }
    }
}

/// The messages of `should_not_translate`.
extension Messages {
    static func translatedUntranslatable(_ unit: ExchangeSection.Unit, source: String) -> String {
        "\(quoted(unit.id)) is marked translate=\"no\" but translated as "
            + "\(quoted(unit.target)) instead of \(quoted(source)); import does not apply it"
    }
}
