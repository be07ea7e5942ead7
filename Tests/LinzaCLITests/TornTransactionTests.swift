import Foundation
import Testing

/// Issue 37, item 5: a transaction torn by a signal or a kill. The built binary is stopped
/// at each step of a three-file `rename` (`LINZA_TEST_PAUSE_AT`, debug builds only), then
/// signalled or killed; the files must end all old or all new, at once for SIGTERM, SIGINT
/// and SIGHUP, and after the next writing command's recovery for SIGKILL.
@Suite struct TornTransactionTests {
    /// The steps of a journaled transaction where the hook pauses, in order.
    static let steps = ["journal", "backups", "rename-1", "rename-2", "rename-3", "cleanup"]
    static let renamed = ["A.swift", "en.lproj/Localizable.strings", "de.lproj/Localizable.strings"]

    /// A fresh copy of the attack tests' project, and its files before and after the rename
    /// (the latter from an uninterrupted run on a second copy).
    func project() throws -> (app: String, before: [String: Data], after: [String: Data], folders: [String]) {
        let attack = WriterAttackTests()
        let folder = try attack.project(), reference = try attack.project()
        let result = try attack.linza(["rename", "greeting", "hi", "--apply"], in: reference + "/app")
        #expect(result.status == 0, "\(result.standardError)")
        let after = try ProjectFiles.contents(reference + "/app")
        #expect(after.count == 4)
        return (folder + "/app", try ProjectFiles.contents(folder + "/app"), after, [folder, reference])
    }

    /// Starts the rename (or `arguments`) paused at `step` and returns once the pause has begun.
    func startPaused(
        at step: String, in app: String, arguments: [String] = ["rename", "greeting", "hi", "--apply"]
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LinzaBinary.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: app)
        process.environment = [
            "LINZA_TEST_PAUSE_AT": step, "GITHUB_ACTIONS": "false", "XDG_CACHE_HOME": LinzaBinary.cacheHome,
        ]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("linza: test pause at \(step)\n") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += chunk
        }
        #expect(String(decoding: said, as: UTF8.self).contains("test pause at \(step)"), "never paused at \(step)")
        return process
    }

    /// Linza's own files left in the project: temporary files, backups, the journal.
    func leftovers(_ app: String) throws -> [String] {
        try ProjectFiles.contents(app).keys.filter { $0.contains(".linza-") }.sorted()
    }

    /// SIGTERM, SIGINT or SIGHUP at any step: the transaction finishes before the signal
    /// takes effect (it was under way), so every file is new and nothing of Linza's is left.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP], steps)
    func aSignalDuringTheRenamesLeavesEveryFileNew(_ signal: Int32, _ step: String) throws {
        let (app, _, after, folders) = try project()
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        let process = try startPaused(at: step, in: app)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(try ProjectFiles.contents(app) == after)
        #expect(try leftovers(app).isEmpty)
    }

    /// SIGKILL at any step: `lint` warns and changes nothing; the next writing command puts
    /// every file back as it was (or, killed once all were renamed in, finishes), and leaves
    /// nothing.
    @Test(arguments: steps)
    func aKilledTransactionIsRolledBackByTheNextRun(_ step: String) throws {
        let (app, before, after, folders) = try project()
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        let process = try startPaused(at: step, in: app)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: app + "/.linza-journal"))
        let torn = try ProjectFiles.contents(app)
        let lint = try LinzaBinary.run(["--quiet"], in: app)
        #expect(lint.standardError.contains("warning: .linza-journal: a Linza run that was writing was interrupted"))
        #expect(try ProjectFiles.contents(app) == torn)

        let sync = try LinzaBinary.run(["sync"], in: app)
        #expect(sync.status == 0, "\(sync.standardError)")
        let restored = try ProjectFiles.contents(app)
        // Killed once every file was renamed in, the transaction is finished; before, rolled back.
        if step == "rename-3" || step == "cleanup" {
            #expect(sync.standardError.contains("linza: finished what an interrupted run had written ("))
            #expect(restored == after)
        } else {
            #expect(sync.standardError.contains("linza: rolled back an interrupted run: "))
            #expect(sync.standardError.contains(" are as they were before it\n"))
            #expect(restored == before)
        }
        for file in Self.renamed { #expect(sync.standardError.contains(file)) }
        #expect(try leftovers(app).isEmpty)
        // Recovered once: the next run has nothing to say about it.
        #expect(!(try LinzaBinary.run(["--quiet"], in: app)).standardError.contains(".linza-journal"))
    }

    /// The journal is input a pull request can commit: one that names a file outside the
    /// project, is a link, is no journal, or was written by a process that still runs stops
    /// the writing command (exit 2) with every file as it was, the journal included.
    @Test(arguments: ["outside", "link", "garbage", "alive", "created"])
    func aHostileJournalTouchesNothing(_ kind: String) throws {
        let folder = try WriterAttackTests().project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = folder + "/app"
        try FileManager.default.createDirectory(atPath: folder + "/outside", withIntermediateDirectories: true)
        try "victim\n".write(toFile: folder + "/outside/victim.strings", atomically: true, encoding: .utf8)
        let real = try #require(URL(fileURLWithPath: app).resolvingSymlinksInPath().path as String?)
        func journal(_ path: String, old: String, process: Int32 = 999_999) -> String {
            """
            {"format": "linza transaction journal", "version": 1, "process": \(process),
             "files": [{"path": "\(path)", "old": \(old), "new": "0000000000000001"}]}
            """
        }
        let source = try Data(contentsOf: URL(fileURLWithPath: app + "/A.swift"))
        let sourceHash = String(format: "\"%016llx\"", fnv1a(source))
        let expected: String
        switch kind {
        case "outside":
            try journal(folder + "/outside/victim.strings", old: "\"0000000000000002\"").write(
                toFile: app + "/.linza-journal", atomically: true, encoding: .utf8)
            expected = "victim.strings is outside the project"
        case "link":
            try journal(real + "/A.swift", old: "null").write(
                toFile: folder + "/outside/journal", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: app + "/.linza-journal", withDestinationPath: folder + "/outside/journal")
            expected = "it is not a regular file"
        case "garbage":
            try "{\"files\": [".write(toFile: app + "/.linza-journal", atomically: true, encoding: .utf8)
            expected = "it is not JSON"
        case "alive":
            try journal(real + "/A.swift", old: sourceHash, process: getpid()).write(
                toFile: app + "/.linza-journal", atomically: true, encoding: .utf8)
            expected = "still runs"
        default:
            // Claims A.swift as a file it created (with other bytes): nothing proves Linza made it.
            try journal(real + "/A.swift", old: "null").write(
                toFile: app + "/.linza-journal", atomically: true, encoding: .utf8)
            expected = "A.swift is not the file the interrupted run created"
        }
        let before = try ProjectFiles.contents(folder)
        let result = try LinzaBinary.run(["prune", "--apply"], in: app)
        #expect(result.status == 2)
        #expect(result.standardError.contains("error: .linza-journal: an interrupted Linza run left this journal"))
        #expect(result.standardError.contains(expected), "\(result.standardError)")
        #expect(!result.standardError.contains("victim\n"))
        #expect(try ProjectFiles.contents(folder) == before)
    }

    /// FNV-1a, 64 bits, as the journal hashes files.
    func fnv1a(_ data: Data) -> UInt64 {
        data.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}

/// `migrate` removes the tables it replaced after its catalogs are in place: a kill between
/// two removals is rolled back by the next writing command, as a kill between renames is.
@Suite struct TornMigrationTests {
    @Test func aMigrationKilledBetweenRemovalsIsRolledBack() throws {
        let project = try ProjectCopy("Migrate/Project")
        let before = try ProjectFiles.contents(project.path)
        let process = try TornTransactionTests().startPaused(
            at: "remove-1", in: project.path, arguments: ["migrate", "--apply"])
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: project.path + "/.linza-journal"))
        #expect(try ProjectFiles.contents(project.path) != before)
        let recovery = try LinzaBinary.run(["migrate"], in: project.path)
        #expect(recovery.standardError.contains("rolled back an interrupted run"), "\(recovery.standardError)")
        #expect(try ProjectFiles.contents(project.path) == before)
    }
}
