/// A `.strings` file must parse, completely, the way Apple's parser reads it.
public struct StringsSyntaxRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "strings_syntax",
        name: "Strings syntax",
        summary: "A .strings file has a syntax error or cannot be decoded",
        rationale: """
            A missing semicolon makes Apple's parser reject the whole table; a stray character \
            where a key should start makes it stop silently and drop every entry after it. \
            Either way the app loses translations without any message at run time.
            """,
        defaultSeverity: .error,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([ExampleFile("en.lproj/Localizable.strings", """
                "login.title" = "Log in"↓
                "login.subtitle" = "Welcome";
                """)]),
            RuleExample([ExampleFile("en.lproj/Localizable.strings", """
                "login.title" = "Log in";
                ↓; "login.subtitle" = "Welcome";
                """)]),
            RuleExample([ExampleFile("en.lproj/Localizable.strings", """
                "login.title" = ↓"Log in;
                """)]),
            RuleExample([ExampleFile("en.lproj/Localizable.strings", """
                "login.title" = "Log in";
                ↓/* Login screen
                "login.subtitle" = "Welcome";
                """)]),
        ],
        nonTriggeringExamples: [
            RuleExample([ExampleFile("en.lproj/Localizable.strings", #"""
                /* Block comment */
                // Line comment
                "quoted" = "Value with \"escapes\"\n";
                'single' = 'quotes';
                unquoted.key = unquoted_value;
                "same.as.key";
                "unicode" = "\U00e9t\U00e9";
                """#)]),
        ]
    )

    public func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        project.tables.allFiles.flatMap { file in
            file.problems.map { problem in
                Diagnostic(ruleID: Self.description.id, severity: severity,
                           message: Messages.stringsSyntax(problem.message, effect: problem.effect),
                           location: problem.location, language: file.file.language, table: file.file.name)
            }
        }
    }
}
