import Foundation
import LinzaKit

/// The writing commands, and `lint` with and without its cache, on a project of a million
/// table entries and calls (issue 37): time and peak memory, which must grow with the
/// project, not with its square, and stay within a few times the largest table.
///
/// Each writer runs with `--apply` on a copy of the corpus, is checked to have changed the
/// table it should have, and the copy's files are put back before the next run.
struct WriterBenchmark {
    enum Command: String, CaseIterable {
        case lintCold, lintWarm, sync, prune, rename

        func title(_ corpus: WriterCorpus) -> String {
            switch self {
            case .lintCold: "`linza lint` (no cache)"
            case .lintWarm: "`linza lint`, cached, nothing changed"
            case .sync:
                corpus.kind == .strings
                    ? "`linza sync --fill dev --apply` (one key added to both tables)"
                    : "`linza sync --apply` (one key added)"
            case .prune:
                corpus.kind == .strings
                    ? "`linza prune --apply` (one key removed from both tables)"
                    : "`linza prune --apply` (one entry marked stale)"
            case .rename: "`linza rename --apply` (one key, its tables and its call)"
            }
        }

        /// The commands each corpus measures: lint on the `.strings` corpus, whose code makes
        /// a million calls.
        static func measured(for corpus: WriterCorpus) -> [Command] {
            corpus.kind == .strings ? allCases : [.sync, .prune, .rename]
        }

        func arguments(linza: String, cache: String, corpus: WriterCorpus) -> [String] {
            switch self {
            case .lintCold: [linza, "lint", "--quiet", "--no-cache"]
            case .lintWarm: [linza, "lint", "--quiet", "--cache-path", cache]
            case .sync: [linza, "sync"] + (corpus.kind == .strings ? ["--fill", "dev"] : []) + ["--apply"]
            case .prune: [linza, "prune", "--apply"]
            case .rename: [linza, "rename", WriterCorpus.renamedKey, WriterCorpus.renamedTo, "--apply"]
            }
        }

        var writes: Bool { self == .sync || self == .prune || self == .rename }
    }

    struct Result {
        var corpus: WriterCorpus
        var tableBytes: Int
        var measurements: [Command: [ProcessMeasurement]]
    }

    let linza: String
    let runs: Int

    /// Measures every command of `corpus` (kept in `cache`), round-robin, after one warm-up round.
    func measure(_ corpus: WriterCorpus, cache: String) throws -> Result {
        let pristine = try corpus.cached(in: cache)
        let work = NSTemporaryDirectory() + "linza-bench-writers-\(getpid())"
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.copyItem(atPath: pristine, toPath: work)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let scanCache = work + ".cache"
        defer { try? FileManager.default.removeItem(atPath: scanCache) }
        let touched = corpus.tables + [WriterCorpus.renamedSource]
        let tableBytes = try corpus.tables.map { try FileReader.read(pristine + "/" + $0).count }.max() ?? 0
        let commands = Command.measured(for: corpus)
        log("measuring the writers on \(corpus.entries) \(corpus.kind.rawValue) entries…")
        var measurements: [Command: [ProcessMeasurement]] = [:]
        for round in 0...runs {
            for command in commands {
                if command == .lintWarm {
                    // Nothing changed since the cache was written: the writers of the round
                    // before put files back, so the cache is brought up to date first, once
                    // those files are out of the two-second window in which a file is read
                    // again by content (docs/CACHE.md).
                    usleep(2_100_000)
                    _ = try ProcessMeasurement.run(
                        command.arguments(linza: linza, cache: scanCache, corpus: corpus), in: work)
                }
                let measurement = try ProcessMeasurement.run(
                    command.arguments(linza: linza, cache: scanCache, corpus: corpus), in: work)
                // lint reports the unused key and the one no table has (exit 1); writers succeed.
                guard measurement.exitStatus == (command.writes ? 0 : 1) else {
                    throw CorpusError("\(command.rawValue) exited with \(measurement.exitStatus) in \(work)")
                }
                if command.writes {
                    let changed = try corpus.tables.contains {
                        try FileReader.read(work + "/" + $0) != FileReader.read(pristine + "/" + $0)
                    }
                    guard changed else { throw CorpusError("\(command.rawValue) changed no table in \(work)") }
                    for path in touched {
                        try FileManager.default.removeItem(atPath: work + "/" + path)
                        try FileManager.default.copyItem(atPath: pristine + "/" + path, toPath: work + "/" + path)
                    }
                }
                if round > 0 { measurements[command, default: []].append(measurement) }  // round 0 warms up
            }
        }
        return Result(corpus: corpus, tableBytes: tableBytes, measurements: measurements)
    }

    /// The report's section for `results`.
    static func markdown(_ results: [Result], runs: Int) -> String {
        guard !results.isEmpty else { return "" }
        var text = """
            ### Writers and the cache at a million entries (issue 37)

            A project whose table has N keys that code reads one call each (`linza-bench`'s writers
            corpus): `.strings` tables in English and German, or one String Catalog; one more call
            reads a key no table has (what `sync` adds), and one key no call reads (what `prune`
            removes, or in the catalog marks stale). Each writer runs with `--apply` on a copy and
            the copy is put back after it; one warm-up round, then \(runs) rounds, round-robin.
            "× table" is the peak RSS over the largest table file's size.


            """
        for result in results {
            let corpus = result.corpus
            text +=
                "#### \(Figures.grouped(corpus.entries)) entries, "
                + (corpus.kind == .strings
                    ? "two `.strings` tables of \(Figures.megabytes(Double(result.tableBytes))) each"
                    : "a String Catalog of \(Figures.megabytes(Double(result.tableBytes))) in \(corpus.languages) languages")
                + "\n\n| command | wall | CPU | peak RSS | × table |\n| --- | --- | --- | --- | --- |\n"
            for command in Command.measured(for: corpus) {
                guard let measured = result.measurements[command] else { continue }
                let rss = Spread(measured.map { Double($0.peakRSSBytes) }).median
                text +=
                    "| \(command.title(corpus)) | \(Figures.seconds(Spread(measured.map(\.wallSeconds)))) | "
                    + "\(Figures.seconds(Spread(measured.map(\.cpuSeconds)).median)) | \(Figures.megabytes(rss)) | "
                    + "\(Figures.decimal(rss / Double(result.tableBytes), digits: 1)) |\n"
            }
            if let cold = result.measurements[.lintCold], let warm = result.measurements[.lintWarm] {
                let ratio = Spread(warm.map(\.wallSeconds)).median / Spread(cold.map(\.wallSeconds)).median
                text += "\nThe cached lint takes \(Figures.decimal(ratio, digits: 2))× the uncached one's wall time.\n"
            }
            text += "\n"
        }
        return text
    }
}
