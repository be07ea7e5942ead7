import Foundation
import Testing
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSources
@testable import LinzaTables

/// Every rule's examples are run as tests: each `↓` in a triggering example must receive
/// exactly one diagnostic of that rule, and non-triggering examples must receive none.
@Suite struct RuleExampleTests {
    static let rules = RuleRegistry.all.map { RuleCase(rule: $0) }

    @Test(arguments: rules)
    func triggeringExamples(_ ruleCase: RuleCase) {
        let description = ruleCase.rule.description
        for example in description.triggeringExamples {
            let run = ExampleRun(example, rule: ruleCase.rule)
            let location = example.testLocation
            #expect(!run.expected.isEmpty, "a triggering example needs a ↓ marker", sourceLocation: location)
            #expect(run.found.sorted() == run.expected.sorted(), "\(run.messages)", sourceLocation: location)
        }
    }

    @Test(arguments: rules)
    func nonTriggeringExamples(_ ruleCase: RuleCase) {
        for example in ruleCase.rule.description.nonTriggeringExamples {
            let run = ExampleRun(example, rule: ruleCase.rule)
            #expect(run.found.isEmpty, "\(run.messages)", sourceLocation: example.testLocation)
        }
    }

    @Test func ruleDocumentationIsUpToDate() throws {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let stored = try String(contentsOf: url.appendingPathComponent("docs/RULES.md"), encoding: .utf8)
        #expect(stored == RuleDocumentation.markdown(),
                "docs/RULES.md is out of date: run `swift run linza rules --format markdown > docs/RULES.md`")
    }

    @Test func registryIsConsistent() {
        let ids = RuleRegistry.ruleIDs
        #expect(Set(ids).count == ids.count, "rule ids must be unique")
        for rule in RuleRegistry.all {
            let description = rule.description
            #expect(description.id.allSatisfy { $0.isLowercase || $0 == "_" }, "\(description.id) is not snake_case")
            #expect(!description.triggeringExamples.isEmpty, "\(description.id) has no triggering example")
            #expect(!description.nonTriggeringExamples.isEmpty, "\(description.id) has no non-triggering example")
        }
    }
}

/// Wraps a rule type for parameterised tests (metatypes are not `Sendable`-printable).
struct RuleCase: Sendable, CustomTestStringConvertible {
    let rule: any Rule.Type
    var testDescription: String { rule.description.id }
}

/// An example's miniature project scanned and checked in memory.
struct ExampleRun {
    var expected: [String] = []
    var found: [String] = []
    var messages: [String] = []

    init(_ example: RuleExample, rule: any Rule.Type) {
        let root = "/example"
        var configuration: Configuration
        do {
            configuration = try ConfigurationLoader.load(text: example.configuration ?? "", file: root + "/.linza.yml")
        } catch {
            messages = ["the example's configuration does not load: \(error)"]
            return
        }
        configuration.optInRules.insert(rule.description.id)
        let scanner = SourceScanner(recognizer: CallRecognizer(functions: configuration.functions,
                                                               defaultTable: configuration.defaultTable),
                                    collectsLiterals: true)
        var sources: [ScannedSource] = []
        var tables: [LoadedTableFile] = []
        for file in example.files {
            let text = MarkedText(file.contents)
            let path = root + "/" + file.path
            expected += text.markers.map { "\(path):\($0)" }
            if SourceScanner.language(ofFile: path) != nil {
                sources.append(scanner.scan(Array(text.text.utf8), path: path))
            } else {
                tables += TableLoader.load(Self.tableFile(path), bytes: Array(text.text.utf8))
            }
        }
        let project = LintProject(sources: sources, tables: TableCatalog(files: tables), configuration: configuration)
        let diagnostics = RuleEngine.applySuppressions(
            rule.init().check(project, severity: rule.description.defaultSeverity), sources: sources)
        found = diagnostics.map { "\($0.location.file):\($0.location.line):\($0.location.column)" }
        messages = diagnostics.map { "\($0.location): \($0.message)" }
    }

    /// The table a path names, as discovery would see it.
    static func tableFile(_ path: String) -> TableFile {
        let name = String(Path.lastComponent(path))
        let base = String(name.split(separator: ".").first ?? "")
        let format = TableFormat(rawValue: String(name.split(separator: ".").last ?? "")) ?? .strings
        let folder = Path.lastComponent(Path.parent(path))
        let language = folder.hasSuffix(".lproj") && format != .xcstrings
            ? LanguageCode.normalize(String(folder.dropLast(".lproj".count))) : nil
        return TableFile(path: path, language: language, name: base, format: format, displayName: name)
    }
}

extension RuleExample {
    var testLocation: Testing.SourceLocation {
        Testing.SourceLocation(fileID: "LinzaKit/\(Path.lastComponent(sourceFile))", filePath: sourceFile,
                               line: sourceLine, column: 1)
    }
}
