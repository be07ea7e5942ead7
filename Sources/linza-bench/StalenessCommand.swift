import ArgumentParser
import Foundation
import LinzaKit

/// `linza-bench staleness`: a small project changed at random (files and folders) between
/// runs that use the scan cache, each run's output compared byte for byte with a run
/// without it: `lint`'s report, `status`'s (both write the cache, as on every build), and
/// the plans of `sync`, `prune`, `rename` and `move` and the keys `export --include-missing`
/// adds, made from the cache those two wrote (writers only read it). An output that
/// differs is a stale result, and fails the command. `swift test` runs it at a size that
/// takes seconds; `make bench` runs it longer.
struct StalenessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staleness",
        abstract:
            "Check that cached runs (lint, status, the writers' plans) say what uncached runs say, over random edits."
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

    @Flag(
        help:
            "Take signatures from a watcher of the project (linza watch's, in this process), synced with a cookie before each run, as lint and status do while linza watch runs (Linux)."
    )
    var watched = false

    func run() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linza-staleness-\(getpid())-\(seed)")
            .path
        try? FileManager.default.removeItem(atPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var project = try RandomProject(root: root + "/project", seed: seed, keepsClock: coarseClock)
        let cachePath = root + "/cache/" + CacheLocation.scanCacheName
        let signature: @Sendable (String) -> FileSignature? = coarseClock ? Self.coarseSignature : FileSignature.of
        let folderSignature: @Sendable (String) -> FileSignature? =
            coarseClock ? Self.coarseFolderSignature : FileSignature.ofFolder
        var answer: WatchedSignatures?
        let watcher = try watched ? Self.watcher(of: project.root, cacheFolder: Path.parent(cachePath)) : nil
        let watchedHits = WatchedHits()
        var hits = 0, misses = 0, passHits = 0, passMisses = 0, statusHits = 0, writerHits = 0, keyHits = 0
        var moduleHits = 0, movedModuleHits = 0, discoveryHits = 0
        var random = SeededRandom(seed: seed)
        for step in 1...max(steps, 1) {
            let change = try project.change()
            let configuration = try ConfigurationLoader.load(file: project.configurationFile)
            if let watcher {
                answer = try Self.sync(watcher, cacheFolder: Path.parent(cachePath), step: step, change: change)
                // The files the runs read, as lint and status take them: from the answer. Links
                // are left out: the watcher answers for files and folders, and the random
                // edits make more and more of the sources links.
                for (_, files) in Linter(configuration: configuration).discover() {
                    for path in files.sources + files.tables.map(\.path)
                    where (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil {
                        watchedHits.count(answer!.answers(path))
                    }
                }
            }
            let openCache = {
                let cache = ScanCache(
                    path: cachePath, key: ScanCache.key(for: configuration, build: "staleness"),
                    now: project.clock ?? FileSignature.now(), signature: signature, folderSignature: folderSignature)
                // As `linza lint` and `status` do when `linza watch` answers.
                if let answer { cache.takeSignatures(from: answer) }
                return cache
            }
            let cache = openCache()
            let cached = Self.report(Linter(configuration: configuration, scanCache: cache), root: project.root)
            cache.save()
            hits += cache.hits
            misses += cache.misses
            passHits += cache.passHits
            moduleHits += cache.moduleHits
            movedModuleHits += cache.movedModuleHits
            discoveryHits += cache.discoveryHits
            passMisses += cache.passMisses
            keyHits += cache.accessorKeyHits
            let fresh = Self.report(Linter(configuration: configuration), root: project.root)
            try Self.compare("lint", cached, fresh, step: step, change: change)

            let statusCache = openCache()
            let cachedStatus = Self.status(Linter(configuration: configuration, scanCache: statusCache))
            statusCache.save()
            statusHits += statusCache.passHits
            try Self.compare(
                "status", cachedStatus, Self.status(Linter(configuration: configuration)), step: step, change: change)

            // Writers read the cache lint and status keep, and never write it.
            let key = "key.\(random.int(0..<30))"
            let writerCache = openCache()
            let cachedPlans = Self.plans(configuration, cache: writerCache, key: key, root: project.root)
            writerHits += writerCache.hits
            try Self.compare(
                "the writers' plans", cachedPlans, Self.plans(configuration, cache: nil, key: key, root: project.root),
                step: step, change: change)
        }
        print(
            "staleness: \(steps) steps, \(hits) scans from the cache, \(misses) files scanned, "
                + "\(discoveryHits) modules' files and \(moduleHits) modules' checks from the cache (\(movedModuleHits) more carried over moved code), \(passHits) language passes from the cache, \(passMisses) recorded, "
                + "\(statusHits) status languages from the cache, \(writerHits) writers' scans from the cache, "
                + "\(keyHits) accessor maps' keys from the cache, "
                + (watched
                    ? "\(watchedHits.answered) of \(watchedHits.asked) files read answered by the watcher, " : "")
                + "0 stale results")
        guard hits > 0 else {
            print("staleness: the cache was never used")
            throw ExitCode(1)
        }
        guard !watched || watchedHits.answered > watchedHits.asked / 2 else {
            print("staleness: the watcher answered for too few paths")
            throw ExitCode(1)
        }
    }

    #if os(Linux)
    private static func watcher(of root: String, cacheFolder: String) throws -> TreeWatcher {
        try AtomicFile.createFolder(cacheFolder, mode: 0o700)
        let watcher = TreeWatcher(root: root, cookieFolder: cacheFolder)
        if let failure = watcher.failure {
            print("staleness: \(failure)")
            throw ExitCode(1)
        }
        return watcher
    }

    /// What a run would get from `linza watch` now: the watcher's signatures once it has
    /// read a cookie made after every change, through the reply's encoding. Each is checked
    /// against a `stat` of its path, and every file and folder of the tree (but hidden
    /// ones and links) must be answered for.
    private static func sync(_ watcher: TreeWatcher, cacheFolder: String, step: Int, change: String) throws
        -> WatchedSignatures
    {
        let cookie = WatchClient.cookiePrefix + "staleness-\(FileSignature.now())"
        try AtomicFile.write([], to: Path.join(cacheFolder, cookie))
        defer { unlink(Path.join(cacheFolder, cookie)) }
        guard watcher.sync(cookie: cookie), watcher.failure == nil,
            let signatures = WatchedSignatures(decoding: (watcher.reply.header + watcher.reply.records)[...])
        else {
            print("staleness: the watcher did not answer: \(watcher.failure ?? "no cookie seen")")
            throw ExitCode(1)
        }
        // The reply (kept encoded as the watcher learns of changes) says what stat says.
        var wrong: [String] = []
        for (path, entry) in watcher.entries {
            let now = entry.isFolder ? FileSignature.ofFolder(path) : FileSignature.of(path)
            let answered = entry.isFolder ? signatures.folderSignature(of: path) : signatures.signature(of: path)
            if now != entry.signature || !signatures.answers(path) || answered != now { wrong.append(path) }
        }
        if signatures.count != watcher.entries.count { wrong.append("(\(signatures.count) paths in the reply)") }
        var unanswered: [String] = []
        DirectoryWalker.walk(
            watcher.root,
            visit: { entry, name in
                switch entry {
                case .directory(let path):
                    if name.hasPrefix(".") { return false }
                    if watcher.entries[path] == nil { unanswered.append(path) }
                    return true
                case .file(let path):
                    if !name.hasPrefix("."), watcher.entries[path] == nil { unanswered.append(path) }
                    return false
                case .link: return false
                }
            }, failed: { _, _ in })
        guard wrong.isEmpty, unanswered.isEmpty else {
            print(
                "step \(step): after \(change), the watcher's signatures of \(wrong.sorted()) differ from stat's; "
                    + "it does not answer for \(unanswered.sorted())")
            throw ExitCode(1)
        }
        return signatures
    }
    #else
    private static func watcher(of root: String, cacheFolder: String) throws -> Never {
        print("staleness: --watched needs Linux's inotify")
        throw ExitCode(1)
    }

    private static func sync(_ watcher: Never, cacheFolder: String, step: Int, change: String) throws
        -> WatchedSignatures
    {
        switch watcher {}
    }
    #endif

    private static func compare(_ what: String, _ cached: String, _ fresh: String, step: Int, change: String) throws {
        guard cached != fresh else { return }
        print(
            "step \(step): after \(change), \(what) with the cache:\n\(cached)\nwithout it:\n\(fresh)")
        throw ExitCode(1)
    }

    /// `status`'s JSON report and what it could not read.
    private static func status(_ linter: Linter) -> String {
        let (report, failures) = linter.status(projectRoot: linter.configuration.baseDirectory)
        return StatusJSON.render(report) + failures.map { "\($0.location): \($0.message)\n" }.joined()
    }

    /// The plans of the writers, as their commands make them (`WritePlan.planned`): `sync
    /// --fill dev --create-tables`, `prune --force`, `rename KEY renamed.KEY`, `move KEY --from
    /// Localizable --to Other`, and the keys `export --include-missing` adds.
    private static func plans(_ configuration: Configuration, cache: ScanCache?, key: String, root: String) -> String {
        let linter = Linter(configuration: configuration, scanCache: cache)
        // As the commands load: String Catalogs' entries parsed when asked.
        let load: (Linter) -> [Linter.LoadedModule] = { $0.load(catalogEntriesWhenAsked: true).modules }
        func describe(_ plan: WritePlan) -> String {
            plan.diff(relativeTo: root) + plan.json(relativeTo: root) + plan.warnings.joined(separator: "\n")
        }
        var sync = SyncPlanner.Options()
        sync.fillDevelopment = true
        sync.createTables = true
        var text =
            "sync:\n" + describe(WritePlan.planned(with: linter, load: load) { SyncPlanner(options: sync).plan($0) })
        let pruning = Linter(configuration: PrunePlanner.preparing(configuration), scanCache: cache)
        text +=
            "prune:\n"
            + describe(
                WritePlan.planned(with: pruning, load: load) {
                    PrunePlanner(options: SyncPlanner.Options(), isForced: true).plan($0)
                })
        let rename = RenamePlanner.Rename(old: key, new: "renamed." + key)
        text +=
            "rename:\n"
            + describe(
                WritePlan.planned(with: linter, load: load) {
                    RenamePlanner(options: RenamePlanner.Options()).plan([rename], modules: $0)
                })
        let move = MovePlanner(options: MovePlanner.Options(from: .init("Localizable"), to: .init("Other")))
        do {
            text +=
                "move:\n"
                + describe(try WritePlan.planned(with: linter, load: load) { try move.plan([key], modules: $0) })
        } catch {
            text += "move refused: \(error)\n"
        }
        let (modules, failures) = linter.load()
        text += "failures: \(failures.count)\nexport --include-missing:\n"
        for module in modules {
            for (table, keys) in ExportModule.missingKeys(of: module.project).sorted(by: { $0.key < $1.key }) {
                text +=
                    "\(table): " + keys.map { "\($0.key.value) \($0.usages.map(\.location))" }.joined(separator: ", ")
                    + "\n"
            }
        }
        return text
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
        FileSignature.of(path).map(coarse)
    }

    @Sendable private static func coarseFolderSignature(_ path: String) -> FileSignature? {
        FileSignature.ofFolder(path).map(coarse)
    }

    private static func coarse(_ signature: FileSignature) -> FileSignature {
        var coarse = signature
        coarse.modified -= coarse.modified % 1_000_000_000
        coarse.changed = 0
        return coarse
    }
}

/// How many files the runs read, and for how many of them the watcher had an answer.
private final class WatchedHits: @unchecked Sendable {
    private let lock = Lock()
    private(set) var asked = 0
    private(set) var answered = 0

    func count(_ isAnswered: Bool) {
        lock.withLock {
            asked += 1
            if isAnswered { answered += 1 }
        }
    }
}
