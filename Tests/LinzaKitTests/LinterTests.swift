@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
import LinzaTestSupport
@testable import LinzaWriting
import Testing

/// The whole pipeline on small projects on disk: discovery, scanning, tables, rules.
@Suite struct LinterTests {
    let project = TemporaryDirectory()

    func lint(_ configuration: String) throws -> LintResult {
        let file = project.write(".linza.yml", configuration)
        return Linter(configuration: try ConfigurationLoader.load(file: file)).lint()
    }

    func findings(_ result: LintResult) -> [String] {
        result.diagnostics.map {
            "\(Path.relative($0.location.file, to: project.path)!):\($0.location.line): \($0.message)"
        }
    }

    @Test func tablesOfOneLanguageAndNameAreMergedAcrossFolders() throws {
        project.write(
            "App/Main.swift",
            #"""
            let a = NSLocalizedString("from.app", comment: "")
            let b = NSLocalizedString("from.shared", comment: "")
            """#)
        project.write("App/en.lproj/Localizable.strings", #""from.app" = "App";"#)
        project.write("Shared/en.lproj/Localizable.strings", #""from.shared" = "Shared";"#)
        let result = try lint("included: [App]\nresources: [App, Shared]\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.tableFileCount == 2)
    }

    @Test func keysAreComparedAsDecodedStrings() throws {
        project.write(
            "App/Main.swift",
            #"""
            let a = NSLocalizedString("caf\u{E9} \"quoted\"", comment: "")
            let b = NSLocalizedString("tab\tkey", comment: "")
            """#)
        project.write(
            "App/en.lproj/Localizable.strings",
            #"""
            "caf\U00e9 \"quoted\"" = "Café";
            'tab	key' = "Tab";
            """#)
        #expect(try lint("").diagnostics.isEmpty)
    }

    @Test func requiredLanguagesDefaultToEveryLanguageWithTables() throws {
        project.write("App/Main.swift", #"let a = NSLocalizedString("hello", comment: "")"#)
        project.write("App/en.lproj/Localizable.strings", #""hello" = "Hello";"#)
        project.write("App/pt_BR.lproj/Localizable.strings", #""other" = "Outro";"#)
        project.write("App/Base.lproj/Main.strings", #""x.title" = "X";"#)
        let result = try lint("")
        #expect(result.languages == ["en", "pt-BR"])
        #expect(findings(result) == ["App/Main.swift:1: 'hello' is missing in pt-BR (pt_BR.lproj/Localizable.strings)"])
    }

    @Test func aWarnedLanguageIsCheckedButItsGapsAreWarnings() throws {
        project.write(
            "App/Main.swift",
            #"""
            let a = NSLocalizedString("hello", comment: "")
            let b = NSLocalizedString("bye", comment: "")
            """#)
        project.write("App/en.lproj/Localizable.strings", #""hello" = "Hello"; "bye" = "Bye";"#)
        project.write("App/ru.lproj/Localizable.strings", #""hello" = "Привет";"#)
        project.write("App/de.lproj/Localizable.strings", #""hello" = "Hallo"; "bye" = "%d Tschüss";"#)
        let result = try lint("required_languages: [en, ru]\nwarned_languages: [de, fr]\n")
        #expect(result.languages == ["en", "ru", "de", "fr"])
        let found = result.diagnostics.map { "\($0.severity) \($0.ruleID) \($0.language ?? "-")" }.sorted()
        // A missing key in ru fails the build; fr's missing table only warns; a broken
        // format in de is an error whatever the language's level.
        #expect(found == ["error format_mismatch de", "error missing_key ru", "warning missing_language fr"])
    }

    @Test func aRequiredLanguageWithoutTheTableIsReportedOnce() throws {
        project.write(
            "App/Main.swift",
            #"""
            let a = NSLocalizedString("hello", comment: "")
            let b = NSLocalizedString("bye", comment: "")
            """#)
        project.write("App/en.lproj/Localizable.strings", #""hello" = "Hello"; "bye" = "Bye";"#)
        let result = try lint("required_languages: [en, fr]")
        #expect(
            findings(result) == [
                "App/en.lproj/Localizable.strings:1: fr has no Localizable table, so all 2 keys of en.lproj/Localizable.strings are missing in fr"
            ])
    }

    @Test func aKeyMissingFromEveryLanguageNamesTheTable() throws {
        project.write("App/Main.swift", #"let a = NSLocalizedString("hello", comment: "")"#)
        project.write("App/fr.lproj/Localizable.strings", #""other" = "Autre";"#)
        let result = try lint("required_languages: [en, fr]")
        #expect(findings(result).contains("App/Main.swift:1: 'hello' is missing in en (en has no Localizable table)"))
        #expect(
            result.diagnostics.first?.notes.map(\.message) == ["no resource folder has en.lproj/Localizable.strings"])
    }

    /// The run time compares keys code unit by code unit: NFC "Café" does not find NFD.
    @Test func keysAreComparedByCodeUnitsNotCanonicalEquivalence() throws {
        project.write("App/Main.swift", "let a = NSLocalizedString(\"Caf\u{E9}\", comment: \"\")")
        project.write("App/en.lproj/Localizable.strings", "\"Cafe\u{301}\" = \"x\";")
        #expect(try lint("").diagnostics.filter { $0.ruleID == "missing_key" }.count == 1)
    }

    @Test func keysWithLineBreaksStayOnOneOutputLine() throws {
        project.write(
            "App/Main.swift", "let a = NSLocalizedString(\"\"\"\n    Hello\n    World\n    \"\"\", comment: \"\")")
        project.write("App/en.lproj/Localizable.strings", "")
        let output = XcodeReporter().report(try lint("").diagnostics)
        #expect(output.contains("'Hello\\nWorld' is missing in en"))
        #expect(output.split(separator: "\n").count == 2)
    }

    @Test func settingsBundleTablesAreNotComparedWithCode() throws {
        project.write("App/Main.swift", #"let a = NSLocalizedString("hello", comment: "")"#)
        project.write("App/en.lproj/Localizable.strings", #""hello" = "Hello";"#)
        project.write("App/Settings.bundle/en.lproj/Root.strings", #""SETTINGS_TITLE" = "Settings";"#)
        project.write("App/Settings.bundle/de.lproj/Root.strings", #""SETTINGS_TITLE" = "Einstellungen";"#)
        #expect(try lint("required_languages: [en]").diagnostics.isEmpty)
    }

    @Test func ruleLevelsApply() throws {
        project.write(
            "App/Main.swift",
            #"""
            let a = NSLocalizedString("missing", comment: "")
            let b = NSLocalizedString(key, comment: "")
            """#)
        project.write("App/en.lproj/Localizable.strings", "")
        let result = try lint("rules:\n  missing_key: warning\n  dynamic_key: off\n")
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.errorCount == 0)
    }

    @Test func unreadableInputIsAFailureNotASilence() throws {
        project.write("App/Main.swift", bytes: [0x6C, 0x65, 0x74, 0x20, 0xC0, 0x0A])
        let result = try lint("")
        #expect(result.hasInputFailures)
        #expect(result.diagnostics.map(\.ruleID) == [Linter.inputErrorID])
    }
}
