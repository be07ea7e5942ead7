import LinzaBase
import LinzaSources
import LinzaTables

/// A key of the development language's tables should be used by some call.
package struct UnusedKeyRule: Rule {
    /// Also report catalog entries marked stale (what `linza prune --catalog delete` deletes).
    package var reportsStaleEntries = false

    /// What `Rule` requires: the rule as `lint` runs it.
    package init() {}

    package init(reportsStaleEntries: Bool) {
        self.reportsStaleEntries = reportsStaleEntries
    }

    package static let inputs: RuleInputs = [.sources, .sourceLiterals, .developmentTables]

    package static let description = RuleDescription(
        id: "unused_key",
        name: "Unused key",
        summary: "A key in the development language's tables is not used by any call",
        rationale: """
            Unused keys cost translation money in every language and hide which texts are live. \
            A key counts as used when a call names it literally, when it is written as a string \
            literal anywhere else in code (handed to a LocalizedStringKey parameter, returned, \
            picked by a ternary: places only the compiler's types reveal), or when a dynamic key's literal \
            start matches it ("onboarding.step.\\(n)" uses onboarding.step.1, .2…), or a literal outside \
            a call starts it ("eq.preset." + name, "eq.preset.%@": a key built at run time and read \
            later), or when an \
            interpolated literal forms it ("\\(n) posts" forms "%lld posts"), or when code reads \
            it through a generated accessor configured under accessors:. In a String Catalog, a \
            key Xcode extracted from code itself is used (its compiler sees types Linza does \
            not); one marked stale (by Xcode, or by linza prune) is known to be unused and is not \
            reported again (linza prune --catalog delete deletes it); one marked manual is \
            checked like any other. \
            Storyboard, xib, Siri intent, InfoPlist, ServicesMenu, InternetAccessPolicy and Settings.bundle \
            tables are not checked, nor is a table whose file code opens itself and reads at run time \
            (Bundle.main.path(forResource: "ISO639", ofType: "strings"), handed to NSDictionary); \
            when calls read a table with keys Linza cannot see, its first finding names them (any of \
            its keys may be theirs); when most keys of a table look unused, the first finding says why \
            that may be. Switch the \
            rule off per table with ignore_tables.
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile("App.swift", #"let title = NSLocalizedString("login.title", comment: "")"#),
                ExampleFile(
                    "en.lproj/Localizable.strings",
                    """
                    "login.title" = "Log in";
                    ↓"login.legacy_banner" = "Try our new app";
                    """),
            ]),
            RuleExample([
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": {
                        "old.banner": { "extractionState": "stale" },
                        ↓"manual.key": { "extractionState": "manual" } } }
                    """)
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                // Xcode extracted this key from code (no extractionState): it is used.
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": { "profile.title": {} } }
                    """)
            ]),
            RuleExample([
                ExampleFile(
                    "App.swift",
                    #"""
                    let title = NSLocalizedString("login.title", comment: "")
                    let step = NSLocalizedString("onboarding.step.\(index)", comment: "")
                    var badge: LocalizedStringKey { isNew ? "badge.new" : "badge.old" }
                    """#),
                ExampleFile(
                    "en.lproj/Localizable.strings",
                    """
                    "login.title" = "Log in";
                    "onboarding.step.1" = "Welcome";
                    "onboarding.step.2" = "Choose a pizza";
                    "badge.new" = "New";
                    "badge.old" = "Seen";
                    """),
                ExampleFile("en.lproj/InfoPlist.strings", #""NSCameraUsageDescription" = "Scan a gift card";"#),
                // The Services menu's item titles of Info.plist's NSServices (CotEditor's).
                ExampleFile("en.lproj/ServicesMenu.strings", #""Open in Editor" = "Open in Editor";"#),
                // The purposes InternetAccessPolicy.plist names, which a macOS firewall shows (KeePassium's).
                ExampleFile(
                    "en.lproj/InternetAccessPolicy.strings", #""HIBPPurpose" = "Checks passwords against leaks";"#),
            ]),
            RuleExample([
                // An interpolated literal anywhere forms its key; a stale catalog key code still calls is used.
                ExampleFile(
                    "Badge.swift",
                    #"""
                    var label: LocalizedStringKey { "notifications.favorite \(count)" }
                    let name = NSLocalizedString("account.local", comment: "")
                    """#),
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": {
                        "notifications.favorite %lld": { "extractionState": "manual" },
                        "account.local": { "extractionState": "stale" } } }
                    """),
            ]),
            RuleExample([
                // IINA keeps the key it builds and reads it later: every eq.preset. key may be read.
                ExampleFile(
                    "Preset.swift",
                    #"""
                    let localizationKey = "eq.preset." + name
                    let title = NSLocalizedString(localizationKey, comment: "")
                    """#),
                ExampleFile("en.lproj/Localizable.strings", #""eq.preset.rock" = "Rock";"#),
            ]),
            RuleExample([
                // IINA's language names: the file is read whole and looked up with codes at run time.
                ExampleFile(
                    "Languages.swift",
                    #"""
                    let path = Bundle.main.path(forResource: "ISO639", ofType: "strings")!
                    let names = NSDictionary(contentsOfFile: path) as! [String: String]
                    """#),
                ExampleFile("en.lproj/ISO639.strings", #""deu" = "German";"#),
            ]),
            RuleExample(
                [
                    ExampleFile("Profile.swift", "let title = Strings.Profile_Title"),
                    ExampleFile("en.lproj/Localizable.strings", #""Profile_Title" = "Profile";"#),
                ], configuration: "accessors:\n  - root: Strings\n    naming: key"),
        ]
    )

    /// Xcode's own extraction is trusted for catalog keys it found or found gone.
    /// A key Xcode marks stale is still used when code Xcode does not extract from (a Swift
    /// package's, say) calls it.
    static func isUsed(_ entry: TableEntry, table: String, usage: KeyUsage) -> Bool {
        if entry.isFromCatalog, entry.extractionState == nil || entry.extractionState == "extracted_with_value" {
            return true
        }
        return usage.uses(entry.key, table: table)
    }

    /// The name of the file that defines `entry` (`en.lproj/Localizable.stringsdict`), not
    /// the first file of its table.
    static func fileName(of entry: TableEntry, in table: LocalizationTable) -> String {
        table.files.first { $0.file.path == entry.location.file }?.file.displayName ?? table.displayName
    }

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        guard project.reports(project.developmentLanguage) else { return [] }
        // Walked in place: a flat copy of every call was as large as the sources' own.
        let usage = KeyUsage(
            project.sources.lazy.flatMap(\.usages), literalHashes: project.sources.lazy.flatMap(\.literalHashes),
            keyPrefixes: project.sources.lazy.flatMap(\.keyPrefixes).map(\.prefix))
        // A table whose file code opens itself may have any of its keys read.
        let openedTables = Set(project.sources.lazy.flatMap(\.tableFileReads).compactMap(\.table))
        // Calls that read a table with keys Linza cannot see: named on its first finding.
        var unseenReaders: [String: [Location]]?
        var diagnostics: [Diagnostic] = []
        for name in project.developmentTableNames where project.isCodeTable(name) && !openedTables.contains(name) {
            guard let table = project.table(language: project.developmentLanguage, name: name) else { continue }
            var reported = Set<ExactString>()
            let first = diagnostics.count
            for entry in table.allEntries where !Self.isUsed(entry, table: name, usage: usage) {
                if entry.extractionState == "stale", !reportsStaleEntries { continue }
                guard reported.insert(ExactString(entry.key)).inserted else { continue }
                diagnostics.append(
                    Diagnostic(
                        ruleID: Self.description.id, severity: severity,
                        message: Messages.unusedKey(entry.key, table: Self.fileName(of: entry, in: table)),
                        location: entry.location,
                        key: entry.key, language: table.language, table: name))
            }
            guard first < diagnostics.count else { continue }
            // Code that reads the table with keys Linza cannot see may read these: say so, at it.
            unseenReaders = unseenReaders ?? UnseenKeyReaders.tables(project.sources)
            let readers = ((unseenReaders?[name] ?? []) + (unseenReaders?[""] ?? [])).sorted()
            if let reader = readers.first {
                diagnostics[first].notes.append(
                    DiagnosticNote(Messages.unusedKeysMayBeRead(by: readers.count, table: name), at: reader))
                continue
            }
            // Most keys unused is seldom true: say once, on the table's first finding, why.
            let keys = Set(table.allEntries.map { ExactString($0.key) }).count
            if keys >= Self.hintMinimumKeys, reported.count * 2 > keys {
                diagnostics[first].notes.append(DiagnosticNote(Messages.mostKeysUnused(reported.count, of: keys)))
            }
        }
        return diagnostics
    }

    /// Tables smaller than this get no hint when most of their keys look unused.
    static let hintMinimumKeys = 10
}

/// Which keys the code uses, literally or through a dynamic key's literal start.
struct KeyUsage {
    private var literal: [String: Set<ExactString>] = [:]
    private var prefixes: [String: [String]] = [:]
    /// Calls whose table is not a literal may read any table.
    private var literalInAnyTable = Set<ExactString>()
    private var prefixesInAnyTable: [String] = []
    private var templates: [String: [KeyTemplate]] = [:]
    /// Hashes of the string literals written anywhere in code.
    private var literalsAnywhere: HashValueSet

    /// `keyPrefixes`: literals outside calls that start keys built at run time, which may
    /// read any table.
    init(
        _ usages: some Sequence<LocalizationUsage>, literalHashes: some Sequence<UInt64> = [UInt64](),
        keyPrefixes: some Sequence<String> = [String]()
    ) {
        literalsAnywhere = HashValueSet(Array(literalHashes))
        prefixesInAnyTable = Array(keyPrefixes)
        for usage in usages {
            if let template = usage.template, let table = usage.table.name {
                templates[table, default: []].append(template)
            }
            switch (usage.key, usage.table) {
            case (.literal(let key), .named(let table)): literal[table, default: []].insert(ExactString(key))
            case (.literal(let key), .dynamic): literalInAnyTable.insert(ExactString(key))
            case (.dynamic(let prefix?), .named(let table)) where !prefix.isEmpty:
                prefixes[table, default: []].append(prefix)
            case (.dynamic(let prefix?), .dynamic) where !prefix.isEmpty: prefixesInAnyTable.append(prefix)
            default: break
            }
        }
    }

    func uses(_ key: String, table: String) -> Bool {
        let exact = ExactString(key)
        if literal[table]?.contains(exact) == true || literalInAnyTable.contains(exact)
            || literalsAnywhere.contains(StableHash.fnv1a(key))
        {
            return true
        }
        if templates[table]?.contains(where: { $0.matches(key) }) == true { return true }
        // An interpolated literal anywhere in code (`var label: LocalizedStringKey { "\(n) posts" }`).
        if let hash = KeyTemplate.placeholderHash(ofKey: key), literalsAnywhere.contains(hash) { return true }
        let starts = { (prefix: String) in key.utf8.starts(with: prefix.utf8) }
        return prefixes[table]?.contains(where: starts) == true || prefixesInAnyTable.contains(where: starts)
    }
}

/// The messages of `unused_key`.
extension Messages {
    static func unusedKey(_ key: String, table: String) -> String {
        "\(quoted(key)) in \(table) is not used by any call"
    }

    static func unusedKeysMayBeRead(by calls: Int, table: String) -> String {
        (calls == 1 ? "this call reads" : "this call and \(calls - 1) more read") + " \(table) with a key Linza "
            + "cannot see, which may be any of the keys reported unused (prune leaves the table for that reason); "
            + "mark each `// linza:disable:this dynamic_key` if it reads none of them, or switch unused_key off "
            + "for the table with ignore_tables"
    }

    static func mostKeysUnused(_ unused: Int, of keys: Int) -> String {
        "\(unused) of the table's \(keys) keys look unused: if code reads them through generated accessors "
            + "(SwiftGen's L10n, R.swift's R.string, a home-made generator), configure accessors: in .linza.yml "
            + "(linza init finds them); if it builds keys at run time, give the call a literal prefix or switch "
            + "unused_key off for the table with ignore_tables"
    }
}
