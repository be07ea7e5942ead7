import Foundation
import Testing

/// The scan cache of `lint` and `status`, and the commands that read it (docs/CACHE.md), run
/// as a user runs them.
@Suite struct CacheTests {
    /// A copy of the sample app and an empty cache home of its own.
    struct Project {
        let root: String
        let cacheHome: String

        init() throws {
            let base = FileManager.default.temporaryDirectory.path + "/linza-cache-" + UUID().uuidString
            root = base + "/SampleApp"
            cacheHome = base + "/cache-home"
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: LinzaBinary.repositoryRoot + "/Fixtures/SampleApp", toPath: root)
        }

        func lint(_ arguments: [String] = []) throws -> LinzaBinary.Result {
            try LinzaBinary.run(arguments, in: root, environment: ["XDG_CACHE_HOME": cacheHome])
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
        }

        /// The files under the cache home.
        var cacheFiles: [String] {
            (try? FileManager.default.subpathsOfDirectory(atPath: cacheHome))?.sorted() ?? []
        }
    }

    /// The summary line names the time it took: the rest must match.
    static func withoutTime(_ text: String) -> String {
        text.replacingOccurrences(of: #", [0-9.]+ m?s"#, with: "", options: .regularExpression)
    }

    @Test func cachedRunsReportWhatTheFirstRunReported() throws {
        let project = try Project()
        defer { project.remove() }
        let before = try ProjectFiles.contents(project.root)
        let first = try project.lint()
        #expect(first.status == 1 && first.standardOutput.contains("error:"))
        // One folder for the project, named by its root's hash, with the cache and a note
        // naming the root; beside it the note dating the last look over the folders.
        let files = project.cacheFiles
        let folder = try #require(files.first { $0.hasPrefix("linza/") && $0.count == "linza/".count + 16 })
        #expect(files == ["linza", folder, folder + "/project", folder + "/scan.cache", "linza/swept"])
        #expect(
            try String(contentsOfFile: project.cacheHome + "/" + folder + "/project", encoding: .utf8) == project.root
                + "\n")
        for _ in 0..<2 {
            let again = try project.lint()
            #expect(again.status == first.status && again.standardOutput == first.standardOutput)
            #expect(Self.withoutTime(again.standardError) == Self.withoutTime(first.standardError))
        }
        // An edit is seen on the next run.
        let checkout = project.root + "/App/Menu/MenuViewController.swift"
        let text = try String(contentsOfFile: checkout, encoding: .utf8)
        try (text + "\nlet added = NSLocalizedString(\"menu.only_in_code\", comment: \"\")\n")
            .write(toFile: checkout, atomically: true, encoding: .utf8)
        let edited = try project.lint()
        #expect(edited.standardOutput.contains("'menu.only_in_code'"))
        #expect(edited.standardOutput == (try project.lint(["--no-cache"])).standardOutput)
        // The cache lives outside the project: lint wrote nothing there.
        var after = try ProjectFiles.contents(project.root)
        after["App/Menu/MenuViewController.swift"] = before["App/Menu/MenuViewController.swift"]
        #expect(after == before)
    }

    /// Lines added above the calls of every source (one with a `linza:disable` comment
    /// among them) move the findings: the cached run prints what a fresh run prints.
    @Test func findingsFollowCodeThatMoved() throws {
        let project = try Project()
        defer { project.remove() }
        // Out of the racy window, so that the first run records the module's check.
        Thread.sleep(forTimeInterval: 2.2)
        let first = try project.lint()
        let sources = try #require(FileManager.default.subpaths(atPath: project.root)).filter {
            $0.hasSuffix(".swift")
        }
        // Files without a `linza:disable` comment first (their findings are moved), then all
        // (the comment's reach may change: checked again).
        for suppressing in [false, true] {
            for path in sources {
                let text = try String(contentsOfFile: project.root + "/" + path, encoding: .utf8)
                guard suppressing || !text.contains("linza:disable") else { continue }
                try ("// Moved down.\n\n" + text).write(
                    toFile: project.root + "/" + path, atomically: false, encoding: .utf8)
            }
            let moved = try project.lint()
            #expect(moved.standardOutput != first.standardOutput)
            #expect(moved.standardOutput == (try project.lint(["--no-cache"])).standardOutput)
            #expect(moved.status == first.status)
        }
    }

    /// Two copies of a project with one `--cache-path` (two checkouts of a repository): each
    /// run reports its own copy, never the other's files, whose folders its records name.
    @Test func twoCopiesSharingACacheFolderReportThemselves() throws {
        let first = try Project()
        let second = try Project()
        defer {
            first.remove()
            second.remove()
        }
        let menu = second.root + "/App/Menu/MenuViewController.swift"
        try
            (try String(contentsOfFile: menu, encoding: .utf8)
            + "\nlet x = NSLocalizedString(\"only.here\", comment: \"\")\n")
            .write(toFile: menu, atomically: false, encoding: .utf8)
        let shared = (first.root as NSString).deletingLastPathComponent + "/shared-cache"
        // Out of the racy window: folders' records are made and trusted.
        Thread.sleep(forTimeInterval: 2.2)
        for _ in 0..<2 {
            for project in [first, second] {
                let cached = try project.lint(["--cache-path", shared])
                #expect(cached.standardOutput == (try project.lint(["--no-cache"])).standardOutput)
            }
        }
        #expect(try second.lint(["--cache-path", shared]).standardOutput.contains("'only.here'"))
    }

    @Test func noCacheWritesNoCacheAndCachePathChoosesTheFolder() throws {
        let project = try Project()
        defer { project.remove() }
        let plain = try project.lint(["--no-cache"])
        #expect(project.cacheFiles.isEmpty)
        let folder = (project.root as NSString).deletingLastPathComponent + "/derived/linza"
        for _ in 0..<2 {
            let run = try project.lint(["--cache-path", folder])
            #expect(run.status == plain.status && run.standardOutput == plain.standardOutput)
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/scan.cache"))
        #expect(project.cacheFiles.isEmpty)
        let status = try LinzaBinary.run(["status", "--cache-path", folder], in: project.root)
        #expect(status.status == 0)
        #expect(
            status.standardOutput == (try LinzaBinary.run(["status", "--no-cache"], in: project.root)).standardOutput)
    }

    @Test func aDamagedOrUnwritableCacheChangesNothingButTheTime() throws {
        let project = try Project()
        defer { project.remove() }
        let plain = try project.lint(["--no-cache"])
        let folder = (project.root as NSString).deletingLastPathComponent + "/cache"
        let cache = folder + "/scan.cache"
        _ = try project.lint(["--cache-path", folder])
        let good = try Data(contentsOf: URL(fileURLWithPath: cache))
        for damaged in [
            Data(), Data("LINZA SCAN CACHE but not really".utf8), good.prefix(good.count / 2),
            Data(good.map { $0 == 0x2E ? 0x2F : $0 }),
        ] {
            try damaged.write(to: URL(fileURLWithPath: cache))
            let run = try project.lint(["--cache-path", folder])
            #expect(run.status == plain.status && run.standardOutput == plain.standardOutput)
            #expect(Self.withoutTime(run.standardError) == Self.withoutTime(plain.standardError))
            // Rebuilt: a whole cache again.
            #expect(try Data(contentsOf: URL(fileURLWithPath: cache)).starts(with: Data("LINZA SCAN CACHE".utf8)))
        }
        // A folder that cannot be made (under a regular file) only costs the time.
        let unwritable = try project.lint(["--cache-path", project.root + "/.linza.yml/cache"])
        #expect(unwritable.status == plain.status && unwritable.standardOutput == plain.standardOutput)
        #expect(Self.withoutTime(unwritable.standardError) == Self.withoutTime(plain.standardError))
    }

    /// The commands that read the cache besides `lint`, on fixtures, and what each is run with.
    static let cacheReaders: [(fixture: String, commands: [[String]])] = [
        // An unreadable table: the writers refuse, and say so alike.
        ("SampleApp", [["status"], ["status", "--format", "json", "--by", "table"], ["sync"]]),
        (
            "Writing",
            [
                ["status", "--format", "json"], ["sync", "--fill", "dev"],
                ["sync", "--fill", "dev", "--create-tables"],
                ["prune"], ["prune", "--force"], ["export", "--dry-run", "--include-missing", "--output", "../out"],
            ]
        ),
        (
            "Renaming",
            [
                ["status"], ["rename", "legacy.title", "legacyTitle"], ["rename", "--derive", "--print-map"],
                ["rename", "--derive"], ["prune"], ["export", "--dry-run", "--include-missing", "--output", "../out"],
            ]
        ),
        (
            "Moving",
            [
                ["status"], ["sync", "--fill", "dev"],
                [
                    "move", "--from", "App", "--to", "Checkout", "--follow-code",
                    "Packages/Checkout/Sources/CartView.swift",
                ],
            ]
        ),
    ]

    /// `status`, the writers and `export` say the same, byte for byte, with no cache yet (cold),
    /// with the cache `lint` and `status` wrote (warm), and with `--no-cache`.
    @Test(arguments: cacheReaders.map(\.fixture))
    func everyCacheReaderSaysTheSameColdWarmAndWithoutTheCache(_ fixture: String) throws {
        let project = try ProjectCopy(fixture)
        let base = FileManager.default.temporaryDirectory.path + "/linza-cache-readers-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        let commands = try #require(Self.cacheReaders.first { $0.fixture == fixture }).commands
        for (index, command) in commands.enumerated() {
            let home = ["XDG_CACHE_HOME": base + "/\(index)"]
            let cold = try LinzaBinary.run(command, in: project.path, environment: home)
            _ = try LinzaBinary.run(["lint"], in: project.path, environment: home)
            _ = try LinzaBinary.run(["status"], in: project.path, environment: home)
            let warm = try LinzaBinary.run(command, in: project.path, environment: home)
            let uncached = try LinzaBinary.run(command + ["--no-cache"], in: project.path, environment: home)
            for run in [warm, uncached] {
                #expect(run.status == cold.status, "\(command)")
                #expect(run.standardOutput == cold.standardOutput, "\(command)")
                #expect(run.standardError == cold.standardError, "\(command)")
            }
        }
    }

    /// A file edited after the cache was written is read again by every reader: a writer on
    /// a stale cache plans from the edit.
    @Test func aReaderOfAStaleCacheSeesTheEdit() throws {
        let project = try ProjectCopy("Renaming")
        let home = ["XDG_CACHE_HOME": project.path + "-cache"]
        defer { try? FileManager.default.removeItem(atPath: project.path + "-cache") }
        _ = try LinzaBinary.run(["lint"], in: project.path, environment: home)
        _ = try LinzaBinary.run(["status"], in: project.path, environment: home)
        // The call moves down three lines, and a new key is used.
        let source = "App/Sources/LegacyViewController.m"
        let text = try project.read(source)
        try project.write(
            source,
            "// moved\n\n\n" + text + "\nNSString *added = NSLocalizedString(@\"Added later\", @\"\");\n")
        // A development key added, which German lacks.
        let english = "App/Resources/en.lproj/Localizable.strings"
        try project.write(english, try project.read(english) + "\"legacy.extra\" = \"Extra\";\n")
        for command in [
            ["rename", "legacy.title", "legacyTitle"], ["sync", "--fill", "dev"], ["status", "--format", "json"],
            ["prune"],
        ] {
            let warm = try LinzaBinary.run(command, in: project.path, environment: home)
            let uncached = try LinzaBinary.run(command + ["--no-cache"], in: project.path, environment: home)
            #expect(warm.status == uncached.status && warm.standardOutput == uncached.standardOutput, "\(command)")
            #expect(warm.standardError == uncached.standardError, "\(command)")
        }
        let rename = try LinzaBinary.run(
            ["rename", "legacy.title", "legacyTitle"], in: project.path, environment: home)
        #expect(rename.standardOutput.contains("+    self.title = NSLocalizedString(@\"legacyTitle\""))
        // The hunk around the call's new line (12; it was 9).
        #expect(rename.standardOutput.contains("@@ -9,7 +9,7 @@"), "\(rename.standardOutput)")
        let sync = try LinzaBinary.run(["sync", "--fill", "dev"], in: project.path, environment: home)
        #expect(sync.standardOutput.contains("+\"Added later\" = \"Added later\";"), "\(sync.standardOutput)")
        let status = try LinzaBinary.run(["status", "--format", "json"], in: project.path, environment: home)
        #expect(status.standardOutput.contains("legacy.extra"), "\(status.standardOutput)")
    }

    /// A warm run after edits that change the findings (a key only German has gains a
    /// member that code reads, a Swift file gains a use) reports what `--no-cache` reports,
    /// in the JSON and the Xcode format: the keys the accessor map is made of are not taken
    /// from the record made before the edit.
    @Test func aWarmRunAfterEditsThatChangeFindingsSaysWhatAnUncachedRunSays() throws {
        let base = FileManager.default.temporaryDirectory.path + "/linza-warm-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        let root = base + "/App"
        let files = [
            ".linza.yml": """
            development_language: en
            required_languages: [en, de]
            accessors:
              - root: L10n
                naming: {replace: "[.]", with: "_"}

            """,
            "en.lproj/Localizable.strings": "\"greeting.hello\" = \"Hello\";\n",
            "de.lproj/Localizable.strings": "\"greeting.hello\" = \"Hallo\";\n\"only.german\" = \"Nur\";\n",
            "Sources/A.swift": "let a = L10n.greeting_hello\nlet b = L10n.only_german\nlet c = L10n.greeting_bye\n",
            "Sources/B.swift": "let d = NSLocalizedString(\"greeting.hello\", comment: \"\")\n",
        ]
        try ProjectFiles.write(files, in: root)
        // Out of the cache's racy window (two seconds), so that records are made of every file.
        usleep(2_200_000)
        let home = ["XDG_CACHE_HOME": base + "/cache-home"]
        func run(_ arguments: [String]) throws -> LinzaBinary.Result {
            try LinzaBinary.run(arguments, in: root, environment: home)
        }
        let first = try run(["--reporter", "json"])
        #expect(first.standardOutput.contains("'only.german' is missing in en"))
        #expect(!first.standardOutput.contains("greeting.bye") && !first.standardOutput.contains("B.swift"))
        #expect(try run(["--reporter", "json"]).standardOutput == first.standardOutput)

        try "\"greeting.hello\" = \"Hallo\";\n\"only.german\" = \"Nur\";\n\"greeting.bye\" = \"Tschüss\";\n".write(
            toFile: root + "/de.lproj/Localizable.strings", atomically: false, encoding: .utf8)
        try "let d = NSLocalizedString(\"greeting.hello\", comment: \"\")\nlet e = L10n.only_german\n".write(
            toFile: root + "/Sources/B.swift", atomically: false, encoding: .utf8)
        for arguments in [["--reporter", "json"], []] {
            let warm = try run(arguments)
            let uncached = try run(arguments + ["--no-cache"])
            #expect(warm.status == uncached.status && warm.standardOutput == uncached.standardOutput, "\(arguments)")
            #expect(warm.standardOutput.contains("'greeting.bye' is missing in en"), "\(warm.standardOutput)")
            // The use added to B.swift (it had no finding before).
            #expect(warm.standardOutput.contains("B.swift"), "\(warm.standardOutput)")
        }
    }

    /// Random edits, additions, deletions, renames, touches, same-size edits within one
    /// second, table edits, folder changes and configuration changes between cached runs,
    /// each compared with an uncached run (`linza-bench staleness`; `make bench` runs it
    /// longer). The run with the project's own clock lets files and folders age out of the
    /// racy window, so language passes, whole modules and modules' files are answered from
    /// their records too. The run with `--watched` takes every signature from a watcher
    /// (`linza watch`'s) and checks each against `stat` (Linux only).
    @Test(arguments: [["--seed", "1"], ["--seed", "2", "--coarse-clock"]] + watchedStaleness)
    func cachedRunsAreNeverStale(_ arguments: [String]) throws {
        let bench = URL(fileURLWithPath: LinzaBinary.path).deletingLastPathComponent().appendingPathComponent(
            "linza-bench"
        ).path
        let run = try ChildProcess.run(bench, ["staleness", "--steps", "300"] + arguments)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("300 steps") && run.standardOutput.contains("0 stale results"))
        if arguments.contains("--watched") {
            #expect(run.standardOutput.contains("answered by the watcher"), "\(run.standardOutput)")
        }
        if arguments.contains("--coarse-clock") {
            let replayed = run.standardOutput.firstMatch(of: /(\d+) language passes from the cache/).flatMap {
                Int($0.1)
            }
            #expect((replayed ?? 0) > 100, "\(run.standardOutput)")
            let modules = run.standardOutput.firstMatch(
                of: /(\d+) modules' files and (\d+) modules' checks from the cache/)
            #expect((modules.flatMap { Int($0.1) } ?? 0) > 20, "\(run.standardOutput)")
            #expect((modules.flatMap { Int($0.2) } ?? 0) > 20, "\(run.standardOutput)")
        }
    }
}

#if os(Linux)
private let watchedStaleness = [["--seed", "5", "--watched"]]
#else
private let watchedStaleness: [[String]] = []
#endif
