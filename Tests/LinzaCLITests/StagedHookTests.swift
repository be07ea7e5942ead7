import Foundation
import Testing

/// A Swift line that uses a key no table has.
private let missingKeyUse = "\nlet forecast = NSLocalizedString(\"weather.forecast\", comment: \"\")\n"

/// `lint --staged` reads the working tree where it equals git's index and the staged version
/// elsewhere (`StagedOverlay`); `--hook` (the git hook's mode) stops a commit only on the
/// errors it adds or touches.
@Suite struct StagedHookTests {
    /// CleanApp with the hook installed, whose last commit (made without the hook) already
    /// has a missing key: the debt the hook must show but not block on.
    func repositoryWithDebt() throws -> GitRepository {
        let repository = try GitRepository("CleanApp")
        try repository.installHook("Scripts/git-hooks/pre-commit", as: "pre-commit")
        try repository.project.write(
            "Sources/Weather.swift", try repository.project.read("Sources/Weather.swift") + missingKeyUse)
        try repository.git(["commit", "--quiet", "--no-verify", "--all", "--message", "Debt"]).expectSuccess()
        return repository
    }

    @Test func aCommitThatTouchesNothingLocalizedPassesWhileOldErrorsExist() throws {
        let repository = try repositoryWithDebt()
        try repository.project.write("Sources/Units.swift", "let kelvinOffset = 273.15\n")
        try repository.git(["add", "Sources/Units.swift"]).expectSuccess()

        let staged = try LinzaBinary.run(["--staged", "--quiet"], in: repository.path)
        #expect(staged.status == 1, "without --hook the old error fails")
        let hook = try LinzaBinary.run(["--hook", "--quiet"], in: repository.path)
        #expect(hook.status == 0, "\(hook.standardOutput)\(hook.standardError)")
        #expect(
            hook.standardOutput.contains(
                "Sources/Weather.swift:11:34: warning: 'weather.forecast' is missing in en"))
        #expect(hook.standardError.contains("1 error the commit does not touch is shown as a warning"))
        try repository.git(["commit", "--quiet", "--message", "Units"]).expectSuccess()

        // Configured to stop on every error, the hook stops the same kind of commit.
        try repository.git(["config", "linza.hookBlocks", "all"]).expectSuccess()
        try repository.project.write("Sources/Units.swift", "let kelvinOffset = 273.16\n")
        try repository.git(["add", "Sources/Units.swift"]).expectSuccess()
        let blocked = try repository.git(["commit", "--quiet", "--message", "Units"])
        #expect(blocked.status == 1)
        #expect(blocked.standardError.contains("Sources/Weather.swift:11:34: error: 'weather.forecast' is missing"))
    }

    @Test func aCommitWithANewMissingKeyIsBlockedBesideOldErrors() throws {
        let repository = try repositoryWithDebt()
        try repository.project.write(
            "Sources/Radar.swift", "let radar = NSLocalizedString(\"weather.radar\", comment: \"\")\n")
        try repository.git(["add", "Sources/Radar.swift"]).expectSuccess()
        let blocked = try repository.git(["commit", "--quiet", "--message", "Radar"])
        #expect(blocked.status == 1)
        #expect(
            blocked.standardError.contains("Sources/Radar.swift:1:31: error: 'weather.radar' is missing in en, uk"))
        #expect(blocked.standardError.contains("Sources/Weather.swift:11:34: warning: 'weather.forecast' is missing"))
        #expect(try repository.git(["log", "--format=%s"]).standardOutput == "Debt\nInitial\n")
    }

    /// The code is unchanged, but the commit deletes the entry it uses: the key is on a line
    /// the commit removes, so the finding at the untouched call site blocks it.
    @Test func aCommitThatDeletesAnEntryInUseIsBlocked() throws {
        let repository = try repositoryWithDebt()
        let table = "Sources/uk.lproj/Localizable.strings"
        try repository.project.write(table, "\"weather.title\" = \"Погода в місті %@\";\n")
        try repository.git(["add", table]).expectSuccess()
        let blocked = try repository.git(["commit", "--quiet", "--message", "Trim"])
        #expect(blocked.status == 1)
        #expect(blocked.standardError.contains("error: 'weather.refresh' is missing in uk"))
    }

    @Test func theStagedVersionIsWhatIsChecked() throws {
        let repository = try GitRepository("CleanApp")
        let source = "Sources/Weather.swift"
        let clean = try repository.project.read(source)
        // Staged with a missing key, then taken out of the working tree only.
        try repository.project.write(source, clean + missingKeyUse)
        try repository.git(["add", source]).expectSuccess()
        try repository.project.write(source, clean + "\n// The forecast comes later.\n")
        #expect(try LinzaBinary.run(["--quiet"], in: repository.path).status == 0)
        let staged = try LinzaBinary.run(["--staged", "--quiet"], in: repository.path)
        #expect(staged.status == 1)
        #expect(
            staged.standardOutput.hasPrefix(
                "Sources/Weather.swift:11:34: error: 'weather.forecast' is missing in en, uk"))

        // The other way round, with an untracked file that is not part of the commit either.
        try repository.git(["reset", "--quiet", "--", source]).expectSuccess()
        try repository.project.write(source, clean + missingKeyUse)
        try repository.project.write(
            "Sources/Draft.swift", "let draft = NSLocalizedString(\"weather.draft\", comment: \"\")\n")
        #expect(try LinzaBinary.run(["--quiet"], in: repository.path).status == 1)
        let committed = try LinzaBinary.run(["--staged", "--quiet"], in: repository.path)
        #expect(committed.status == 0, "\(committed.standardOutput)")

        // A file staged but gone from the working tree is still checked (from the whole index).
        try repository.git(["add", "Sources/Draft.swift"]).expectSuccess()
        try FileManager.default.removeItem(atPath: repository.path + "/Sources/Draft.swift")
        let deleted = try LinzaBinary.run(["--staged", "--quiet"], in: repository.path)
        #expect(deleted.status == 1)
        #expect(
            deleted.standardOutput.hasPrefix(
                "Sources/Draft.swift:1:31: error: 'weather.draft' is missing in en, uk"))
    }

    /// git does not compare an entry marked assume-unchanged (or skip-worktree) with the
    /// working tree, so its edit there is not what the commit holds: the index is read.
    @Test func anEntryGitDoesNotCompareIsReadFromTheIndex() throws {
        let repository = try GitRepository("CleanApp")
        let source = "Sources/Weather.swift"
        try repository.git(["update-index", "--assume-unchanged", source]).expectSuccess()
        try repository.project.write(source, try repository.project.read(source) + missingKeyUse)
        #expect(try LinzaBinary.run(["--quiet"], in: repository.path).status == 1)
        let staged = try LinzaBinary.run(["--staged", "--quiet"], in: repository.path)
        #expect(staged.status == 0, "\(staged.standardOutput)")
    }

    /// A staged `.linza.yml` is the one that counts: here it no longer requires Ukrainian.
    @Test func theStagedConfigurationIsRead() throws {
        let repository = try GitRepository("CleanApp")
        try repository.project.write(
            "Sources/Weather.swift", try repository.project.read("Sources/Weather.swift") + missingKeyUse)
        try repository.project.write(
            "Sources/en.lproj/Localizable.strings",
            try repository.project.read("Sources/en.lproj/Localizable.strings")
                + "\"weather.forecast\" = \"Forecast\";\n")
        let configuration = try repository.project.read(".linza.yml")
        try repository.project.write(".linza.yml", "required_languages: [en]\n")
        try repository.git(["add", "--all"]).expectSuccess()
        try repository.project.write(".linza.yml", configuration)
        #expect(try LinzaBinary.run(["--quiet"], in: repository.path).status == 1)
        let staged = try LinzaBinary.run(["--staged", "--quiet"], in: repository.path)
        #expect(staged.status == 0, "\(staged.standardOutput)\(staged.standardError)")
    }
}
