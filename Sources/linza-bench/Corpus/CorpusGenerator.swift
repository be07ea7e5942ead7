import Foundation
import LinzaKit

/// What to generate: the same specification always gives the same bytes.
struct CorpusSpecification: Equatable {
    var lines: Int
    var languages: Int
    var seed: UInt64

    /// Bump when the generator's output changes, so cached corpora are rebuilt.
    static let generatorVersion = 1

    /// Feature modules: one per 25 000 lines, as in a large modular app.
    var moduleCount: Int { max(1, lines / 25_000) }

    /// A folder name that identifies the corpus.
    var folderName: String { "corpus-\(lines)-lines-\(languages)-languages-seed-\(seed)-v\(Self.generatorVersion)" }
}

/// What was generated, and the findings planted in it (the only findings Linza must
/// report on a generated corpus).
struct CorpusManifest: Codable, Equatable {
    var swiftFiles = 0
    var swiftLines = 0
    var swiftBytes = 0
    var objectiveCFiles = 0
    var tableFiles = 0
    var tableBytes = 0
    var keys = 0
    var modules = 0
    var languages = 0
    var missingKeys = 0
    var unusedKeys = 0
    var dynamicKeys = 0

    /// Findings by rule that `linza lint` must report.
    var expectedFindings: [String: Int] {
        ["missing_key": missingKeys, "unused_key": unusedKeys, "dynamic_key": dynamicKeys]
    }
}

/// Generates a realistic project: `Modules/<Name>/Sources/<Name>/*.swift` (and a few
/// Objective-C files), `Modules/<Name>/Resources/` with every language's tables, and a
/// `.linza.yml` with one module per feature. A few keys are left out of one language and a
/// few table entries are used by no code, so the run has findings to report.
enum CorpusGenerator {
    static let manifestName = "linza-corpus.json"

    static func generate(_ specification: CorpusSpecification, into folder: String) throws -> CorpusManifest {
        precondition(specification.languages >= 2 && specification.languages <= CorpusLanguages.all.count)
        let languages = Array(CorpusLanguages.all.prefix(specification.languages))
        let root = SeededRandom(seed: specification.seed)
        var manifest = CorpusManifest(modules: specification.moduleCount, languages: languages.count)
        var moduleNames: [String] = []
        let linesPerModule = specification.lines / specification.moduleCount

        for moduleIndex in 0..<specification.moduleCount {
            var random = root.derived(moduleIndex)
            var module = CorpusModule(index: moduleIndex)
            moduleNames.append(module.name)
            let sources = "\(folder)/Modules/\(module.name)/Sources/\(module.name)"
            let budget =
                moduleIndex == specification.moduleCount - 1
                ? specification.lines - linesPerModule * (specification.moduleCount - 1) : linesPerModule

            var written = 0
            var fileIndex = 0
            while written < budget {
                let remaining = budget - written
                let length = remaining < 600 ? remaining : random.int(150...450)
                var writer = SwiftSourceWriter(module: module, fileIndex: fileIndex, random: random.derived(fileIndex))
                module = writer.write(lines: max(length, 40))
                try write(Array(writer.text.utf8), to: "\(sources)/\(writer.fileName)")
                manifest.swiftFiles += 1
                manifest.swiftLines += writer.lineCount
                manifest.swiftBytes += writer.text.utf8.count
                manifest.dynamicKeys += writer.dynamicCalls
                written += writer.lineCount
                fileIndex += 1
            }
            if moduleIndex % 5 == 1 {
                var writer = ObjectiveCSourceWriter()
                module = writer.write(module: module, calls: 8, random: &random)
                try write(Array(writer.text.utf8), to: "\(sources)/\(module.name)LegacyViewController.m")
                manifest.objectiveCFiles += 1
            }

            let planted = plant(in: module, languages: languages, moduleCount: specification.moduleCount)
            manifest.missingKeys += planted.missing.count
            manifest.unusedKeys += planted.unused.count
            manifest.keys += module.keys.count + module.dynamicKeyNames.count + planted.unused.count
            let tables = TableWriter(
                module: module, languages: languages, missing: planted.missing, unused: planted.unused)
            for file in tables.files() {
                try write(file.bytes, to: "\(folder)/Modules/\(module.name)/Resources/\(file.path)")
                manifest.tableFiles += 1
                manifest.tableBytes += file.bytes.count
            }
        }
        try write(
            Array(configuration(specification, languages: languages, modules: moduleNames).utf8),
            to: "\(folder)/.linza.yml")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try write(Array(try encoder.encode(manifest)) + [0x0A], to: "\(folder)/\(manifestName)")
        return manifest
    }

    /// Every eighth module loses one once-used key in its last language; modules 1, 9, 17…
    /// (or the only module) keep a key no code reads.
    static func plant(in module: CorpusModule, languages: [String], moduleCount: Int)
        -> (missing: [(key: String, language: String)], unused: [String])
    {
        var missing: [(String, String)] = []
        if module.index % 8 == 0, let key = module.keys.first(where: { $0.kind == .plain && $0.uses == 1 }) {
            missing.append((key.name, languages.last!))
        }
        let unused = module.index % 8 == 1 || moduleCount == 1 ? ["\(module.prefix).legacy.promo_banner"] : []
        return (missing, unused)
    }

    static func configuration(_ specification: CorpusSpecification, languages: [String], modules: [String]) -> String {
        var text = """
            # A benchmark corpus: linza-bench generate --lines \(specification.lines) \
            --languages \(specification.languages) --seed \(specification.seed)
            development_language: en
            required_languages: [\(languages.joined(separator: ", "))]
            swiftui: true
            functions:
              - name: L10n.tr
                key: 0
            modules:

            """
        for name in modules {
            text +=
                "  - name: \(name)\n    included: [Modules/\(name)/Sources]\n    resources: [Modules/\(name)/Resources]\n"
        }
        return text
    }

    private static func write(_ bytes: [UInt8], to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CorpusError("cannot write \(path)")
        }
    }
}

struct CorpusError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
