import Foundation
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaLint
import LinzaTestSupport
import Testing

/// Discovery records (`DiscoveryRecord`): a warm run takes a module's files from its record
/// while every folder it read has the signature it had, and reads the folders again after
/// any file or folder is added, removed or renamed. The signatures here are made from each
/// folder's list of entries, as a file system's times stand for it, so that no test waits
/// for a clock to tick; `CacheStalenessTests` (through `linza-bench staleness`) runs the real ones.
@Suite struct DiscoveryRecordTests {
    /// A folder's entries, hashed into a signature: another list, another signature.
    @Sendable static func listing(_ path: String) -> FileSignature? {
        guard FileSignature.ofFolder(path) != nil,
            let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else { return nil }
        return FileSignature(
            device: 1, inode: StableHash.fnv1a(names.sorted().joined(separator: "/")), size: Int64(names.count),
            modified: 0, changed: 0)
    }

    static func project() -> (TemporaryDirectory, Configuration) {
        let project = TemporaryDirectory()
        project.write("App/Sources/A.swift", "let a = 1\n")
        project.write("App/Sources/Sub/B.swift", "let b = 1\n")
        project.write("App/en.lproj/Localizable.strings", "\"k\" = \"K\";\n")
        project.write("App/de.lproj/Localizable.strings", "\"k\" = \"K\";\n")
        project.write("App/Base.lproj/Main.storyboard", "<document/>\n")
        project.write("Other/C.swift", "let c = 1\n")
        let file = project.write(
            ".linza.yml",
            "modules:\n  - name: App\n    included: [App]\n  - name: Other\n    included: [Other/C.swift]\n")
        return (project, try! ConfigurationLoader.load(file: file))
    }

    /// One run's files with a cache at `path` (far in the future: nothing is racy), and the
    /// modules taken from their records.
    static func discover(_ configuration: Configuration, cache path: String) -> (files: [DiscoveredFiles], hits: Int) {
        let cache = ScanCache(
            path: path, key: 1, now: FileSignature.now() + 60_000_000_000, folderSignature: listing)
        let files = Linter(configuration: configuration, scanCache: cache).discover().map(\.files)
        #expect(cache.save())
        return (files, cache.discoveryHits)
    }

    static func fresh(_ configuration: Configuration) -> [DiscoveredFiles] {
        Linter(configuration: configuration).discover().map(\.files)
    }

    @Test func anUnchangedTreeIsTakenFromItsRecordAndAnyChangeOfFoldersReadsItAgain() throws {
        let (project, configuration) = Self.project()
        let cache = project.path + "/cache/scan.cache"
        #expect(Self.discover(configuration, cache: cache).hits == 0)
        let warm = Self.discover(configuration, cache: cache)
        #expect(warm.hits == 2 && warm.files == Self.fresh(configuration))
        #expect(warm.files[0].sources.count == 2 && warm.files[0].tables.count == 2)
        #expect(warm.files[0].interfaceNames == ["Main"] && warm.files[1].sources.count == 1)

        let root = project.path
        let changes: [(String, () throws -> Void)] = [
            ("a file in a nested folder", { _ = project.write("App/Sources/Sub/New.swift", "let n = 1\n") }),
            ("a new folder", { _ = project.write("App/Sources/Group/D.swift", "let d = 1\n") }),
            (
                "a folder renamed",
                {
                    try FileManager.default.moveItem(
                        atPath: root + "/App/Sources/Sub", toPath: root + "/App/Sources/Moved")
                }
            ),
            ("a language removed", { try FileManager.default.removeItem(atPath: root + "/App/de.lproj") }),
            ("a language added", { _ = project.write("App/fr.lproj/Localizable.strings", "\"k\" = \"K\";\n") }),
            ("a file deleted", { try FileManager.default.removeItem(atPath: root + "/App/Sources/A.swift") }),
            ("a file root removed", { try FileManager.default.removeItem(atPath: root + "/Other/C.swift") }),
        ]
        for (change, make) in changes {
            try make()
            let changed = Self.discover(configuration, cache: cache)
            #expect(changed.hits < 2 && changed.files == Self.fresh(configuration), "\(change)")
            #expect(Self.discover(configuration, cache: cache).hits == 2, "\(change)")
        }
        #expect(Self.fresh(configuration)[0].tables.map(\.language) == ["en", "fr"])
    }

    /// `--use-script-input-file-lists` restricts the run to the declared files: a record of
    /// the whole module, made by an earlier run, must not answer for them.
    @Test func declaredInputFilesAreNeverAnsweredByARecord() throws {
        let (project, configuration) = Self.project()
        let cache = project.path + "/cache/scan.cache"
        _ = Self.discover(configuration, cache: cache)
        #expect(Self.discover(configuration, cache: cache).hits == 2)
        let restricted = configuration.restricted(to: [project.path + "/App/Sources/A.swift"])
        let declared = Self.discover(restricted, cache: cache)
        #expect(declared.hits == 0 && declared.files == Self.fresh(restricted))
        #expect(declared.files[0].sources == [project.path + "/App/Sources/A.swift"])
    }

    /// A link's kind is its target's, which can change while no folder does: the record
    /// keeps how each link resolved, and a link that resolves otherwise reads the folders again.
    @Test func aLinkThatResolvesOtherwiseReadsTheFoldersAgain() throws {
        let (project, configuration) = Self.project()
        let root = project.path
        let link = root + "/App/Sources/Link.swift"
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: link, withDestinationPath: root + "/App/Sources/A.swift")
        let cache = root + "/cache/scan.cache"
        _ = Self.discover(configuration, cache: cache)
        let warm = Self.discover(configuration, cache: cache)
        #expect(warm.hits == 2 && warm.files == Self.fresh(configuration) && warm.files[0].sources.count == 3)

        let outside = TemporaryDirectory()
        outside.write("Outside.swift", "let o = 1\n")
        outside.write("Folder/F.swift", "let f = 1\n")
        let retargets: [(String, () throws -> Void)] = [
            (
                "to another file",
                {
                    try manager.removeItem(atPath: root + "/App/Sources/A.swift");
                    _ = project.write("App/Sources/A.swift", "let a = 2\n")
                }
            ),
            (
                "to a folder",
                {
                    try manager.removeItem(atPath: root + "/App/Sources/A.swift")
                    try manager.createDirectory(
                        atPath: root + "/App/Sources/A.swift", withIntermediateDirectories: false)
                }
            ),
            ("to nothing", { try manager.removeItem(atPath: root + "/App/Sources/A.swift") }),
            (
                "outside the project",
                {
                    _ = project.write("App/Sources/A.swift", "let a = 3\n"); try manager.removeItem(atPath: link);
                    try manager.createSymbolicLink(atPath: link, withDestinationPath: outside.path + "/Outside.swift")
                }
            ),
        ]
        for (change, make) in retargets {
            try make()
            #expect(Self.discover(configuration, cache: cache).files == Self.fresh(configuration), "\(change)")
            #expect(Self.discover(configuration, cache: cache).files == Self.fresh(configuration), "\(change)")
        }
        #expect(Self.fresh(configuration)[0].failures.count == 1)
    }

    /// A folder changed within the racy window is not recorded (a later change in the same
    /// tick of its clock would leave its times as they are).
    @Test func aRecentlyChangedTreeIsNotRecorded() throws {
        let (project, configuration) = Self.project()
        let path = project.path + "/cache/scan.cache"
        let first = ScanCache(path: path, key: 1)
        _ = Linter(configuration: configuration, scanCache: first).discover()
        #expect(first.save())
        let next = ScanCache(path: path, key: 1)
        _ = Linter(configuration: configuration, scanCache: next).discover()
        #expect(next.discoveryHits == 0)
    }

    @Test func aRecordReadsBackAsItselfAndNoTruncationDecodes() throws {
        let (project, configuration) = Self.project()
        var trace: DirectoryWalker.Trace? = DirectoryWalker.Trace(signature: Self.listing)
        let files = FileDiscovery.discover(configuration.modules[0].configuration, trace: &trace)
        let record = DiscoveryRecord(
            folders: try #require(trace).folders, resolved: try #require(trace).resolved, files: files)
        #expect(record.folders.count == 6 && record.folders.allSatisfy { $0.path.hasPrefix(project.path) })
        // Tables sharing a name and a format: their second mentions are written by number.
        #expect(Set(files.tables.map(\.name)).count < files.tables.count)
        let bytes = record.encoded()
        #expect(try DiscoveryRecord(decoding: bytes[...]) == record)
        for end in 0..<bytes.count {
            #expect(throws: BinaryDecodingError.self) { try DiscoveryRecord(decoding: bytes[..<end]) }
        }
    }
}
