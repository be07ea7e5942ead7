import Foundation
import Testing

/// docs/SECURITY.md: `--staged` copies the staged files that differ from the working tree
/// (`StagedOverlay`), or the whole index (`StagedSnapshot`), into a temporary folder under
/// `TMPDIR`, and removes that folder when it is done.
@Suite struct StagedTemporaryFolderTests {
    /// A key use only the staged version of a file has.
    static let stagedUse = "let staged = NSLocalizedString(\"only.staged\", comment: \"\")\n"

    /// Stages a file with a key no table has, then changes the working tree so that Linza
    /// must read the staged version from a copy: an unstaged edit of that file (the overlay),
    /// or, for the whole index, a staged file removed from the working tree.
    func repository(wholeIndex: Bool) throws -> GitRepository {
        let repository = try GitRepository("CleanApp")
        try repository.project.write("Sources/Staged.swift", Self.stagedUse)
        try repository.git(["add", "Sources/Staged.swift"]).expectSuccess()
        if wholeIndex {
            try FileManager.default.removeItem(atPath: repository.path + "/Sources/Staged.swift")
        } else {
            try repository.project.write("Sources/Staged.swift", "let unstaged = 1\n")
        }
        return repository
    }

    @Test(arguments: [false, true])
    func theTemporaryFolderIsRemoved(wholeIndex: Bool) throws {
        let repository = try repository(wholeIndex: wholeIndex)
        let temporary = repository.path + "-tmp"
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        func lint(_ arguments: [String]) throws -> ChildProcess.Result {
            try LinzaBinary.run(
                arguments, in: repository.path,
                environment: repository.environment.merging(["TMPDIR": temporary]) { $1 })
        }
        // The copy goes under TMPDIR: where that folder is missing, there is nowhere to put it.
        let nowhere = try lint(["--staged", "--quiet"])
        #expect(nowhere.status == 2)
        #expect(
            nowhere.standardError.contains("linza: --staged: cannot create a temporary folder"),
            "\(nowhere.standardError)")

        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
        for arguments in [["--staged", "--quiet"], ["--hook", "--quiet"]] {
            let staged = try lint(arguments)
            // The finding is in the staged version only: it was read from the copy.
            #expect(staged.status == 1, "\(staged.standardOutput)\(staged.standardError)")
            #expect(staged.standardOutput.contains("Sources/Staged.swift:1:32: error: 'only.staged' is missing"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [], "\(arguments)")
        }
    }
}
