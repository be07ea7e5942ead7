import Foundation
import Testing

/// docs/SECURITY.md, "What it writes": the commands that only read, and the writers without
/// `--apply`, leave every file and folder of the project as it was; `--output` adds only its
/// report, `export` only its bundles, and `import --apply` changes only tables.
@Suite struct ProjectWriteTests {
    static let fixture = "RoundTrip/App"
    static let importing = LinzaBinary.repositoryRoot + "/Fixtures/Importing/de.xliff"

    /// What a file or folder is: its kind, bytes, and the inode and time stat gives it, so
    /// that a file replaced by the same bytes (renamed over, or rewritten) is seen too.
    struct Entry: Equatable {
        var mode: UInt32
        var inode: UInt64
        var modified: Int
        var bytes: Data?
    }

    /// Every entry under `folder`, the folder itself included, by path relative to it.
    func state(_ folder: String) throws -> [String: Entry] {
        var entries: [String: Entry] = [:]
        for path in [""] + (try FileManager.default.subpathsOfDirectory(atPath: folder)) {
            let full = path.isEmpty ? folder : folder + "/" + path
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            let isFile = info.st_mode & S_IFMT == S_IFREG
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            entries[path] = Entry(
                mode: UInt32(info.st_mode), inode: UInt64(info.st_ino),
                modified: Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec),
                bytes: isFile ? try Data(contentsOf: URL(fileURLWithPath: full)) : nil)
        }
        return entries
    }

    /// The paths whose entry differs between `before` and `after`, added and removed ones included.
    func changed(_ before: [String: Entry], _ after: [String: Entry]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    static let readingCommands: [[String]] = [
        ["--quiet"], ["lint", "--reporter", "sarif"], ["status"], ["status", "--format", "html"], ["usages"], ["keys"],
        ["files"], ["rules"], ["sync"], ["sync", "--fill", "dev", "--create-tables"], ["prune"], ["prune", "--check"],
        ["rename", "library.title", "library.heading"], ["migrate"], ["import", importing],
        ["import", "--check", importing],
        ["export", "--dry-run", "--output", "Exported"], ["init", "--stdout"],
    ]

    @Test(arguments: readingCommands)
    func aCommandThatOnlyReadsChangesNothingInTheProject(_ arguments: [String]) throws {
        let project = try ProjectCopy(Self.fixture)
        // Sleep past the file system's time stamp resolution, so that a rewrite is seen.
        let before = try state(project.path)
        usleep(20_000)
        let result = try LinzaBinary.run(arguments, in: project.path)
        #expect(result.status != 2, "\(result.standardOutput)\(result.standardError)")
        #expect(changed(before, try state(project.path)) == [])
    }

    @Test func theReportGoesOnlyWhereOutputSays() throws {
        let project = try ProjectCopy(Self.fixture)
        let before = try state(project.path)
        usleep(20_000)
        let result = try LinzaBinary.run(["--quiet", "--output", "Sources/report.txt"], in: project.path)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(changed(before, try state(project.path)) == ["Sources", "Sources/report.txt"])
    }

    @Test func exportAddsOnlyItsBundles() throws {
        let project = try ProjectCopy(Self.fixture)
        let before = try state(project.path)
        usleep(20_000)
        let result = try LinzaBinary.run(["export", "--output", "."], in: project.path)
        #expect(result.status == 0, "\(result.standardError)")
        let changes = changed(before, try state(project.path))
        #expect(changes.contains("de.xcloc/Localized Contents/de.xliff"))
        #expect(
            changes.filter { !$0.hasPrefix("de.xcloc") && !$0.hasPrefix("ru.xcloc") } == [""],
            "only the project's folder gains entries")
        #expect(changes.allSatisfy { before[$0] == nil || $0.isEmpty }, "no file that was there changed")
    }

    @Test func importChangesOnlyTables() throws {
        let project = try ProjectCopy(Self.fixture)
        let xliff = try Data(contentsOf: URL(fileURLWithPath: Self.importing))
        let before = try state(project.path)
        usleep(20_000)
        let result = try LinzaBinary.run(["import", "--apply", Self.importing], in: project.path)
        #expect(result.status == 0, "\(result.standardError)")
        // Three tables, one of them new; the folders change with them, as the transaction's
        // temporary files and its journal (next to .linza.yml) come and go in them.
        let changes = changed(before, try state(project.path))
        #expect(
            changes == [
                "", "Resources", "Resources/Catalog.xcstrings", "Resources/de.lproj",
                "Resources/de.lproj/Localizable.strings", "Resources/de.lproj/Plurals.stringsdict",
            ], "\(changes)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.importing)) == xliff)
    }
}
