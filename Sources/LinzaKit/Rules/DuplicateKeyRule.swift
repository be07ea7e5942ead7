/// A key should be defined once per table: the run time keeps the last definition silently.
public struct DuplicateKeyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "duplicate_key",
        name: "Duplicate key",
        summary: "A key is defined more than once in one table",
        rationale: """
            Apple's parsers keep the last of several definitions without a word, so an edit to \
            the first one never reaches the app. Also found inside String Catalog JSON and across \
            files merged into one table.
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([ExampleFile("en.lproj/Localizable.strings", """
                "login.title" = "Log in";
                ↓"login.title" = "Sign in";
                """)]),
            RuleExample([ExampleFile("Localizable.xcstrings", """
                { "sourceLanguage": "en", "strings": {
                    "ok": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "OK" } } } },
                    ↓"ok": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "Okay" } } } }
                } }
                """)]),
            RuleExample([
                ExampleFile("App/en.lproj/Localizable.strings", #""ok" = "OK";"#),
                ExampleFile("Shared/en.lproj/Localizable.strings", #"↓"ok" = "Okay";"#),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                // A key in both .strings and .stringsdict is the usual plural set-up.
                ExampleFile("en.lproj/Localizable.strings", #""items" = "%d items";"#),
                ExampleFile("en.lproj/Localizable.stringsdict", """
                    <plist version="1.0"><dict><key>items</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>one</key><string>%d item</string><key>other</key><string>%d items</string></dict>
                    </dict></dict></plist>
                    """),
            ]),
        ]
    )

    public func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in project.tables.tables.values {
            var duplicates = table.files.flatMap(\.duplicates)
            // Across files merged into one table, per format.
            for format in TableFormat.allCases {
                let files = table.files.filter { $0.file.format == format }
                guard files.count > 1 else { continue }
                var first: [ExactString: Location] = [:]
                for file in files {
                    var seenInFile = Set<ExactString>()
                    for entry in file.entries where seenInFile.insert(ExactString(entry.key)).inserted {
                        if let earlier = first[ExactString(entry.key)] {
                            duplicates.append(.init(key: entry.key, location: entry.location, firstLocation: earlier))
                        } else {
                            first[ExactString(entry.key)] = entry.location
                        }
                    }
                }
            }
            for duplicate in duplicates {
                let file = table.files.first { $0.file.path == duplicate.location.file }?.file.displayName ?? table.displayName
                diagnostics.append(Diagnostic(
                    ruleID: Self.description.id, severity: severity,
                    message: Messages.duplicateKey(duplicate.key, file: file), location: duplicate.location,
                    notes: [DiagnosticNote(Messages.noteFirstDefinition(duplicate.key), at: duplicate.firstLocation)],
                    key: duplicate.key, language: table.language, table: table.name))
            }
        }
        return diagnostics
    }
}
