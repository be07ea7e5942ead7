@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaRules
@testable import LinzaSetup
import LinzaTestSupport
@testable import LinzaWriting
import Testing

/// A call site's missing_key findings become one per severity, naming every language.
@Suite struct MissingKeyGroupingTests {
    let project = TemporaryDirectory()

    func findings(_ configuration: String, grouping: Bool = true) throws -> [Diagnostic] {
        let file = project.write(".linza.yml", configuration)
        return Linter(configuration: try ConfigurationLoader.load(file: file)).lint(groupingLanguages: grouping)
            .diagnostics
            .filter { $0.ruleID == "missing_key" }
    }

    func writeTables(_ languages: [String]) {
        for language in languages {
            project.write("\(language).lproj/Localizable.strings", #""other" = "x";"#)
        }
    }

    /// Generated code puts its calls at the same line and column of same-length paths, with
    /// same-length keys: each site still gets its own finding, naming its own languages.
    @Test func sitesAlikeInEverythingButTheirTextsStayApart() {
        let languages = ["de", "fr"]
        let diagnostics = (0..<500).flatMap { index in
            languages.map { language in
                Diagnostic(
                    ruleID: "missing_key", severity: .error, message: "'k\(1000 + index)' is missing in \(language)",
                    location: Location(file: "/g/F\(1000 + index).swift", line: 1, column: 28),
                    key: "k\(1000 + index)", language: language, table: "Localizable")
            }
        }
        let grouped = MissingKeyGrouping.grouped(diagnostics.shuffled(), checkedLanguages: 3)
        #expect(grouped.count == 500)
        #expect(Set(grouped.map(\.key)).count == 500)
        #expect(
            grouped.allSatisfy { $0.languages == languages && $0.location.file == "/g/F\($0.key!.dropFirst()).swift" })
    }

    /// Sites whose hashes collide are still told apart by comparing them whole, and findings
    /// of one site still join its group.
    @Test func sitesWhoseHashesCollideAreComparedWhole() {
        let diagnostics = (0..<60).flatMap { index in
            ["de", "fr", "ru"].prefix(1 + index % 3).map { (language: String) in
                Diagnostic(
                    ruleID: index % 7 == 0 ? "unused_key" : "missing_key", severity: index % 5 == 0 ? .warning : .error,
                    message: "'k\(index % 20)' is missing in \(language)",
                    location: Location(file: "/g/F\(index % 4).swift", line: 1 + index % 6, column: 28),
                    key: "k\(index % 20)", language: language, table: "Localizable")
            }
        }.shuffled()
        let hashed = MissingKeyGrouping.grouped(diagnostics, checkedLanguages: 3)
        #expect(hashed.count < diagnostics.count)
        #expect(MissingKeyGrouping.grouped(diagnostics, checkedLanguages: 3, siteHash: { _ in 7 }) == hashed)
    }

    /// Findings in print order, as a module's check gives them, are grouped place by place
    /// without hashing every one: the groups are the ones hashing finds, in the same order.
    @Test func findingsInPrintOrderGroupAsHashingGroupsThem() {
        let diagnostics = (0..<90).flatMap { index in
            ["de", "fr", "ru"].prefix(1 + index % 3).map { (language: String) in
                Diagnostic(
                    ruleID: index % 7 == 0 ? "unused_key" : "missing_key", severity: index % 5 == 0 ? .warning : .error,
                    message: "'k\(index % 20)' is missing in \(language)",
                    location: Location(file: "/g/F\(index % 4).swift", line: 1 + index % 6, column: 28 + index % 2),
                    key: "k\(index % 20)", language: language, table: index % 11 == 0 ? "Other" : "Localizable")
            }
        }.shuffled().inPrintOrder()
        #expect(MissingKeyGrouping.isOrderedByPlace(diagnostics))
        #expect(!MissingKeyGrouping.isOrderedByPlace(diagnostics.reversed()))
        // Sites with several languages, sites with one (nothing to merge), sites with one
        // and other rules' findings between them.
        let alone = diagnostics.filter { $0.language == "de" }
        for findings in [diagnostics, alone.filter { $0.ruleID == "missing_key" }, alone] {
            let grouped = MissingKeyGrouping.grouped(findings, checkedLanguages: 3)
            #expect(grouped == MissingKeyGrouping.grouped(findings, checkedLanguages: 3, siteHash: \.location.line))
        }
        #expect(MissingKeyGrouping.grouped(diagnostics, checkedLanguages: 3).count < diagnostics.count)
        // One path spelled in two normalizations is one string with other bytes: hashing groups it.
        // In byte order, the other file between them.
        let spellings = [("/g/Cafe\u{301}.swift", "de"), ("/g/Cafz.swift", "de"), ("/g/Caf\u{E9}.swift", "fr")].map {
            Diagnostic(
                ruleID: "missing_key", severity: .error, message: "'k' is missing in \($0.1)",
                location: Location(file: $0.0, line: 1, column: 1), key: "k", language: $0.1, table: "Localizable")
        }
        #expect(!MissingKeyGrouping.isOrderedByPlace(spellings))
        #expect(
            MissingKeyGrouping.grouped(spellings, checkedLanguages: 3)
                == MissingKeyGrouping.grouped(spellings, checkedLanguages: 3, siteHash: \.location.line))
        #expect(MissingKeyGrouping.grouped(spellings, checkedLanguages: 3).count == 2)
    }

    /// A place's sites are told apart by comparison up to `sitesComparedAtOnePlace`, and by
    /// hashing past it: either way the groups, their order and their merged findings are the
    /// ones hashing every finding gives.
    @Test func sitesAtOnePlaceGroupAsHashingGroupsThem() {
        for keys in [2, MissingKeyGrouping.sitesComparedAtOnePlace, MissingKeyGrouping.sitesComparedAtOnePlace + 3] {
            let diagnostics = (0..<keys).flatMap { index in
                ["de", "fr", "ja", "ru"].prefix(1 + index % 4).map { (language: String) in
                    Diagnostic(
                        ruleID: "missing_key", severity: index % 3 == 0 ? .warning : .error,
                        message: "'k\(index)' is missing in \(language)"
                            + (index % 2 == 0
                                ? "; its development text is the call's key: export it to the translators" : ""),
                        location: Location(file: "/g/F.swift", line: 4, column: 9),
                        notes: [
                            DiagnosticNote(
                                "'k\(index)' is used here", at: Location(file: "/g/G.swift", line: 2, column: 1))
                        ],
                        key: "k\(index)", language: language, table: "Localizable")
                }
            }.shuffled().inPrintOrder()
            #expect(MissingKeyGrouping.isOrderedByPlace(diagnostics))
            let grouped = MissingKeyGrouping.grouped(diagnostics, checkedLanguages: 4)
            #expect(grouped.count == keys)
            #expect(grouped == MissingKeyGrouping.grouped(diagnostics, checkedLanguages: 4, siteHash: \.location.line))
            // A key found in more than one language is one finding naming them.
            #expect(grouped.filter { $0.language == nil }.count == (0..<keys).count { $0 % 4 != 0 })
        }
    }

    @Test func oneFindingNamesEveryLanguageWithANotePerTable() throws {
        project.write("App.swift", #"let title = NSLocalizedString("menu.title", comment: "")"#)
        writeTables(["en", "de", "fr", "ru"])
        project.write("en.lproj/Localizable.strings", #""menu.title" = "Menu";"#)
        let grouped = try findings("required_languages: [en, de, fr, ru]")
        #expect(grouped.map(\.message) == ["'menu.title' is missing in de, fr, ru (3 of 4 languages)"])
        #expect(grouped.first?.languages == ["de", "fr", "ru"])
        #expect(grouped.first?.language == nil)
        #expect(
            grouped.first?.notes.map(\.message) == [
                "de.lproj/Localizable.strings has no 'menu.title'", "fr.lproj/Localizable.strings has no 'menu.title'",
                "ru.lproj/Localizable.strings has no 'menu.title'", "'menu.title' is defined in en here",
            ])
        // Missing everywhere: "all", the list stays in `languages`.
        let everywhere = try findings("required_languages: [de, fr, ru]")
        #expect(everywhere.map(\.message) == ["'menu.title' is missing in all 3 languages"])
        #expect(everywhere.first?.languages == ["de", "fr", "ru"])
        let perLanguage = try findings("required_languages: [en, de, fr, ru]", grouping: false)
        #expect(perLanguage.map(\.language) == ["de", "fr", "ru"])
    }

    @Test func warnedLanguagesStayASeparateWarning() throws {
        project.write("App.swift", #"let title = NSLocalizedString("menu.title", comment: "")"#)
        writeTables(["en", "de", "fr", "ru"])
        let grouped = try findings("required_languages: [en, ru]\nwarned_languages: [de, fr]")
        #expect(
            grouped.map { "\($0.severity): \($0.message)" } == [
                "warning: 'menu.title' is missing in de, fr (2 of 4 languages)",
                "error: 'menu.title' is missing in en, ru (2 of 4 languages)",
            ])
    }

    @Test func adviceOfTheDefaultValueAndOfExportingIsKept() throws {
        project.write("App.swift", #"let pay = NSLocalizedString("pay.now", value: "Pay now", comment: "")"#)
        writeTables(["en", "de"])
        #expect(
            try findings("required_languages: [en, de]").map(\.message) == [
                "'pay.now' is missing in de, en (2 of 2 languages); in en the call's default value shows at run time, "
                    + "but translators never see text that is only in code (if you export text from code, set "
                    + "development_values_in_code: true)"
            ])
        writeTables(["fr"])
        #expect(
            try findings("required_languages: [en, de, fr]\ndevelopment_values_in_code: true").map(\.message) == [
                "'pay.now' is missing in de, fr (2 of 3 languages); its development text is in the call's value: "
                    + "export it to the translators"
            ])
    }

    @Test func aLoneLanguageKeepsItsOwnMessage() throws {
        project.write("App.swift", #"let title = NSLocalizedString("menu.title", comment: "")"#)
        writeTables(["en", "de"])
        project.write("en.lproj/Localizable.strings", #""menu.title" = "Menu";"#)
        #expect(
            try findings("required_languages: [en, de]").map(\.message)
                == ["'menu.title' is missing in de (de.lproj/Localizable.strings)"])
    }
}
