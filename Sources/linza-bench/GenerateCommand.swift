import ArgumentParser
import Foundation

/// `linza-bench generate`: writes a benchmark corpus (same options, same bytes).
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a generated app of the given size to a folder (deterministic for a seed)."
    )

    @Option(help: "Lines of Swift (10000 to 3000000 in the benchmarks).")
    var lines: Int

    @Option(help: "Languages, 2 to \(CorpusLanguages.all.count).")
    var languages: Int

    @Option(help: "The seed: the same seed and sizes give the same bytes.")
    var seed: UInt64 = 1

    @Option(help: "The folder to write into; it must not exist.")
    var output: String

    func validate() throws {
        guard lines >= 100 else { throw ValidationError("--lines must be at least 100") }
        guard (2...CorpusLanguages.all.count).contains(languages) else {
            throw ValidationError("--languages must be between 2 and \(CorpusLanguages.all.count)")
        }
    }

    func run() throws {
        guard !FileManager.default.fileExists(atPath: output) else {
            throw ValidationError("\(output) already exists")
        }
        let manifest = try CorpusGenerator.generate(
            CorpusSpecification(lines: lines, languages: languages, seed: seed),
            into: output)
        print(
            "\(manifest.swiftFiles) Swift files (\(manifest.swiftLines) lines, \(manifest.swiftBytes / 1_000_000) MB), "
                + "\(manifest.tableFiles) table files (\(manifest.tableBytes / 1_000_000) MB), \(manifest.keys) keys "
                + "in \(manifest.modules) modules; planted: \(manifest.missingKeys) missing, \(manifest.unusedKeys) unused, "
                + "\(manifest.dynamicKeys) dynamic")
    }
}
