/// A key of the development language's tables should be used by some call.
public struct UnusedKeyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "unused_key",
        name: "Unused key",
        summary: "A key in the development language's tables is not used by any call",
        rationale: """
            Unused keys cost translation money in every language and hide which texts are live. \
            A key counts as used when a call names it literally, or when a dynamic key's literal \
            start matches it ("onboarding.step.\\(n)" uses onboarding.step.1, .2…). Storyboard, \
            xib, InfoPlist and Settings.bundle tables are not checked; switch it off per table \
            with ignore_tables.
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile("App.swift", #"let title = NSLocalizedString("login.title", comment: "")"#),
                ExampleFile("en.lproj/Localizable.strings", """
                    "login.title" = "Log in";
                    ↓"login.legacy_banner" = "Try our new app";
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile("App.swift", #"""
                    let title = NSLocalizedString("login.title", comment: "")
                    let step = NSLocalizedString("onboarding.step.\(index)", comment: "")
                    """#),
                ExampleFile("en.lproj/Localizable.strings", """
                    "login.title" = "Log in";
                    "onboarding.step.1" = "Welcome";
                    "onboarding.step.2" = "Choose a pizza";
                    """),
                ExampleFile("en.lproj/InfoPlist.strings", #""NSCameraUsageDescription" = "Scan a gift card";"#),
            ]),
        ]
    )

    public func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        let usage = KeyUsage(project.sources.flatMap(\.usages))
        var diagnostics: [Diagnostic] = []
        for name in project.developmentTableNames where project.isCodeTable(name) {
            guard let table = project.table(language: project.developmentLanguage, name: name) else { continue }
            var reported = Set<ExactString>()
            for entry in table.allEntries where !usage.uses(entry.key, table: name) {
                guard reported.insert(ExactString(entry.key)).inserted else { continue }
                diagnostics.append(Diagnostic(
                    ruleID: Self.description.id, severity: severity,
                    message: Messages.unusedKey(entry.key, table: table.displayName), location: entry.location,
                    key: entry.key, language: table.language, table: name))
            }
        }
        return diagnostics
    }
}

/// Which keys the code uses, literally or through a dynamic key's literal start.
struct KeyUsage {
    private var literal: [String: Set<ExactString>] = [:]
    private var prefixes: [String: [String]] = [:]
    /// Calls whose table is not a literal may read any table.
    private var literalInAnyTable = Set<ExactString>()
    private var prefixesInAnyTable: [String] = []

    init(_ usages: [LocalizationUsage]) {
        for usage in usages {
            switch (usage.key, usage.table) {
            case (.literal(let key), .named(let table)): literal[table, default: []].insert(ExactString(key))
            case (.literal(let key), .dynamic): literalInAnyTable.insert(ExactString(key))
            case (.dynamic(let prefix?), .named(let table)) where !prefix.isEmpty: prefixes[table, default: []].append(prefix)
            case (.dynamic(let prefix?), .dynamic) where !prefix.isEmpty: prefixesInAnyTable.append(prefix)
            default: break
            }
        }
    }

    func uses(_ key: String, table: String) -> Bool {
        let exact = ExactString(key)
        if literal[table]?.contains(exact) == true || literalInAnyTable.contains(exact) { return true }
        return ((prefixes[table] ?? []) + prefixesInAnyTable).contains { key.utf8.starts(with: $0.utf8) }
    }
}
