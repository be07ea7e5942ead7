import Foundation
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
        #expect(
            stored == RuleDocumentation.markdown(),
            "docs/RULES.md is out of date: run `swift run linza rules --format markdown > docs/RULES.md`")
    }

    /// Every example runs again with its files changed in ways that must not matter (UTF-16
    /// tables, CRLF line ends, a multi-byte comment before every line), and a triggering
    /// example whose findings are all in code is silenced by a `linza:disable` comment.
    @Test(arguments: rules)
    func examplesSurviveMutations(_ ruleCase: RuleCase) {
        let description = ruleCase.rule.description
        for mutation in ExampleMutation.allCases {
            for example in description.triggeringExamples + description.nonTriggeringExamples {
                let run = ExampleRun(example, rule: ruleCase.rule, mutation: mutation)
                guard !run.skipped else { continue }
                #expect(
                    run.found.sorted() == run.expected.sorted(), "\(mutation): \(run.messages)",
                    sourceLocation: example.testLocation)
            }
        }
    }

    @Test(arguments: rules)
    func examplesHaveValidConfigurations(_ ruleCase: RuleCase) {
        let description = ruleCase.rule.description
        for example in description.triggeringExamples + description.nonTriggeringExamples {
            #expect(
                ExampleRun(example, rule: ruleCase.rule).configurationError == nil, sourceLocation: example.testLocation
            )
        }
    }

    /// A rule written but not listed in `RuleRegistry.all` would never run: every type that
    /// conforms to `Rule` in the rules' source folder must be listed.
    @Test func everyRuleTypeIsRegistered() throws {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let folder = url.appendingPathComponent("Sources/LinzaRules")
        var declared: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /struct (\w+): Rule\b/) { declared.insert(String(match.output.1)) }
        }
        let registered = Set(RuleRegistry.all.map { String(describing: $0) })
        #expect(declared.count >= 14)
        #expect(declared == registered)
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
    var configurationError: String?
    /// The mutation does not apply to this example.
    var skipped = false

    init(_ example: RuleExample, rule: any Rule.Type, mutation: ExampleMutation? = nil) {
        let root = "/example"
        var configuration: Configuration
        do {
            configuration = try ConfigurationLoader.load(text: example.configuration ?? "", file: root + "/.linza.yml")
        } catch {
            configurationError = "\(error)"
            messages = ["the example's configuration does not load: \(error)"]
            return
        }
        var files = example.files
        if let mutation {
            guard let mutated = mutation.apply(to: files, rule: rule.description.id) else {
                skipped = true
                return
            }
            files = mutated
        }
        configuration.optInRules.insert(rule.description.id)
        let scanner = SourceScanner(
            recognizer: CallRecognizer(
                functions: configuration.functions,
                defaultTable: configuration.defaultTable),
            collectsLiterals: true, accessors: configuration.accessors)
        var sources: [ScannedSource] = []
        var tables: [LoadedTableFile] = []
        var bytesByPath: [String: [UInt8]] = [:]
        var exchangeFiles: [(path: String, bytes: [UInt8])] = []
        for file in files {
            let text = MarkedText(file.contents)
            let path = root + "/" + file.path
            if mutation != .disableComment { expected += text.markers.map { "\(path):\($0)" } }
            bytesByPath[path] = Array(text.text.utf8)
            if path.hasSuffix(".xliff") {
                exchangeFiles.append((path, Array(text.text.utf8)))
            } else if SourceScanner.language(ofFile: path) != nil {
                sources.append(scanner.scan(Array(text.text.utf8), path: path))
            } else {
                let bytes =
                    mutation == .utf16WithBOM && path.hasSuffix(".strings")
                    ? [0xFF, 0xFE] + text.text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
                    : Array(text.text.utf8)
                tables += TableLoader.load(Self.tableFile(path), bytes: bytes)
            }
        }
        if !configuration.accessors.isEmpty {
            sources = AccessorResolver.resolve(sources, configuration: configuration, tables: tables, scanner: scanner)
        }
        let project = LintProject(sources: sources, tables: TableCatalog(files: tables), configuration: configuration)
        var diagnostics = RuleEngine.applySuppressions(
            rule.init().check(project, severity: rule.description.defaultSeverity), sources: sources)
        // An XLIFF file is checked as `lint --xliff` checks it, against the example's tables.
        if !exchangeFiles.isEmpty {
            var documents: [ExchangeDocument] = []
            for (path, bytes) in exchangeFiles {
                do {
                    documents.append(ExchangeDocument(path: path, document: try XLIFFReader.read(bytes, path: path)))
                } catch {
                    messages.append("the example's XLIFF file does not read: \(error)")
                }
            }
            var linter = XLIFFLinter()
            linter.rules = [rule]
            linter.read = { path in
                guard let bytes = bytesByPath[path] else { throw InputError(path: path) }
                return bytes
            }
            let module = Linter.LoadedModule(
                name: nil, configuration: configuration, sources: sources, tables: tables, interfaceNames: [])
            let checked = linter.lint(documents, modules: [module], configuration: configuration)
            diagnostics += checked.diagnostics
            // A table the units cannot be checked against fails the example.
            diagnostics += checked.failures.map {
                Diagnostic(ruleID: "input_error", severity: .error, message: $0.message, location: $0.location)
            }
        }
        found = diagnostics.map { "\($0.location.file):\($0.location.line):\($0.location.column)" }
        messages += diagnostics.map { "\($0.location): \($0.message)" }
    }

    /// A file an example's XLIFF names that the example does not have.
    struct InputError: Error {
        var path: String
    }

    /// The table a path names, as discovery would see it.
    static func tableFile(_ path: String) -> TableFile {
        let name = String(Path.lastComponent(path))
        let base = String(name.split(separator: ".").first ?? "")
        let format = TableFormat(rawValue: String(name.split(separator: ".").last ?? "")) ?? .strings
        let folder = Path.lastComponent(Path.parent(path))
        let language =
            folder.hasSuffix(".lproj") && format != .xcstrings
            ? LanguageCode.normalize(String(folder.dropLast(".lproj".count))) : nil
        return TableFile(path: path, language: language, name: base, format: format, displayName: name)
    }
}

extension RuleExample {
    var testLocation: Testing.SourceLocation {
        Testing.SourceLocation(
            fileID: "LinzaKit/\(Path.lastComponent(sourceFile))", filePath: sourceFile,
            line: sourceLine, column: 1)
    }
}

/// A change to an example's files that must not change what the rule finds.
enum ExampleMutation: CaseIterable {
    /// `.strings` tables stored as UTF-16 LE with a BOM, as older projects keep them.
    case utf16WithBOM
    /// Every line ends in CR LF.
    case crlf
    /// `/* ü */ ` before every line of code and `.strings` tables: columns count bytes.
    case multiByteLinePrefix
    /// `// linza:disable <rule>` above the code of a triggering example whose findings are all
    /// in code: it must find nothing.
    case disableComment

    static let prefix = "/* ü */ "

    /// The mutated files (markers kept), or nil when the mutation does not apply.
    func apply(to files: [ExampleFile], rule: String) -> [ExampleFile]? {
        switch self {
        case .utf16WithBOM:
            return files
        case .crlf:
            return files.map { ExampleFile($0.path, $0.contents.replacingOccurrences(of: "\n", with: "\r\n")) }
        case .multiByteLinePrefix:
            return files.map { file in
                guard Self.takesLinePrefix(file) else { return file }
                let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
                return ExampleFile(file.path, lines.map { Self.prefix + $0 }.joined(separator: "\n"))
            }
        case .disableComment:
            let markedFiles = files.filter { $0.contents.contains(RuleExample.marker) }
            guard !markedFiles.isEmpty,
                markedFiles.allSatisfy({ SourceScanner.language(ofFile: $0.path) != nil })
            else { return nil }
            return files.map { file in
                guard SourceScanner.language(ofFile: file.path) != nil else { return file }
                return ExampleFile(file.path, "// linza:disable \(rule)\n" + file.contents)
            }
        }
    }

    /// Code and `.strings` files where a comment can open every line: no multi-line string
    /// or comment, no `.strings` value across lines.
    private static func takesLinePrefix(_ file: ExampleFile) -> Bool {
        let isCode = SourceScanner.language(ofFile: file.path) != nil
        // A marker at the very start stands for the whole file, which stays at 1:1.
        guard isCode || file.path.hasSuffix(".strings"), file.contents.first != RuleExample.marker else { return false }
        if file.contents.contains("\"\"\"") || file.contents.contains("#!") { return false }
        for line in file.contents.split(separator: "\n") {
            if line.contains("/*") != line.contains("*/") { return false }
            if line.filter({ $0 == "\"" }).count % 2 != 0 { return false }
        }
        return true
    }
}
