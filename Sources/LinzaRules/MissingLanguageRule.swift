import LinzaBase

/// A required language must have each table the development language has.
package struct MissingLanguageRule: Rule {
    package init() {}

    package static let reportsAbsence = true

    package static let inputs: RuleInputs = [.developmentTables, .languageTables]

    package static let description = RuleDescription(
        id: "missing_language",
        name: "Missing language",
        summary: "A required language has no table where the development language has one",
        rationale: """
            A language without the whole table (a forgotten ru.lproj/Checkout.strings, a catalog \
            nobody translated into German) shows every key of that table untranslated. One finding \
            per table and language says so, instead of one per key.
            """,
        defaultSeverity: .error,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile("en.lproj/Checkout.strings", #"↓"checkout.pay" = "Pay";"#),
                ExampleFile("en.lproj/Localizable.strings", #""ok" = "OK";"#),
                ExampleFile("ru.lproj/Localizable.strings", #""ok" = "ОК";"#),
            ]),
            RuleExample(
                [
                    ExampleFile("en.lproj/Localizable.strings", #"↓↓"ok" = "OK";"#)
                ], configuration: "required_languages: [en, ja, ko]"),
        ],
        nonTriggeringExamples: [
            RuleExample([
                ExampleFile("en.lproj/Checkout.strings", #""checkout.pay" = "Pay";"#),
                ExampleFile("ru.lproj/Checkout.strings", #""checkout.pay" = "Оплатить";"#),
            ]),
            RuleExample([
                // Storyboard and InfoPlist tables are not compared with code by default.
                ExampleFile("en.lproj/InfoPlist.strings", #""CFBundleDisplayName" = "Pizza";"#),
                ExampleFile("en.lproj/Main.strings", #""pPR-vp-xuM.text" = "Welcome";"#),
                ExampleFile("de.lproj/Localizable.strings", #""ok" = "OK";"#),
                ExampleFile("en.lproj/Localizable.strings", #""ok" = "OK";"#),
            ]),
            RuleExample(
                [
                    // An empty String Catalog, as Xcode creates it, and a table of comments only.
                    ExampleFile("Catalog.xcstrings", #"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#),
                    ExampleFile("en.lproj/Notes.strings", "/* filled in later */"),
                    ExampleFile("de.lproj/Localizable.strings", #""ok" = "OK";"#),
                    ExampleFile("en.lproj/Localizable.strings", #""ok" = "OK";"#),
                ], configuration: "required_languages: [en, de]"),
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for name in project.developmentTableNames where project.isCodeTable(name) {
            // A table without keys (a String Catalog as Xcode creates it, a .strings file of
            // comments) leaves nothing missing.
            guard let development = project.table(language: project.developmentLanguage, name: name),
                let file = development.files.first, development.entries.count > 0
            else { continue }
            for language in project.requiredLanguages
            where language != project.developmentLanguage
                && project.reports(language) && project.table(language: language, name: name) == nil
            {
                diagnostics.append(
                    Diagnostic(
                        ruleID: Self.description.id, severity: severity,
                        message: Messages.missingLanguage(
                            language: language, table: name,
                            developmentTable: development.displayName,
                            keys: development.entries.count),
                        location: Location(file: file.file.path, line: 1, column: 1),
                        language: language, table: name))
            }
        }
        return diagnostics
    }
}

/// The messages of `missing_language`.
extension Messages {
    static func missingLanguage(language: String, table: String, developmentTable: String, keys: Int) -> String {
        "\(language) has no \(table) table, so all \(keys) keys of \(developmentTable) are missing in \(language)"
    }
}
