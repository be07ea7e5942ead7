import LinzaBase
import LinzaSources
import LinzaTables

/// A literal key used in code must exist in every required language's table.
package struct MissingKeyRule: Rule, PresenceRule {
    package init() {}

    package static let reportsAbsence = true

    package static let inputs: RuleInputs = [.sources, .developmentTables, .languageTables]

    package static let description = RuleDescription(
        id: "missing_key",
        name: "Missing key",
        summary: "A key used in code is missing from a required language's table",
        rationale: """
            When a table lacks a key, the app shows the raw key (or the development-language text) \
            to users of that language. The finding points at the line that uses the key. A \
            language that lacks the whole table is reported once by missing_language instead.
            """,
        defaultSeverity: .error,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile("App.swift", #"let title = NSLocalizedString(↓"login.title", comment: "")"#),
                ExampleFile("en.lproj/Localizable.strings", #""login.title" = "Log in";"#),
                ExampleFile("ru.lproj/Localizable.strings", #""login.subtitle" = "Добро пожаловать";"#),
            ]),
            RuleExample(
                [
                    // Text exported from code: the en table may lack the key, ru may not.
                    ExampleFile(
                        "Order.swift",
                        #"""
                        let title = String(localized: ↓"order.title", defaultValue: "Your order")
                        """#),
                    ExampleFile("en.lproj/Localizable.strings", #""order.other" = "Other";"#),
                    ExampleFile("ru.lproj/Localizable.strings", #""order.other" = "Другое";"#),
                ], configuration: "development_values_in_code: true"),
            RuleExample([
                ExampleFile(
                    "Checkout.swift",
                    #"""
                    let pay = NSLocalizedString(
                        ↓"checkout.pay",
                        tableName: "Checkout",
                        comment: "Pay button")
                    """#),
                ExampleFile("en.lproj/Checkout.strings", #""checkout.pay" = "Pay";"#),
                ExampleFile("de.lproj/Checkout.strings", "/* not translated yet */"),
            ]),
            RuleExample([
                ExampleFile("Cart.swift", #"let items = String(localized: ↓"cart.items")"#),
                ExampleFile(
                    "Localizable.xcstrings",
                    #"""
                    { "sourceLanguage": "en", "version": "1.0", "strings": {
                        "cart.items": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "Items" } } } },
                        "cart.empty": { "localizations": { "fr": { "stringUnit": { "state": "translated", "value": "Vide" } } } }
                    } }
                    """#),
            ]),
            RuleExample([
                ExampleFile("Pay.swift", #"let pay = NSLocalizedString(↓"pay.now", value: "Pay now", comment: "")"#),
                ExampleFile("en.lproj/Localizable.strings", #""other" = "Other";"#),
            ]),
            RuleExample(
                [
                    // Every member of a type the build generates reads a key: one that names none
                    // is missing, under the key that would make it.
                    ExampleFile("Cart.swift", "let title = ↓LocalString.cart_titel"),
                    ExampleFile("en.lproj/Localizable.strings", #""cart.title" = "Cart";"#),
                ],
                configuration: """
                    accessors:
                      - root: LocalString
                        naming: {case: lower, replace: "[^A-Za-z0-9]", with: "_"}
                        only_keys: true
                    """),
            RuleExample([
                ExampleFile("Profile.swift", #"let name = String(localized: ↓"profile.name", table: "Profle")"#),
                ExampleFile("en.lproj/Profile.strings", #""profile.name" = "Name";"#),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile("App.swift", #"let title = NSLocalizedString("login.title", tableName: nil, comment: "")"#),
                ExampleFile("en.lproj/Localizable.strings", #""login.title" = "Log in";"#),
                ExampleFile("ru.lproj/Localizable.strings", #""login.title" = "Войти";"#),
            ]),
            RuleExample([
                // An empty key shows nothing, whether a table has it or not.
                ExampleFile(
                    "Errors.swift", #"let hint = NSLocalizedString(""/*TODO*/, comment: "Recovery suggestion")"#),
                ExampleFile("en.lproj/Localizable.strings", #""login.title" = "Log in";"#),
            ]),
            RuleExample([
                ExampleFile(
                    "App.swift",
                    #"""
                    // NSLocalizedString("ghost.key", comment: "")
                    let text = "NSLocalizedString(\"ghost.key\", comment: \"\")"
                    """#),
                ExampleFile("en.lproj/Localizable.strings", ""),
            ]),
            RuleExample([
                ExampleFile("App.swift", #"let title = NSLocalizedString("login.title", comment: "")"#),
                ExampleFile("en.lproj/Localizable.strings", #""login.title" = "Log in";"#),
                // A broken table gets one strings_syntax error, not a finding per key.
                ExampleFile("ru.lproj/Localizable.strings", #""login.title" = "Войти""#),
            ]),
            RuleExample([
                ExampleFile("Cart.swift", #"let items = String(localized: "cart.items")"#),
                ExampleFile(
                    "en.lproj/Localizable.stringsdict",
                    """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><dict>
                      <key>cart.items</key>
                      <dict><key>NSStringLocalizedFormatKey</key><string>%#@items@</string>
                        <key>items</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                          <key>NSStringFormatValueTypeKey</key><string>d</string>
                          <key>one</key><string>%d item</string><key>other</key><string>%d items</string></dict>
                      </dict>
                    </dict></plist>
                    """),
            ]),
            RuleExample(
                [
                    // Text exported from code: a key that is itself the text is its own development text.
                    ExampleFile(
                        "Settings.swift", #"let prompt = NSLocalizedString("Turn on search suggestions?", comment: "")"#
                    ),
                    ExampleFile("en.lproj/Localizable.strings", #""settings.title" = "Settings";"#),
                ], configuration: "required_languages: [en]\ndevelopment_values_in_code: true"),
            RuleExample(
                [
                    // SwiftUI shows text without a letter as written: no table holds it.
                    ExampleFile(
                        "Timer.swift",
                        #"""
                        let views = (Text(""), Text(", "), Text("01:24"), Text("Resume"))
                        """#),
                    ExampleFile("en.lproj/Localizable.strings", #""Resume" = "Resume";"#),
                ], configuration: "swiftui: true"),
            RuleExample(
                [
                    // Preview code is shown on Xcode's canvas, never to users; so is a private
                    // helper view that only previews use.
                    ExampleFile(
                        "MenuView.swift",
                        #"""
                        #Preview("Empty menu") { MenuView(items: []).navigationTitle("Preview menu") }
                        struct MenuView_Previews: PreviewProvider {
                            static var previews: some View { Text("Sample pizza"); SizeSwitcher() }
                        }
                        private struct SizeSwitcher: View {
                            var body: some View { Toggle("Large pizzas", isOn: .constant(true)) }
                        }
                        """#),
                    ExampleFile("en.lproj/Localizable.strings", ""),
                ], configuration: "swiftui: true"),
            RuleExample(
                [
                    // A generated accessor is checked where it is used.
                    ExampleFile("Order.swift", "let title = R.string.localizable.orderTitle()"),
                    ExampleFile("en.lproj/Localizable.strings", #""order.title" = "Order";"#),
                    ExampleFile("de.lproj/Localizable.strings", #""order.title" = "Bestellung";"#),
                ], configuration: "accessors:\n  - root: R.string\n    naming: rswift"),
            RuleExample(
                [
                    // ja has no table at all: missing_language reports that once.
                    ExampleFile("App.swift", #"let ok = NSLocalizedString("ok", comment: "")"#),
                    ExampleFile("en.lproj/Localizable.strings", #""ok" = "OK";"#),
                ], configuration: "required_languages: [en, ja]"),
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let tableNames = Set(project.tableNames)
        let languages = project.requiredLanguages.filter { project.reports($0) }
        // The languages searched for a key's definition, once: a big app has tens of
        // thousands of findings, and the catalog's list is built (and sorted) on each read.
        // Made when a first finding needs it: a language pass of a complete language has none.
        var definingLanguagesMade: [String]?
        func definingLanguages() -> [String] {
            if let made = definingLanguagesMade { return made }
            let made = [project.developmentLanguage] + project.tables.languages
            definingLanguagesMade = made
            return made
        }
        for (tableName, keys) in project.usageIndex.tables {
            guard tableNames.contains(tableName) else {
                guard project.reportsCode else { continue }
                for usage in keys.lazy.flatMap(\.usages) {
                    let key = usage.key.literal ?? ""
                    diagnostics.append(
                        Diagnostic(
                            ruleID: Self.description.id, severity: severity,
                            message: Messages.tableInNoLanguage(key, table: tableName),
                            location: usage.location, key: key, table: tableName))
                }
                continue
            }
            // Asked once per table, not per call: a big app has tens of thousands of findings.
            let developmentHasTable = project.table(language: project.developmentLanguage, name: tableName) != nil
            var definitions: [Int: (language: String, entry: TableEntry)?] = [:]
            for language in languages {
                let table = project.keyedTable(language: language, name: tableName)
                // A broken table gets one strings_syntax finding, not one per key.
                if table?.isBroken == true { continue }
                // A whole table missing where the development language has it: missing_language's.
                if table == nil, language != project.developmentLanguage, developmentHasTable { continue }
                let site = LackingTable(
                    name: tableName, language: language, ends: table?.keyFileEnds ?? [],
                    displayName: table?.displayName)
                for index in table?.lackingKeys(keys) ?? Array(keys.indices) {
                    let key = keys[index].key.value
                    // Where the key is defined is the same for every language: looked up once.
                    func definition() -> (language: String, entry: TableEntry)? {
                        if let known = definitions[index] { return known }
                        let found = self.definition(
                            of: key, tableName: tableName, languages: definingLanguages(), project: project)
                        definitions[index] = .some(found)
                        return found
                    }
                    for usage in keys[index].usages {
                        if let diagnostic = finding(
                            key: key, in: site, usage: usage, definition: definition, project: project,
                            severity: severity)
                        {
                            diagnostics.append(diagnostic)
                        }
                    }
                }
            }
        }
        return diagnostics
    }

    /// A table (or its absence) of one language that lacks keys, as each finding reads it.
    private struct LackingTable {
        var name: String
        var language: String
        /// The ends of the files that would hold the key (`KeyedTable.keyFileEnds`).
        var ends: [(name: String, end: Location)]
        var displayName: String?
    }

    /// The finding of a key `site`'s table lacks (or the table itself, when nil).
    private func finding(
        key: String, in site: LackingTable, usage: LocalizationUsage,
        definition: () -> (language: String, entry: TableEntry)?, project: LintProject, severity: Severity
    ) -> Diagnostic? {
        let language = site.language
        // The text-in-code workflow: the call's value is the development text, exported from
        // code; a call without one whose key is itself text ("Turn on search suggestions?")
        // shows that key, which is its development text as well.
        let textInCode =
            project.configuration.developmentValuesInCode && (usage.defaultValue != nil || KeyText.readsAsText(key))
        if textInCode, language == project.developmentLanguage { return nil }

        var notes: [DiagnosticNote]
        let message: String
        if let displayName = site.displayName {
            message =
                usage.defaultValue != nil && language == project.developmentLanguage
                ? Messages.missingKeyWithDefault(key, language: language, table: displayName)
                : textInCode
                    ? Messages.missingKeyExported(
                        key, language: language, table: displayName,
                        inValue: usage.defaultValue != nil)
                    : Messages.missingKey(key, language: language, table: displayName)
            notes = site.ends.map {
                DiagnosticNote(
                    Messages.noteTableWithoutKey(key, table: $0.name), at: $0.end, isPerLanguage: true)
            }
        } else {
            message = Messages.missingKeyNoTable(key, language: language, table: site.name)
            notes = [
                DiagnosticNote(Messages.noteNoTable(language: language, table: site.name), isPerLanguage: true)
            ]
        }
        if let (definingLanguage, entry) = definition() {
            notes.append(DiagnosticNote(Messages.noteDefinedIn(key, language: definingLanguage), at: entry.location))
        }
        return Diagnostic(
            ruleID: Self.description.id, severity: severity, message: message,
            location: usage.location, notes: notes, key: key, language: language, table: site.name)
    }

    /// Where the key is defined in the first of `languages` (the development language
    /// first), so the user can jump to the text that needs translating.
    private func definition(
        of key: String, tableName: String, languages: [String],
        project: LintProject
    ) -> (String, TableEntry)? {
        for language in languages {
            if let entry = project.table(language: language, name: tableName)?.entry(for: key) {
                return (language, entry)
            }
        }
        return nil
    }
}

/// A key of a named table, compared code unit by code unit.
struct TableKey: Hashable, Sendable {
    var table: String
    var key: ExactString
}

/// When a project is checked language by language, a missing key that the development
/// language lacks too gets its "defined in … here" note only after every pass: the
/// language that defines it is loaded in another pass.
extension MissingKeyRule: LanguagePassNotes {
    /// Keys code uses, literally and with a literal table, that the development language's
    /// table of that name lacks.
    static func keysToLocate(_ project: LintProject) -> Set<TableKey> {
        var keys = Set<TableKey>()
        for (table, tableKeys) in project.usageIndex.tables {
            let development = project.table(language: project.developmentLanguage, name: table)
            for key in tableKeys where development?.entries.contains(key.key) != true {
                keys.insert(TableKey(table: table, key: key.key))
            }
        }
        return keys
    }

    /// Where the view's tables of `language` define any of `keys`.
    static func locations(of keys: Set<TableKey>, language: String, in project: LintProject) -> [TableKey: Location] {
        var found: [TableKey: Location] = [:]
        for key in keys {
            if let entry = project.tables.table(language: language, name: key.table)?.entry(for: key.key.value) {
                found[key] = entry.location
            }
        }
        return found
    }

    /// Adds the definition note a whole-project check gives (the first of the sorted
    /// languages that defines the key) to the missing_key findings of such keys.
    static func addingNotes(
        _ diagnostics: [Diagnostic],
        locations definitions: [TableKey: [(language: String, location: Location)]]
    ) -> [Diagnostic] {
        guard !definitions.isEmpty else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard diagnostic.ruleID == description.id, let key = diagnostic.key, let table = diagnostic.table,
                let first = definitions[TableKey(table: table, key: ExactString(key))]?.min(by: {
                    $0.language < $1.language
                })
            else { return diagnostic }
            var noted = diagnostic
            noted.notes.append(
                DiagnosticNote(Messages.noteDefinedIn(key, language: first.language), at: first.location))
            return noted
        }
    }
}

/// The messages of `missing_key`.
extension Messages {
    static func missingKey(_ key: String, language: String, table: String) -> String {
        "\(quoted(key)) is missing in \(language) (\(table))"
    }

    static func missingKeyNoTable(_ key: String, language: String, table: String) -> String {
        "\(quoted(key)) is missing in \(language) (\(language) has no \(table) table)"
    }

    static func missingKeyWithDefault(_ key: String, language: String, table: String) -> String {
        missingKey(key, language: language, table: table) + defaultValueAdvice
    }

    static func missingKeyExported(_ key: String, language: String, table: String, inValue: Bool) -> String {
        missingKey(key, language: language, table: table) + (inValue ? exportAdvice : exportKeyAdvice)
    }

    /// What a development-language finding adds when the call has a default value.
    static let defaultValueAdvice =
        "; the call's default value shows at run time, but translators never see text "
        + "that is only in code (if you export text from code, set development_values_in_code: true)"

    /// What a finding adds when the development text is exported from the call's value.
    static let exportAdvice = "; its development text is in the call's value: export it to the translators"
    /// The same for a call without a value whose key is itself its text (`Text("Eventual")`).
    static let exportKeyAdvice = "; its development text is the call's key: export it to the translators"

    /// One finding for several languages: `'k' is missing in de, fr, ru (3 of 20 languages)`.
    /// Every checked language lacking the key is said as "all", not as a list of 40 codes.
    static func missingKeyInLanguages(_ key: String, languages: [String], of checked: Int) -> String {
        languages.count == checked && checked > 2
            ? "\(quoted(key)) is missing in all \(checked) languages"
            : "\(quoted(key)) is missing in \(languages.joined(separator: ", ")) (\(languages.count) of \(checked) languages)"
    }

    /// The default-value advice of a grouped finding, which says the language it is about.
    static func defaultValueAdvice(language: String) -> String {
        "; in \(language)" + defaultValueAdvice.dropFirst()
    }

    static func tableInNoLanguage(_ key: String, table: String) -> String {
        "\(quoted(key)) is read from table \(quoted(table)), which no language has"
    }

    static func noteTableWithoutKey(_ key: String, table: String) -> String {
        "\(table) has no \(quoted(key))"
    }

    static func noteNoTable(language: String, table: String) -> String {
        "no resource folder has \(language).lproj/\(table).strings"
    }

    static func noteDefinedIn(_ key: String, language: String) -> String {
        "\(quoted(key)) is defined in \(language) here"
    }
}
