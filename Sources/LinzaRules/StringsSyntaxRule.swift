import LinzaBase
import LinzaTables

/// A table file must parse completely, the way Apple's readers read it: `.strings`,
/// `.stringsdict` property lists and `.xcstrings` JSON.
package struct StringsSyntaxRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = [.developmentTables, .languageTables]

    package static let description = RuleDescription(
        id: "strings_syntax",
        name: "Strings syntax",
        summary: "A table file (.strings, .stringsdict, .xcstrings) has a syntax error or cannot be decoded",
        rationale: """
            A missing semicolon makes Apple's parser reject the whole table; a stray character \
            where a key should start makes it stop silently and drop every entry after it; a \
            broken .stringsdict or String Catalog is not read at all. Either way the app loses \
            translations without any message at run time.
            """,
        defaultSeverity: .error,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.strings",
                    """
                    "login.title" = "Log in"↓
                    "login.subtitle" = "Welcome";
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.strings",
                    """
                    "login.title" = "Log in";
                    ↓; "login.subtitle" = "Welcome";
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.strings",
                    """
                    "login.title" = ↓"Log in;
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.strings",
                    """
                    "login.title" = "Log in";
                    ↓/* Login screen
                    "login.subtitle" = "Welcome";
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "ru.lproj/Localizable.stringsdict",
                    """
                    <plist version="1.0"><dict><key>items</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                    ↓</plist>
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": { "ok": { "localizations": {} } ↓"cancel": {} } }
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.stringsdict",
                    """
                    <plist version="1.0"><dict><key>items</key><dict>
                      <key>NSStringLocalizedFormatKey</key>↓<string>%#@count@</string>
                    </dict></dict></plist>
                    """)
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.strings",
                    #"""
                    /* Block comment */
                    // Line comment
                    "quoted" = "Value with \"escapes\"\n";
                    'single' = 'quotes';
                    unquoted.key = unquoted_value;
                    "same.as.key";
                    "unicode" = "\U00e9t\U00e9";
                    """#)
            ])
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        // A catalog's problems come once per file, not once per language it holds.
        var seen = Set<TableProblem>()
        return project.tables.allFiles.filter { project.reports($0.language) }.flatMap { file in
            file.problems.filter { seen.insert($0).inserted }.map { problem in
                Diagnostic(
                    ruleID: Self.description.id, severity: severity,
                    message: Messages.stringsSyntax(problem.message, effect: problem.effect),
                    location: problem.location, language: file.file.language, table: file.file.name)
            }
        }
    }
}

/// The messages of `strings_syntax`.
extension Messages {
    static func stringsSyntax(_ problem: String, effect: StringsProblem.Effect) -> String {
        switch effect {
        case .rejectsFile:
            return "\(problem); the whole table is unreadable, the app gets none of its translations"
        case .ignoresRest:
            return
                "\(problem); Apple's parser silently ignores the rest of the file, the app loses every entry after this point"
        case .losesEntry:
            return "\(problem); the app cannot use this entry"

        }
    }
}
