import ArgumentParser
import Foundation
import LinzaKit

/// `linza-bench staleness`: a small project changed at random between lint runs that use
/// the scan cache, each run's report compared byte for byte with a run without it. A
/// report that differs is a stale result, and fails the command. `swift test` runs it at a
/// size that takes seconds; `make bench` runs it longer.
struct StalenessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staleness",
        abstract: "Check that cached lint runs report what uncached runs report, over random edits."
    )

    @Option(help: "How many random changes to make, each followed by a cached and an uncached run.")
    var steps = 200

    @Option(help: "The seed of the changes.")
    var seed: UInt64 = 1

    @Flag(
        help:
            "Take file times as a file system with a one-second clock and no status-change time would give them, so that same-size edits within a second keep their signature and only the content check can see them. The project then keeps its own clock (see RandomProject), so that files also age out of the racy window between steps and records made from them are used."
    )
    var coarseClock = false

    func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linza-staleness-\(getpid())-\(seed)")
            .path
        try? FileManager.default.removeItem(atPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var project = try RandomProject(root: root + "/project", seed: seed, keepsClock: coarseClock)
        let cachePath = root + "/cache/" + CacheLocation.scanCacheName
        let signature: @Sendable (String) -> FileSignature? = coarseClock ? Self.coarseSignature : FileSignature.of
        var hits = 0, misses = 0, passHits = 0, passMisses = 0
        for step in 1...max(steps, 1) {
            let change = try project.change()
            let configuration = try ConfigurationLoader.load(file: project.configurationFile)
            let cache = ScanCache(
                path: cachePath, key: ScanCache.key(for: configuration, build: "staleness"),
                now: project.clock ?? FileSignature.now(), signature: signature)
            let cached = Self.report(Linter(configuration: configuration, scanCache: cache), root: project.root)
            cache.save()
            hits += cache.hits
            misses += cache.misses
            passHits += cache.passHits
            passMisses += cache.passMisses
            let fresh = Self.report(Linter(configuration: configuration), root: project.root)
            guard cached == fresh else {
                print(
                    "step \(step) (seed \(seed)): after \(change), the cached run reported:\n\(cached)\nthe uncached run:\n\(fresh)"
                )
                throw ExitCode(1)
            }
        }
        print(
            "staleness: \(steps) steps, \(hits) scans from the cache, \(misses) files scanned, "
                + "\(passHits) language passes from the cache, \(passMisses) recorded, 0 stale results")
        guard hits > 0 else {
            print("staleness: the cache was never used")
            throw ExitCode(1)
        }
    }

    /// The Xcode report and the summary counts of a whole run.
    private static func report(_ linter: Linter, root: String) -> String {
        let result = linter.lint(groupingLanguages: true)
        let text =
            "\(result.sourceFileCount) sources, \(result.tableFileCount) tables, failures: \(result.hasInputFailures)\n"
        var output = TextOutput.collecting()
        XcodeReporter().write(ReportContext(diagnostics: result.diagnostics, projectRoot: root), to: &output)
        return text + output.text
    }

    /// Whole seconds of the modification time, no status-change time: a clock as coarse as
    /// the cache must cope with.
    @Sendable private static func coarseSignature(_ path: String) -> FileSignature? {
        guard var signature = FileSignature.of(path) else { return nil }
        signature.modified -= signature.modified % 1_000_000_000
        signature.changed = 0
        return signature
    }
}
