import LinzaBase

/// A key should be defined once per table: the run time keeps the last definition silently.
package struct DuplicateKeyRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = [.developmentTables, .languageTables]

    package static let description = RuleDescription(
        id: "duplicate_key",
        name: "Duplicate key",
        summary: "A key is defined more than once in one table",
        rationale: """
            Apple's parsers keep the last of several definitions without a word, so an edit to \
            the first one never reaches the app. Also found inside String Catalog JSON. Two files \
            of the same name in different folders are different bundles (an iOS and a tvOS \
            Settings.bundle, say), so a key in both is no duplicate.
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.strings",
                    """
                    "login.title" = "Log in";
                    ↓"login.title" = "Sign in";
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": {
                        "ok": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "OK" } } } },
                        ↓"ok": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "Okay" } } } }
                    } }
                    """)
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile("iOS/Settings.bundle/en.lproj/Root.strings", #""SETTINGS_TITLE" = "Settings";"#),
                ExampleFile("tvOS/Settings.bundle/en.lproj/Root.strings", #""SETTINGS_TITLE" = "Settings";"#),
            ]),
            RuleExample([
                // A key in both .strings and .stringsdict is the usual plural set-up.
                ExampleFile("en.lproj/Localizable.strings", #""items" = "%d items";"#),
                ExampleFile(
                    "en.lproj/Localizable.stringsdict",
                    """
                    <plist version="1.0"><dict><key>items</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>one</key><string>%d item</string><key>other</key><string>%d items</string></dict>
                    </dict></dict></plist>
                    """),
            ]),
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in project.tables.tables.values where project.reports(table.language) {
            for duplicate in table.files.flatMap(\.duplicates) {
                let file =
                    table.files.first { $0.file.path == duplicate.location.file }?.file.displayName ?? table.displayName
                diagnostics.append(
                    Diagnostic(
                        ruleID: Self.description.id, severity: severity,
                        message: Messages.duplicateKey(duplicate.key, file: file), location: duplicate.location,
                        notes: [
                            DiagnosticNote(Messages.noteFirstDefinition(duplicate.key), at: duplicate.firstLocation)
                        ],
                        key: duplicate.key, language: table.language, table: table.name))
            }
        }
        return diagnostics
    }
}

/// The messages of `duplicate_key`.
extension Messages {
    static func duplicateKey(_ key: String, file: String) -> String {
        "\(quoted(key)) is defined again in \(file); the last definition silently wins at run time"
    }

    static func noteFirstDefinition(_ key: String) -> String {
        "\(quoted(key)) is first defined here"
    }
}
