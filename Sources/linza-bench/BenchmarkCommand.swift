import ArgumentParser
import Foundation
import LinzaKit

/// `linza-bench run`: the benchmark behind `make bench`. For each corpus size it generates
/// (or reuses) a corpus, checks that `linza lint` reports exactly the planted findings,
/// then times cold processes over a warm page cache: the full lint, scanning alone, table
/// loading alone, and ripgrep reading the same files, round-robin so drift hits all alike.
struct BenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Benchmark linza on generated corpora against ripgrep and write the report."
    )

    @Option(help: "Corpus sizes as LINES:LANGUAGES, comma-separated.")
    var sizes = "10000:100,100000:100,300000:100,1000000:100,3000000:100,1000000:2,1000000:20"

    @Option(help: "Timed runs per command and corpus (after one warm-up run).")
    var runs = 5

    @Option(help: "The corpus seed.")
    var seed: UInt64 = 1

    @Option(help: "Where generated corpora are kept between runs.")
    var corpora = ".build/bench-corpora"

    @Option(help: "The linza to measure (default: the one next to linza-bench).")
    var linza: String?

    @Option(help: "The ripgrep to compare with (default: rg on PATH).")
    var rg: String?

    @Option(help: "Replace the generated section of this Markdown file (default: print the report).")
    var write: String?

    @Option(help: "Entries of the writers' .strings corpus (0: no writer benchmark).")
    var writerEntries = 1_000_000

    @Option(help: "The writers' String Catalog as ENTRIES:LANGUAGES (empty: none).")
    var writerCatalog = "20000:20"

    func run() throws {
        let specifications = try parseSizes()
        let ownFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().path
        let linzaPath = linza ?? ownFolder + "/linza"
        let benchPath = ownFolder + "/linza-bench"
        guard let ripgrep = rg ?? Self.onPath("rg") else {
            throw ValidationError("ripgrep (rg) is not installed; Scripts/bench.sh installs it")
        }
        guard ProcessMeasurement.isAvailable else {
            throw ValidationError(
                "GNU time (/usr/bin/time) is needed on Linux to measure peak memory; Scripts/bench.sh installs it")
        }
        let cache = CorpusCache(folder: Path.absolute(corpora, relativeTo: Path.currentDirectory()))

        var results: [BenchmarkReport.CorpusResult] = []
        for specification in specifications {
            let (path, manifest) = try cache.corpus(specification)
            try verifyFindings(linza: linzaPath, corpus: path, manifest: manifest)
            log("measuring \(specification.lines) lines, \(specification.languages) languages…")
            let scanCache = FileManager.default.temporaryDirectory.appendingPathComponent(
                "linza-bench-cache-\(getpid())"
            ).path
            try? FileManager.default.removeItem(atPath: scanCache)
            defer {
                try? FileManager.default.removeItem(atPath: scanCache)
                try? FileManager.default.removeItem(atPath: scanCache + "-watched")
            }
            let cached = [linzaPath, "lint", "--quiet", "--cache-path", scanCache]
            let edits = try EditedFiles(corpus: path)
            defer { edits.restore() }
            let watcher = try RunningWatcher(linza: linzaPath, corpus: path, cache: scanCache + "-watched")
            defer { watcher?.stop() }
            let watched = [linzaPath, "lint", "--quiet", "--cache-path", scanCache + "-watched"]
            let commands: [(BenchmarkReport.Mode, [String])] =
                [
                    (.lint, [linzaPath, "lint", "--quiet", "--no-cache"]),
                    (.warm, cached),
                    (.warmSource, cached),
                ] + (watcher != nil ? [(.watchedSource, watched)] : []) + [
                    (.warmTable, cached),
                    (.scan, [benchPath, "stage", "scan", "--config", path + "/.linza.yml"]),
                    (.tables, [benchPath, "stage", "tables", "--config", path + "/.linza.yml"]),
                    (.ripgrep, [ripgrep, "-uu", "--count-matches", "NSLocalizedString", "."]),
                ]
            var measurements: [BenchmarkReport.Mode: [ProcessMeasurement]] = [:]
            for round in 0...runs {
                for (mode, arguments) in commands {
                    if mode == .warmSource || mode == .watchedSource { try edits.toggleSource() }
                    if mode == .warmTable { try edits.toggleTable() }
                    let measurement = try ProcessMeasurement.run(arguments, in: path)
                    guard mode.acceptsExitStatus(measurement.exitStatus) else {
                        throw CorpusError(
                            "\(arguments.joined(separator: " ")) exited with \(measurement.exitStatus) in \(path)")
                    }
                    if round > 0 { measurements[mode, default: []].append(measurement) }  // round 0 warms up
                }
            }
            results.append(
                BenchmarkReport.CorpusResult(
                    specification: specification, manifest: manifest,
                    measurements: measurements))
        }

        let writers = WriterBenchmark(linza: linzaPath, runs: runs)
        var writerResults: [WriterBenchmark.Result] = []
        for corpus in try writerCorpora() {
            writerResults.append(try writers.measure(corpus, cache: cache.folder))
        }

        let largest = specifications.max { ($0.lines, $0.languages) < ($1.lines, $1.languages) }!
        log("measuring scanner throughput in-process…")
        let files = try SourceCorpus.load([try cache.corpus(largest).path + "/Modules"])
        let throughput = ScanThroughput.measure(files, iterations: 1, runs: runs)

        let report = BenchmarkReport(
            machine: MachineDescription.current(ripgrep: ripgrep), runs: runs, corpora: results,
            throughput: throughput, throughputInput: largest,
            throughputBytes: files.reduce(0) { $0 + $1.bytes.count }, cores: ProcessCores.count,
            writers: WriterBenchmark.markdown(writerResults, runs: runs)
        ).markdown()
        if let write {
            try BenchmarkReport.replaceGeneratedSection(in: write, with: report)
            log("wrote \(write)")
        } else {
            print(report, terminator: "")
        }
    }

    /// The writers' corpora `--writer-entries` and `--writer-catalog` ask for.
    private func writerCorpora() throws -> [WriterCorpus] {
        var corpora: [WriterCorpus] = []
        if writerEntries > 0 {
            guard writerEntries >= 10 else { throw ValidationError("--writer-entries must be 0 or at least 10") }
            corpora.append(WriterCorpus(kind: .strings, entries: writerEntries, languages: 2))
        }
        if !writerCatalog.isEmpty {
            let parts = writerCatalog.split(separator: ":")
            guard parts.count == 2, let entries = Int(parts[0]), let languages = Int(parts[1]), entries >= 10,
                (1...CorpusLanguages.all.count).contains(languages)
            else {
                throw ValidationError("bad --writer-catalog '\(writerCatalog)': use ENTRIES:LANGUAGES, e.g. 20000:20")
            }
            corpora.append(WriterCorpus(kind: .catalog, entries: entries, languages: languages))
        }
        return corpora
    }

    private func parseSizes() throws -> [CorpusSpecification] {
        try sizes.split(separator: ",").map { size in
            let parts = size.split(separator: ":")
            guard parts.count == 2, let lines = Int(parts[0]), let languages = Int(parts[1]),
                lines >= 100, (2...CorpusLanguages.all.count).contains(languages)
            else {
                throw ValidationError("bad size '\(size)': use LINES:LANGUAGES, e.g. 100000:100")
            }
            return CorpusSpecification(lines: lines, languages: languages, seed: seed)
        }
    }

    /// The benchmark only means something if linza did the whole job: it must report
    /// exactly the planted findings.
    private func verifyFindings(linza: String, corpus: String, manifest: CorpusManifest) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: linza)
        process.arguments = ["lint", "--reporter", "json", "--quiet"]
        process.currentDirectoryURL = URL(fileURLWithPath: corpus)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        struct Report: Decodable {
            struct Finding: Decodable { var rule: String }
            var findings: [Finding]
        }
        let findings = try JSONDecoder().decode(Report.self, from: data).findings
        var counts: [String: Int] = [:]
        for finding in findings { counts[finding.rule, default: 0] += 1 }
        let expected = manifest.expectedFindings.filter { $0.value > 0 }
        guard counts == expected else {
            throw CorpusError(
                "linza reported \(counts.sorted { $0.key < $1.key }) in \(corpus), "
                    + "but the corpus has \(expected.sorted { $0.key < $1.key })")
        }
    }

    private static func onPath(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
