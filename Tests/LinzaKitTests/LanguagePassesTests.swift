import Testing
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSources
@testable import LinzaTables

/// Checking language by language must find exactly what checking the whole project at
/// once finds: every rule example, and projects built to stress the split.
@Suite struct LanguagePassesTests {
    @Test(arguments: RuleExampleTests.rules)
    func passesMatchAWholeCheckOnEveryExample(_ ruleCase: RuleCase) {
        let description = ruleCase.rule.description
        for example in description.triggeringExamples + description.nonTriggeringExamples {
            let project = MemoryProject(example.files.map { ($0.path, MarkedText($0.contents).text) },
                                        configuration: example.configuration ?? "", optIn: description.id)
            #expect(project.passes() == project.whole(), sourceLocation: example.testLocation)
        }
    }

    @Test func keysMissingInTheDevelopmentLanguageGetTheirDefinitionNote() {
        let project = MemoryProject([
            ("App.swift", """
                let a = NSLocalizedString("only.in.french", comment: "")
                let b = NSLocalizedString("only.in.german.and.french", comment: "")
                let c = String(localized: "extra.title", table: "Extra")
                """),
            ("en.lproj/Localizable.strings", #""other" = "Other";"#),
            ("fr.lproj/Localizable.strings", #""only.in.french" = "Seulement"; "only.in.german.and.french" = "Les deux";"#),
            ("de.lproj/Localizable.strings", #""only.in.german.and.french" = "Beide";"#),
            // A table only one language has, and a language with no tables at all.
            ("de.lproj/Extra.strings", #""extra.title" = "Extra";"#),
            ("Base.lproj/Main.strings", #""abc-de-fgh.text" = "Title";"#),
        ], configuration: "required_languages: [en, de, fr, ja]\nbase_language: Base")
        let whole = project.whole()
        #expect(project.passes() == whole)
        #expect(whole.contains { $0.message.contains("'only.in.french' is missing in de")
            && $0.notes.contains { $0.message == "'only.in.french' is defined in fr here" } })
        #expect(whole.contains { $0.message.contains("'only.in.german.and.french' is missing in en")
            && $0.notes.contains { $0.message == "'only.in.german.and.french' is defined in de here" } })
    }

    @Test func aBrokenCatalogStandsForEveryLanguageInEveryPass() {
        let project = MemoryProject([
            ("App.swift", #"let a = String(localized: "promo.title", table: "Promo")"#),
            ("Promo.xcstrings", #"{ "sourceLanguage": "en", "strings": { "#),
            ("en.lproj/Localizable.strings", #""x" = "X";"#),
            ("ru.lproj/Localizable.strings", #""x" = "Икс";"#),
        ], configuration: "")
        #expect(project.passes() == project.whole())
        #expect(project.whole().filter { $0.ruleID == "strings_syntax" }.count == 1)
    }
}

/// A project whose files live in memory, checked whole or language by language.
struct MemoryProject {
    let configuration: Configuration
    let sources: [ScannedSource]
    let tableFiles: [TableFile]
    let bytes: [String: [UInt8]]

    init(_ files: [(path: String, text: String)], configuration text: String, optIn rule: String? = nil) {
        let root = "/project"
        var configuration = (try? ConfigurationLoader.load(text: text, file: root + "/.linza.yml"))
            ?? Configuration(baseDirectory: root)
        if let rule { configuration.optInRules.insert(rule) }
        self.configuration = configuration
        let scanner = SourceScanner(recognizer: CallRecognizer(functions: configuration.functions,
                                                               defaultTable: configuration.defaultTable),
                                    collectsLiterals: true)
        var sources: [ScannedSource] = [], tableFiles: [TableFile] = [], bytes: [String: [UInt8]] = [:]
        for (path, text) in files {
            let absolute = root + "/" + path
            if SourceScanner.language(ofFile: absolute) != nil {
                sources.append(scanner.scan(Array(text.utf8), path: absolute))
            } else {
                tableFiles.append(ExampleRun.tableFile(absolute))
                bytes[absolute] = Array(text.utf8)
            }
        }
        self.sources = sources
        self.tableFiles = tableFiles.sorted { $0.path < $1.path }
        self.bytes = bytes
    }

    func whole() -> [Diagnostic] {
        let tables = tableFiles.flatMap { TableLoader.load($0, bytes: bytes[$0.path]!) }
        let project = LintProject(sources: sources, tables: TableCatalog(files: tables), configuration: configuration)
        return RuleEngine.check(project).sortedForOutput()
    }

    func passes() -> [Diagnostic] {
        let bytes = self.bytes
        var passes = LanguagePasses(configuration: configuration, sources: sources, tableFiles: tableFiles,
                                    interfaceNames: [])
        passes.load = { TableLoader.load($0, bytes: bytes[$0.path]!) }
        return passes.check().diagnostics.sortedForOutput()
    }
}
