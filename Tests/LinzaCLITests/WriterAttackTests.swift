import Foundation
import Testing

/// The writers' attack surface (issue 37): an archive that names files outside the project,
/// and an edit saved while a transaction writes. Each repro runs on the built binary.
@Suite struct WriterAttackTests {
    /// Issue 37's small project: three calls, English and German tables with an unused key.
    func project() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-attack-" + UUID().uuidString
        for language in ["en", "de"] {
            try FileManager.default.createDirectory(
                atPath: "\(folder)/app/\(language).lproj", withIntermediateDirectories: true)
        }
        try """
        let a = NSLocalizedString("greeting", comment: "Hello")
        let b = NSLocalizedString("farewell", value: "Bye", comment: "Bye")

        """.write(toFile: folder + "/app/A.swift", atomically: true, encoding: .utf8)
        try "/* Hello */\n\"greeting\" = \"Hello\";\n\"farewell\" = \"Bye\";\n\"unused1\" = \"U1\";\n"
            .write(toFile: folder + "/app/en.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        try "/* Hello */\n\"greeting\" = \"Hallo\";\n\"farewell\" = \"Tschuess\";\n\"unused1\" = \"U1de\";\n"
            .write(toFile: folder + "/app/de.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        try "required_languages: [en, de]\n".write(
            toFile: folder + "/app/.linza.yml", atomically: true, encoding: .utf8)
        return folder
    }

    func linza(_ arguments: [String], in folder: String) throws -> ChildProcess.Result {
        try ChildProcess.run(
            "/usr/bin/timeout", ["20", LinzaBinary.path] + arguments, in: folder,
            environment: ["GITHUB_ACTIONS": "false", "XDG_CACHE_HOME": LinzaBinary.cacheHome])
    }

    /// An archive of a real prune, with its first file's path replaced by `path`.
    func archive(pointingAt path: String, in app: String) throws -> String {
        #expect(try linza(["prune", "--apply", "--archive", "pruned.json"], in: app).status == 0)
        let text = try String(contentsOfFile: app + "/pruned.json", encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"de.lproj/Localizable.strings\"", with: "\"\(path)\"")
        #expect(edited != text)
        try edited.write(toFile: app + "/pruned.json", atomically: true, encoding: .utf8)
        return app + "/pruned.json"
    }

    /// Item 2: `prune --restore` read and wrote files the archive named outside the project,
    /// and quoted their first key in its refusal.
    @Test(arguments: [
        "../outside/victim.strings", "/etc/passwd", "de.lproj/../../outside/victim.strings",
        "linked.lproj/victim.strings",
    ])
    func restoreRefusesPathsOutOfTheProject(_ path: String) throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = folder + "/app"
        try FileManager.default.createDirectory(atPath: folder + "/outside", withIntermediateDirectories: true)
        let victim = "\"secret.key\" = \"secret\";\n"
        try victim.write(toFile: folder + "/outside/victim.strings", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: app + "/linked.lproj", withDestinationPath: "../outside")
        let archive = try archive(pointingAt: path, in: app)
        let restore = try linza(["prune", "--restore", archive, "--apply"], in: app)
        #expect(restore.status == 2)
        #expect(restore.standardError.contains("nothing was restored"))
        #expect(!restore.standardError.contains("secret") && !restore.standardError.contains("root:"))
        #expect(!restore.standardOutput.contains("secret") && !restore.standardOutput.contains("root:"))
        #expect(try String(contentsOfFile: folder + "/outside/victim.strings", encoding: .utf8) == victim)
        // The project's own files stay as the prune left them.
        #expect(try !String(contentsOfFile: app + "/en.lproj/Localizable.strings", encoding: .utf8).contains("unused1"))
    }

    /// Item 8: prune said "nothing to do" (a broken development table) or edited the other
    /// languages (a broken translation) without a word. Now it refuses, as sync and rename do.
    @Test(arguments: ["en", "de"])
    func pruneRefusesATableItCannotReadWhole(_ language: String) throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = folder + "/app"
        let path = "\(app)/\(language).lproj/Localizable.strings"
        let broken = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "\"greeting\" = \"H", with: "\"greeting\" = H")
        try broken.write(toFile: path, atomically: true, encoding: .utf8)
        let before = try ProjectFiles.contents(app)
        let prune = try linza(["prune", "--apply"], in: app)
        #expect(prune.status == 2)
        #expect(prune.standardOutput.hasPrefix("\(language).lproj/Localizable.strings:2:"))
        #expect(
            prune.standardOutput.contains(
                "error: Linza will not prune Localizable while this file cannot be read whole"))
        #expect(try ProjectFiles.contents(app) == before)
    }

    /// Item 6: `sync --create-tables` (and `move`) created a table through a `.lproj` folder
    /// that is a link out of the project.
    @Test func aNewTableIsNotCreatedThroughALinkOutOfTheProject() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = folder + "/app"
        try FileManager.default.createDirectory(atPath: folder + "/outside", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: app + "/fr.lproj", withDestinationPath: "../outside")
        try "required_languages: [en, de, fr]\n".write(toFile: app + "/.linza.yml", atomically: true, encoding: .utf8)
        let before = try ProjectFiles.contents(app)
        let sync = try linza(["sync", "--fill", "dev", "--create-tables", "--apply"], in: app)
        #expect(sync.status == 2)
        #expect(
            sync.standardError.contains(
                "linza: error: fr.lproj/Localizable.strings leads out of the project through a "
                    + "symbolic link; nothing was written"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/outside").isEmpty)
        #expect(try ProjectFiles.contents(app) == before)
    }

    /// Item 13: `--archive` overwrote whatever file it named, a Swift source included.
    @Test func theArchiveReplacesOnlyAnEarlierArchive() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = folder + "/app"
        let source = try Data(contentsOf: URL(fileURLWithPath: app + "/A.swift"))
        let mistaken = try linza(["prune", "--apply", "--archive", "A.swift"], in: app)
        #expect(mistaken.status == 2)
        #expect(
            mistaken.standardError.contains(
                "A.swift exists and is no prune archive; it is left as it is and nothing was removed"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: app + "/A.swift")) == source)
        #expect(try String(contentsOfFile: app + "/en.lproj/Localizable.strings", encoding: .utf8).contains("unused1"))
        #expect(try linza(["prune", "--apply", "--archive", "pruned.json"], in: app).status == 0)
        for language in ["en", "de"] {
            let table = app + "/\(language).lproj/Localizable.strings"
            try (String(contentsOfFile: table, encoding: .utf8) + "\"unused2\" = \"U2\";\n").write(
                toFile: table, atomically: true, encoding: .utf8)
        }
        // An earlier archive may be replaced.
        #expect(try linza(["prune", "--apply", "--archive", "pruned.json"], in: app).status == 0)
        #expect(try String(contentsOfFile: app + "/pruned.json", encoding: .utf8).contains("unused2"))
    }

    /// Item 1: a cache file (or the cache folder's note) that is a link had its target
    /// replaced. The link itself is replaced now, and the file it named keeps its bytes.
    @Test func theCacheNeverWritesThroughALink() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = folder + "/app", cache = folder + "/app/C"
        #expect(try linza(["--quiet", "--cache-path", cache], in: app).status == 0)
        let written = try FileManager.default.subpathsOfDirectory(atPath: cache).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: cache + "/" + $0, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
        #expect(!written.isEmpty)
        let victim = folder + "/victim"
        for file in written {
            try "victim\n".write(toFile: victim, atomically: true, encoding: .utf8)
            try FileManager.default.removeItem(atPath: cache + "/" + file)
            try FileManager.default.createSymbolicLink(atPath: cache + "/" + file, withDestinationPath: victim)
            #expect(try linza(["--quiet", "--cache-path", cache], in: app).status == 0)
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: victim)) == Data("victim\n".utf8),
                "\(file) wrote through its link")
        }
    }

    /// Item 3: an edit saved between the check and the replacement was overwritten. The
    /// transaction now compares each file again right before replacing it.
    @Test func anEditSavedWhileTheTransactionWritesIsKept() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = folder + "/app"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LinzaBinary.path)
        process.arguments = ["prune", "--apply"]
        process.currentDirectoryURL = URL(fileURLWithPath: app)
        process.environment = [
            "LINZA_TEST_PAUSE_BEFORE_RENAME": "2", "GITHUB_ACTIONS": "false",
            "XDG_CACHE_HOME": LinzaBinary.cacheHome,
        ]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        // Once the temporary files are written (the pause has begun), save an edit.
        func temporaryFiles() -> [String] {
            (FileManager.default.subpaths(atPath: app) ?? []).filter { $0.contains(".linza-") }
        }
        for _ in 0..<200 where temporaryFiles().count < 2 { usleep(20_000) }
        let german = app + "/de.lproj/Localizable.strings"
        let handle = try #require(FileHandle(forWritingAtPath: german))
        handle.seekToEndOfFile()
        handle.write(Data("\"x\" = \"y\";\n".utf8))
        try handle.close()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(
            message.contains(
                "de.lproj/Localizable.strings: the file changed since Linza read it; every file was restored"))
        #expect(
            try String(contentsOfFile: german, encoding: .utf8).hasSuffix("\"unused1\" = \"U1de\";\n\"x\" = \"y\";\n"))
        #expect(try String(contentsOfFile: app + "/en.lproj/Localizable.strings", encoding: .utf8).contains("unused1"))
        #expect(temporaryFiles().isEmpty)
    }

    /// Item 12: a read-only table and a table with another hard link are refused, whole
    /// transaction and all, instead of being replaced without a word.
    @Test(arguments: ["read-only", "hard link"])
    func aTableLinzaMayNotReplaceIsRefused(_ kind: String) throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = folder + "/app", german = app + "/de.lproj/Localizable.strings"
        if kind == "read-only" {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: german)
        } else {
            try FileManager.default.linkItem(atPath: german, toPath: folder + "/copy.strings")
        }
        let before = try ProjectFiles.contents(app)
        let result = try linza(["prune", "--apply"], in: app)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                kind == "read-only"
                    ? "the file is read-only; make it writable"
                    : "the file has 2 hard links, which would keep the old text"))
        #expect(try ProjectFiles.contents(app) == before)
    }

    /// Item 12: a rewritten table keeps its owner (run as root on another user's files).
    @Test func aRewrittenTableKeepsItsOwner() throws {
        guard geteuid() == 0 else { return }  // only root may give a file away
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let german = folder + "/app/de.lproj/Localizable.strings"
        try FileManager.default.setAttributes(
            [.ownerAccountID: 4321, .groupOwnerAccountID: 4321], ofItemAtPath: german)
        #expect(try linza(["prune", "--apply"], in: folder + "/app").status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: german)
        #expect((attributes[.ownerAccountID] as? NSNumber)?.intValue == 4321)
        #expect(try !String(contentsOfFile: german, encoding: .utf8).contains("unused1"))
    }

    /// Item 16: an archive that cannot be written is said as a write.
    @Test func anArchiveThatCannotBeWrittenIsSaidAsAWrite() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/app/locked", withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder + "/app/locked")
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/app/locked")
        }
        guard geteuid() != 0 else {
            // Root writes into any folder: a file's place under a regular file fails for anyone.
            try "x".write(toFile: folder + "/app/plain", atomically: true, encoding: .utf8)
            let result = try linza(["prune", "--apply", "--archive", "plain/pruned.json"], in: folder + "/app")
            #expect(result.status == 2)
            #expect(result.standardError.contains("cannot write the archive plain/pruned.json: cannot write"))
            #expect(!result.standardError.contains("cannot read"))
            return
        }
        let result = try linza(["prune", "--apply", "--archive", "locked/pruned.json"], in: folder + "/app")
        #expect(result.status == 2)
        #expect(!result.standardError.contains("cannot read"))
    }

    /// Item 11: the temporary files a killed run left (`.NAME.linza-PID`) are removed by the
    /// next run that writes in that folder; a live process's are not.
    @Test func aKilledRunsTemporaryFilesAreRemovedByTheNextRun() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let german = folder + "/app/de.lproj"
        var dead: Int32 = 4_000_000
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        try "half".write(toFile: german + "/.Localizable.strings.linza-\(dead)", atomically: false, encoding: .utf8)
        try "live".write(toFile: german + "/.Localizable.strings.linza-\(getpid())", atomically: false, encoding: .utf8)
        #expect(try linza(["prune", "--apply"], in: folder + "/app").status == 0)
        #expect(!FileManager.default.fileExists(atPath: german + "/.Localizable.strings.linza-\(dead)"))
        #expect(FileManager.default.fileExists(atPath: german + "/.Localizable.strings.linza-\(getpid())"))
    }
}
