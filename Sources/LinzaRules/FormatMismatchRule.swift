import LinzaBase
import LinzaConfiguration
import LinzaSources
import LinzaTables

/// A translation must take the same format arguments as the development language's text.
package struct FormatMismatchRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = [.developmentTables, .languageTables, .exchangeFiles]

    /// With a call form whose texts are no formats (`formats: false`), the calls decide which
    /// keys are checked for their own placeholders instead: the code is an input too, and a
    /// language pass's record is made again when it changes.
    package static func inputs(in configuration: Configuration) -> RuleInputs {
        configuration.functions.contains { !$0.formatsText } ? inputs.union(.sources) : inputs
    }

    package static let description = RuleDescription(
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
                // A placeholder in a translation of a text without one is a mistake, prose or not.
                ExampleFile("en.lproj/Localizable.strings", #""done" = "Done";"#),
                ExampleFile("fr.lproj/Localizable.strings", #""done" = ↓"Terminé %@";"#),
            ]),
            RuleExample(
                [
                    // SwiftGen formats every text: "100%-osan" prints as "1000san" there.
                    ExampleFile("Widgets.swift", "let text = L10n.Widgets.description"),
                    ExampleFile("en.lproj/Localizable.strings", #""widgets.description" = "Shows 100% of states";"#),
                    ExampleFile("hu.lproj/Localizable.strings", #""widgets.description" = ↓"100%-osan mutatja";"#),
                ], configuration: "accessors:\n  - root: L10n\n    naming: swiftgen"),
            RuleExample([
                ExampleFile(
                    "en.lproj/Localizable.stringsdict",
                    """
                    <plist version="1.0"><dict><key>items</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>one</key><string>%ld item</string><key>other</key><string>%ld items</string></dict>
                    </dict></dict></plist>
                    """),
                ExampleFile(
                    "de.lproj/Localizable.stringsdict",
                    """
                    <plist version="1.0"><dict><key>items</key><dict>
                      <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                      <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                        <key>one</key><string>%ld Artikel</string><key>other</key>↓<string>%@ Artikel</string></dict>
                    </dict></dict></plist>
                    """),
            ]),
            RuleExample(
                [
                    // A wrapper that fills its own %0 (`formats: false`): the translation must
                    // keep the placeholder, whatever printf would read around it.
                    ExampleFile("Dashboard.swift", #"let cores = localizedString("cores", "\(count)")"#),
                    ExampleFile("en.lproj/Localizable.strings", #""cores" = "%0 cores";"#),
                    ExampleFile("es.lproj/Localizable.strings", #""cores" = ↓"Número núcleos";"#),
                ], configuration: "functions:\n  - name: localizedString\n    key: 0\n    formats: false"),
            RuleExample(
                [
                    // Read through a form that may format it too: its specifiers count.
                    ExampleFile(
                        "Dashboard.swift",
                        #"let a = localizedString("cores", "\(n)"); let b = NSLocalizedString("cores", comment: "")"#),
                    ExampleFile("en.lproj/Localizable.strings", #""cores" = "%0 cores";"#),
                    ExampleFile("de.lproj/Localizable.strings", #""cores" = ↓"%0 Kerne";"#),
                ], configuration: "functions:\n  - name: localizedString\n    key: 0\n    formats: false"),
            RuleExample([
                // An XLIFF file (linza lint --xliff): each target against its own source.
                ExampleFile("en.lproj/Localizable.strings", #""cart.total" = "%d items for %@";"#),
                ExampleFile(
                    "de.xliff",
                    """
                    <xliff version="1.2"><file original="en.lproj/Localizable.strings" source-language="en" target-language="de"><body>
                      ↓<trans-unit id="cart.total"><source>%d items for %@</source><target>%@ Artikel für %@</target></trans-unit>
                    </body></file></xliff>
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                // The key lists what the code passes; English may leave the count out.
                ExampleFile(
                    "Localizable.xcstrings",
                    """
                    { "sourceLanguage": "en", "strings": { "notifications.favorite %lld": { "localizations": {
                        "en": { "stringUnit": { "state": "translated", "value": "starred" } },
                        "de": { "stringUnit": { "state": "translated", "value": "%#@count@" }, "substitutions": { "count": {
                            "formatSpecifier": "lld", "variations": { "plural": {
                                "one": { "stringUnit": { "state": "translated", "value": "%arg Stern" } },
                                "other": { "stringUnit": { "state": "translated", "value": "%arg Sterne" } } } } } } }
                    } } } }
                    """)
            ]),
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", #""transfer" = "%1$@ sent %2$@ to you";"#),
                ExampleFile("ja.lproj/Localizable.strings", #""transfer" = "%2$@を%1$@から受け取りました";"#),
                ExampleFile("ru.lproj/Localizable.strings", #""transfer" = "%@ отправил вам %@ (100%%)";"#),
            ]),
            RuleExample([
                // Prose: a bare % in English means no code formats the text; a translation
                // spells what it likes with the sign (`%-a`, `% la`).
                ExampleFile(
                    "en.lproj/Prefs.strings", #""screen.share" = "% of screen"; "disk.note" = "Unzips faster";"#),
                ExampleFile(
                    "hu.lproj/Prefs.strings", #""screen.share" = "%-a a kijelzőnek"; "disk.note" = "50 % la durée";"#),
            ]),
            RuleExample(
                [
                    // A wrapper that fills its own %0 (`formats: false`): "%0 cores" reads no %c.
                    ExampleFile("Dashboard.swift", #"let cores = localizedString("cores", "\(count)")"#),
                    ExampleFile("en.lproj/Localizable.strings", #""cores" = "%0 cores";"#),
                    ExampleFile("de.lproj/Localizable.strings", #""cores" = "%0 Kerne";"#),
                ], configuration: "functions:\n  - name: localizedString\n    key: 0\n    formats: false"),
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // SwiftGen's accessors pass every text through `String(format:)`, so there no text is
        // prose: a bare % is a format's mistake in every language. (Where the development
        // text has no % at all, it is not prose either.)
        let formatsEveryText = project.configuration.accessors.contains {
            [.swiftGen, .swiftGenFlat, .declarations].contains($0.naming)
        }
        let unformatted = Self.keysReadOnlyUnformatted(project)
        for table in project.tables.tables.values
        where table.language != project.developmentLanguage && table.language != LanguageCode.base
            && project.reports(table.language)
        {
            guard let development = project.table(language: project.developmentLanguage, name: table.name) else {
                continue
            }
            let unformattedKeys = Set(unformatted[table.name] ?? [])
            func report(_ entry: TableEntry, text textIndex: Int, counterpart: EntryText, difference: String) {
                diagnostics.append(
                    Diagnostic(
                        ruleID: Self.description.id, severity: severity,
                        message: Messages.formatMismatch(
                            entry.key, language: table.language,
                            development: project.developmentLanguage, difference: difference),
                        location: entry.texts[textIndex].location,
                        notes: [
                            DiagnosticNote(
                                Messages.noteDevelopmentText(entry.key, language: project.developmentLanguage),
                                at: counterpart.location)
                        ],
                        key: entry.key, language: table.language, table: table.name))
            }
            func check(_ entry: TableEntry, against developmentEntry: TableEntry, expectations: [ExpectedArguments?]?) {
                guard unformattedKeys.isEmpty || !unformattedKeys.contains(ExactString(entry.key)) else { return }
                // An empty text is empty_value's finding, not a format one. Texts are read
                // without their places, which only a finding needs.
                for (textIndex, (text, role)) in entry.textContents.enumerated() where !text.isEmpty {
                    guard let index = TextCounterpart.index(for: role, in: developmentEntry) else { continue }
                    let counterpart = developmentEntry.texts[index]
                    guard
                        let expected = expectations.map({ $0[index] })
                            ?? TextCounterpart.expectedArguments(in: developmentEntry, counterpart: counterpart),
                        let difference = Self.difference(expected, text, isPluralForm: role.isPluralForm)
                    else { continue }
                    report(entry, text: textIndex, counterpart: counterpart, difference: difference)
                }
            }
            // Keys read only through forms that fill their own `%0`: their placeholders must
            // agree, whatever printf would make of the text around them.
            for key in unformatted[table.name] ?? [] {
                guard let entry = table.entries[key], let developmentEntry = development.entries[key]?.materialized
                else { continue }
                for (textIndex, (text, role)) in entry.textContents.enumerated() where !text.isEmpty {
                    guard let index = TextCounterpart.index(for: role, in: developmentEntry),
                        let difference = Self.placeholderDifference(developmentEntry.texts[index].text, text)
                    else { continue }
                    report(entry, text: textIndex, counterpart: developmentEntry.texts[index], difference: difference)
                }
            }
            // A table with far fewer entries than the development one (Telegram-iOS's dozen
            // Spanish texts beside 11,838 English ones) is checked entry by entry: parsing
            // every development format for it would cost more than its entries.
            if table.entries.count * 8 < development.entries.count {
                table.entries.forEachPosition { file, index in
                    let entry = table.files[file].entries[index]
                    guard let developmentEntry = development.entries[ExactString(entry.key)] else { return }
                    let checked =
                        developmentEntry.hasFormatSignInTexts || developmentEntry.key.hasFormatSign
                        ? formatsEveryText || !Self.isProse(developmentEntry.materialized)
                        : entry.hasFormatSignInTexts && (formatsEveryText || !Self.readsOnlyProse(entry))
                    if checked { check(entry, against: developmentEntry.materialized, expectations: nil) }
                }
                continue
            }
            let formatted = project.developmentFormats.entries(in: table.name)
            // Entries whose development text reads arguments, and entries that read some
            // where the development text reads none; the rest (most) cannot disagree.
            for (key, developmentEntry) in formatted where formatsEveryText || !developmentEntry.isProse {
                if let entry = table.entries[key] {
                    check(entry, against: developmentEntry.entry, expectations: developmentEntry.expectations)
                }
            }
            table.entries.forEachPosition { file, index in
                guard table.files[file].entries[index].hasFormatSignInTexts else { return }
                let entry = table.files[file].entries[index]
                let key = ExactString(entry.key)
                if formatted[key] == nil, let developmentEntry = development.entries[key]?.materialized,
                    formatsEveryText || !Self.readsOnlyProse(entry)
                {
                    check(entry, against: developmentEntry, expectations: nil)
                }
            }
        }
        return diagnostics
    }

    /// The keys, by table, that code reads only through call forms whose texts are no
    /// `printf` formats (`functions:` with `formats: false`): a wrapper that fills its own
    /// `%0` placeholders makes no `%0 c` a `%c`. Empty when every form may format.
    static func keysReadOnlyUnformatted(_ project: LintProject) -> [String: [ExactString]] {
        let unformattedForms = Set(project.configuration.functions.filter { !$0.formatsText }.map(\.displayName))
        guard !unformattedForms.isEmpty else { return [:] }
        var keys: [String: [ExactString]] = [:]
        for (table, tableKeys) in project.usageIndex.tables {
            for key in tableKeys where key.usages.allSatisfy({ unformattedForms.contains($0.function) }) {
                keys[table, default: []].append(key.key)
            }
        }
        return keys
    }

    /// How `translation`'s own placeholders (`%0`, `%1`: a percent sign and digits, `%%`
    /// being a percent sign) differ from `original`'s, or nil when it has the same ones.
    static func placeholderDifference(_ original: String, _ translation: String) -> String? {
        let expected = placeholders(original)
        let actual = placeholders(translation)
        if let missing = expected.first(where: { !actual.contains($0) }) { return "\(missing) is missing" }
        if let extra = actual.first(where: { !expected.contains($0) }) {
            return "it has \(extra), which the original does not have"
        }
        return nil
    }

    /// The `%` and digits placeholders of `text`, in the order they first appear.
    static func placeholders(_ text: String) -> [String] {
        var found: [String] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            var end = index + 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "%") {
                index = end + 1
                continue
            }
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            if end > index + 1 {
                let placeholder = String(decoding: bytes[index..<end], as: UTF8.self)
                if !found.contains(placeholder) { found.append(placeholder) }
            }
            index = end
        }
        return found
    }

    /// Whether the development text has a percent sign that is neither `%%` nor a specifier
    /// (`% of screen`): no code formats it (the sign would have to be `%%`), so what its
    /// translations spell with a percent sign is prose too.
    static func isProse(_ entry: TableEntry) -> Bool {
        entry.textContents.contains { text, _ in
            let signs = text.replacing("%%", with: "").count { $0 == "%" }
            return signs > FormatSpecifier.parse(text).count
        }
    }

    /// Whether every specifier a translation of a text that reads no arguments has is what
    /// prose spells with a percent sign (`%-a a kijelző`, `% la`, `50 %o`): a flag or a
    /// conversion placeholders seldom have. `%@` or `%d` there is a real mistake, and stays.
    static func readsOnlyProse(_ entry: TableEntry) -> Bool {
        let specifiers = entry.textContents.flatMap { FormatSpecifier.parse($0.text) }
        return !specifiers.isEmpty
            && specifiers.allSatisfy { specifier in
                let body = specifier.text.dropFirst().dropLast()
                return body.contains { " -+#0'".contains($0) }
                    || specifier.text.last.map { "aAeEgGoxXcC".contains($0) } == true
            }
    }

    /// `, written '% la'` when the specifier of `argument` in `text` has a space in it: prose's
    /// percent sign (`50 % la première année`) that the formatter reads as one. Empty otherwise.
    static func proseSpelling(_ argument: Int, in text: String) -> String {
        guard let specifier = FormatSpecifier.parse(text).first(where: { $0.argument == argument }),
            specifier.text.contains(" ")
        else { return "" }
        return ", written '\(specifier.text)'"
    }

    /// How `translation`'s arguments differ from the expected ones, or nil when they agree.
    static func difference(_ expected: ExpectedArguments, _ translation: String, isPluralForm: Bool) -> String? {
        guard let actual = FormatSpecifier.signature(translation) else {
            return "one argument is read as two different types"
        }
        // The usual case, checked without sorting: every argument agrees.
        let agrees = actual.allSatisfy { argument, type in
            expected.allowed[argument].map { $0 == type || $0 == .variable || type == .variable } ?? false
        }
        if agrees && (isPluralForm || expected.required.allSatisfy { actual[$0] != nil }) { return nil }
        // Otherwise the first difference in argument order, so the message is stable.
        for (argument, type) in actual.sorted(by: { $0.key < $1.key }) {
            guard let wanted = expected.allowed[argument] else {
                let prose = proseSpelling(argument, in: translation)
                return "argument \(argument) is \(type.rawValue)\(prose), which the original does not have"
                    + (prose.isEmpty ? "" : "; a percent sign meant as text is written %%")
            }
            // A plural variable (%#@items@) stands for whatever its rule formats.
            if wanted != type, wanted != .variable, type != .variable {
                return "argument \(argument) is \(type.rawValue) where it is \(wanted.rawValue)"
            }
        }
        if !isPluralForm {
            for argument in expected.required.sorted() where actual[argument] == nil {
                return "argument \(argument), \(expected.allowed[argument]!.rawValue), is missing"
            }
        }
        return nil
    }
}

/// Finds the development-language text a translated text corresponds to.
enum TextCounterpart {
    /// The same role; for a plural form, the same rule's `other` form; else the value.
    static func find(_ role: EntryText.Role, in entry: TableEntry) -> EntryText? {
        index(for: role, in: entry).map { entry.texts[$0] }
    }

    /// The position of `find`'s text in `entry.texts`.
    static func index(for role: EntryText.Role, in entry: TableEntry) -> Int? {
        if let same = entry.texts.firstIndex(where: { $0.role == role }) { return same }
        if case .plural(let rule, _) = role,
            let other = entry.texts.firstIndex(where: { $0.role == .plural(rule: rule, category: "other") })
        {
            return other
        }
        return entry.texts.firstIndex { $0.role == .value }
    }
}

/// The arguments a translated text may and must read.
struct ExpectedArguments {
    /// Every argument the development entry reads in any text, with its type.
    var allowed: [Int: FormatSpecifier.ArgumentType]
    /// The plain (non-variable) arguments the counterpart text itself reads.
    var required: Set<Int>
}

extension TextCounterpart {
    /// What a translated text may read: anything the development entry reads in any text
    /// (its value, plural forms, catalog substitutions) or its key declares (a catalog key
    /// such as "…favorite %lld" lists what the code passes), since a translation may use
    /// an argument the English text leaves out (Bulgarian "one" says "%d" where English
    /// says "this"); and what it must read: its counterpart's arguments. Nil when the
    /// development entry reads one argument as two types.
    static func expectedArguments(in entry: TableEntry, counterpart: EntryText) -> ExpectedArguments? {
        guard let own = FormatSpecifier.signature(counterpart.text) else { return nil }
        var allowed = own
        for text in entry.texts.map(\.text) + [entry.key] {
            guard let signature = FormatSpecifier.signature(text) else { return nil }
            for (argument, type) in signature where allowed[argument] == nil || allowed[argument] == .variable {
                allowed[argument] = type
            }
        }
        // A translation may restructure a plural variable, so only plain arguments must stay.
        return ExpectedArguments(allowed: allowed, required: Set(own.filter { $0.value != .variable }.keys))
    }
}

extension EntryText.Role {
    var isPluralForm: Bool {
        if case .plural = self { return true }
        return false
    }
}

/// The messages of `format_mismatch`.
extension Messages {
    static func formatMismatch(_ key: String, language: String, development: String, difference: String) -> String {
        "the format of \(quoted(key)) in \(language) does not match \(development): \(difference)"
    }

    static func noteDevelopmentText(_ key: String, language: String) -> String {
        "\(quoted(key)) in \(language) is here"
    }
}
