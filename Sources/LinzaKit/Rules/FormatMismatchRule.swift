/// A translation must take the same format arguments as the development language's text.
public struct FormatMismatchRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "format_mismatch",
        name: "Format mismatch",
        summary: "A translation's format specifiers disagree with the development language's",
        rationale: """
            String(format:) reads arguments by the specifiers of the translation: %@ where the \
            code passes an Int crashes, and a missing or extra argument prints garbage. Arguments \
            must agree in number, position and type; reordering with %1$@ %2$@ is fine, and a \
            plural form may leave its number out.
            """,
        defaultSeverity: .error,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", #""cart.total" = "%d items for %@";"#),
                ExampleFile("de.lproj/Localizable.strings", #""cart.total" = ↓"%@ Artikel für %@";"#),
            ]),
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", #""greeting" = "Hello, %@!";"#),
                ExampleFile("fr.lproj/Localizable.strings", #""greeting" = ↓"Bonjour !";"#),
            ]),
            RuleExample([
                ExampleFile("en.lproj/Localizable.stringsdict", """
                    <plist version="1.0"><dict><key>items</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>one</key><string>%ld item</string><key>other</key><string>%ld items</string></dict>
                    </dict></dict></plist>
                    """),
                ExampleFile("de.lproj/Localizable.stringsdict", """
                    <plist version="1.0"><dict><key>items</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>one</key><string>%ld Artikel</string><key>other</key>↓<string>%@ Artikel</string></dict>
                    </dict></dict></plist>
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", #""transfer" = "%1$@ sent %2$@ to you";"#),
                ExampleFile("ja.lproj/Localizable.strings", #""transfer" = "%2$@を%1$@から受け取りました";"#),
                ExampleFile("ru.lproj/Localizable.strings", #""transfer" = "%@ отправил вам %@ (100%%)";"#),
            ]),
        ]
    )

    public func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for table in project.tables.tables.values
            where table.language != project.developmentLanguage && table.language != LanguageCode.base {
            guard let development = project.table(language: project.developmentLanguage, name: table.name) else { continue }
            for entry in table.entries.values {
                guard let developmentEntry = development.entry(for: entry.key) else { continue }
                for text in entry.texts {
                    guard let counterpart = TextCounterpart.find(text.role, in: developmentEntry),
                          let difference = Self.difference(TextCounterpart.expectedArguments(for: text.role, in: developmentEntry),
                                                           text.text, isPluralForm: text.isPluralForm) else { continue }
                    diagnostics.append(Diagnostic(
                        ruleID: Self.description.id, severity: severity,
                        message: Messages.formatMismatch(entry.key, language: table.language,
                                                         development: project.developmentLanguage, difference: difference),
                        location: text.location,
                        notes: [DiagnosticNote(Messages.noteDevelopmentText(entry.key, language: project.developmentLanguage),
                                               at: counterpart.location)],
                        key: entry.key, language: table.language, table: table.name))
                }
            }
        }
        return diagnostics
    }

    /// How `translation`'s arguments differ from the `expected` ones, or nil when they agree.
    static func difference(_ expected: [Int: FormatSpecifier.ArgumentType]?, _ translation: String,
                           isPluralForm: Bool) -> String? {
        guard let expected else { return nil }
        guard let actual = FormatSpecifier.signature(translation) else {
            return "one argument is read as two different types"
        }
        for (argument, type) in actual.sorted(by: { $0.key < $1.key }) {
            guard let wanted = expected[argument] else {
                return "argument \(argument) is \(type.rawValue), which the original does not have"
            }
            if wanted != type { return "argument \(argument) is \(type.rawValue) where it is \(wanted.rawValue)" }
        }
        if !isPluralForm {
            for (argument, type) in expected.sorted(by: { $0.key < $1.key }) where actual[argument] == nil {
                return "argument \(argument), \(type.rawValue), is missing"
            }
        }
        return nil
    }
}

/// Finds the development-language text a translated text corresponds to.
enum TextCounterpart {
    /// The same role; for a plural form, the same rule's `other` form; else the value.
    static func find(_ role: EntryText.Role, in entry: TableEntry) -> EntryText? {
        if let same = entry.texts.first(where: { $0.role == role }) { return same }
        if case .plural(let rule, _) = role,
           let other = entry.texts.first(where: { $0.role == .plural(rule: rule, category: "other") }) {
            return other
        }
        return entry.texts.first { $0.role == .value }
    }
}

extension TextCounterpart {
    /// The arguments a text in `role` may read: a plural form may read any argument one of
    /// the same rule's development forms reads (Bulgarian "one" may say "%d" where English
    /// says "this"); other texts, those of their counterpart. Nil when they conflict.
    static func expectedArguments(for role: EntryText.Role, in entry: TableEntry) -> [Int: FormatSpecifier.ArgumentType]? {
        if case .plural(let rule, _) = role {
            let forms = entry.texts.filter { if case .plural(rule, _) = $0.role { return true } else { return false } }
            if !forms.isEmpty {
                var merged: [Int: FormatSpecifier.ArgumentType] = [:]
                for form in forms {
                    guard let signature = FormatSpecifier.signature(form.text) else { return nil }
                    for (argument, type) in signature {
                        if let existing = merged[argument], existing != type { return nil }
                        merged[argument] = type
                    }
                }
                return merged
            }
        }
        return find(role, in: entry).flatMap { FormatSpecifier.signature($0.text) }
    }
}

extension EntryText {
    var isPluralForm: Bool {
        if case .plural = role { return true }
        return false
    }
}
