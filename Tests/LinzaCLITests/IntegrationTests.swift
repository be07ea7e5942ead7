import Foundation
import Testing

/// A fixture copied into a fresh git repository, with git isolated from the machine's
/// own configuration (hooks paths, templates, signing).
final class GitRepository {
    let project: ProjectCopy
    var path: String { project.path }
    /// Set for every git command: no global or system configuration, a fixed author.
    let environment: [String: String]

    init(_ fixture: String) throws {
        project = try ProjectCopy(fixture)
        environment = [
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Linza Tests", "GIT_AUTHOR_EMAIL": "tests@linza.invalid",
            "GIT_COMMITTER_NAME": "Linza Tests", "GIT_COMMITTER_EMAIL": "tests@linza.invalid",
            "LINZA_PATH": LinzaBinary.path,
        ]
        try git(["init", "--quiet", "--initial-branch=main"]).expectSuccess()
        try git(["add", "--all"]).expectSuccess()
        try git(["commit", "--quiet", "--no-verify", "--message", "Initial"]).expectSuccess()
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run("/usr/bin/env", ["git"] + arguments, in: path, environment: environment)
    }

    func installHook(_ script: String, as name: String) throws {
        let hook = path + "/.git/hooks/" + name
        try? FileManager.default.removeItem(atPath: hook)
        try FileManager.default.copyItem(atPath: LinzaBinary.repositoryRoot + "/" + script, toPath: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
    }
}

extension ChildProcess.Result {
    func expectSuccess(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, "\(standardOutput)\(standardError)", sourceLocation: sourceLocation)
    }
}

/// A Swift line that uses a key no table has.
private let missingKeyUse = "\nlet forecast = NSLocalizedString(\"weather.forecast\", comment: \"\")\n"

/// `Scripts/xcode-build-phase.sh` as Xcode runs it: from the project folder, with build
/// settings in the environment.
@Suite struct XcodeBuildPhaseTests {
    static let script = LinzaBinary.repositoryRoot + "/Scripts/xcode-build-phase.sh"
    /// Where the script looks for linza when it is not on PATH.
    static let wellKnownLocations = ["/opt/homebrew/bin/linza", "/usr/local/bin/linza"]

    func runPhase(in repository: GitRepository, settings: [String: String]) throws -> ChildProcess.Result {
        try ChildProcess.run(
            "/bin/sh", [Self.script], in: "/",
            // XCODE_VERSION_ACTUAL as Xcode sets it for every script phase: paths print absolute.
            environment: [
                "SRCROOT": repository.path, "PATH": "/usr/bin:/bin", "HOME": repository.path,
                "XCODE_VERSION_ACTUAL": "1620",
            ]
            .merging(settings) { $1 },
            inheritsEnvironment: false)
    }

    @Test func reportsFindingsAtTheLineAndFailsTheBuild() throws {
        let repository = try GitRepository("SampleApp")
        // Xcode's format even where the configuration or GitHub Actions would choose another.
        try repository.project.write(".linza.yml", try repository.project.read(".linza.yml") + "reporter: sarif\n")
        let result = try runPhase(in: repository, settings: ["LINZA_PATH": LinzaBinary.path, "GITHUB_ACTIONS": "true"])
        #expect(result.status == 1)
        try Golden.check(result.standardOutput, "sample-lint.txt", root: repository.path)
        #expect(result.standardError.isEmpty, "the phase runs with --quiet")
    }

    @Test(
        .enabled(
            if: wellKnownLocations.allSatisfy { !FileManager.default.fileExists(atPath: $0) },
            "linza is installed in a well-known location on this machine"))
    func warnsAndPassesWhenLinzaIsNotInstalled() throws {
        let repository = try GitRepository("SampleApp")
        let result = try runPhase(in: repository, settings: [:])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("warning: Linza is not installed"))
        // It says how to get the prebuilt binary.
        #expect(result.standardOutput.contains("linza-<version>-macos-universal.tar.gz"))
    }

    @Test func sandboxedPhaseReadsOnlyDeclaredInputsAndTouchesTheStamp() throws {
        let repository = try GitRepository("CleanApp")
        let list = try LinzaBinary.run(["files", "--xcfilelist"], in: repository.path)
        #expect(list.status == 0)
        #expect(
            list.standardOutput == "$(SRCROOT)/.linza.yml\n$(SRCROOT)/Sources/Weather.swift\n"
                + "$(SRCROOT)/Sources/en.lproj/Localizable.strings\n$(SRCROOT)/Sources/uk.lproj/Localizable.strings\n")
        try repository.project.write("linza-inputs.xcfilelist", list.standardOutput)
        // An undeclared file the sandbox would deny: it must not be read.
        try repository.project.write("Sources/Undeclared.swift", missingKeyUse)
        let stamp = repository.path + "/DerivedSources/linza.stamp"
        let settings = [
            "LINZA_PATH": LinzaBinary.path, "ENABLE_USER_SCRIPT_SANDBOXING": "YES",
            "SCRIPT_INPUT_FILE_COUNT": "1", "SCRIPT_INPUT_FILE_0": Self.script,
            "SCRIPT_INPUT_FILE_LIST_COUNT": "1",
            "SCRIPT_INPUT_FILE_LIST_0": repository.path + "/linza-inputs.xcfilelist",
            "SCRIPT_OUTPUT_FILE_COUNT": "1", "SCRIPT_OUTPUT_FILE_0": stamp,
            "DERIVED_FILE_DIR": repository.path + "/DerivedSources",
        ]
        let passed = try runPhase(in: repository, settings: settings)
        #expect(passed.status == 0, "\(passed.standardOutput)\(passed.standardError)")
        // The scan cache is kept in the derived files, where the sandbox lets the phase write.
        #expect(FileManager.default.fileExists(atPath: repository.path + "/DerivedSources/linza-cache/scan.cache"))
        // Not read, but said: the list is stale.
        #expect(
            passed.standardError == "warning: 1 file of the project is not in the build phase's input file lists, "
                + "so Linza did not check it: Sources/Undeclared.swift; regenerate the list with `linza files --xcfilelist`\n"
        )
        // The stamp is rewritten in place: the sandbox lets the phase write only its declared
        // outputs, not a temporary file next to one.
        let stampFile = try FileManager.default.attributesOfItem(atPath: stamp)[.systemFileNumber] as? UInt64
        #expect(try runPhase(in: repository, settings: settings).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: stamp)[.systemFileNumber] as? UInt64 == stampFile)

        // A finding in a declared file fails the phase and leaves no new stamp.
        try FileManager.default.removeItem(atPath: stamp)
        try repository.project.write(
            "Sources/Weather.swift", try repository.project.read("Sources/Weather.swift") + missingKeyUse)
        let failed = try runPhase(in: repository, settings: settings)
        #expect(failed.status == 1)
        #expect(failed.standardOutput.contains("/Sources/Weather.swift:11:34: error: 'weather.forecast' is missing"))
        #expect(!failed.standardOutput.contains("Undeclared.swift"))
        #expect(!FileManager.default.fileExists(atPath: stamp))
    }

    @Test func sandboxedPhaseWithoutDeclaredInputsSaysSo() throws {
        let repository = try GitRepository("CleanApp")
        let result = try runPhase(
            in: repository,
            settings: [
                "LINZA_PATH": LinzaBinary.path,
                "ENABLE_USER_SCRIPT_SANDBOXING": "YES",
            ])
        #expect(result.status == 2)
        #expect(result.standardError.contains("the build phase declares no input files or input file lists"))
    }

    @Test func sandboxedPhaseWhoseInputsAreNoSourcesSaysSo() throws {
        // The input file list forgotten, only the script declared: not a silent pass.
        let repository = try GitRepository("CleanApp")
        let result = try runPhase(
            in: repository,
            settings: [
                "LINZA_PATH": LinzaBinary.path,
                "ENABLE_USER_SCRIPT_SANDBOXING": "YES",
                "SCRIPT_INPUT_FILE_COUNT": "1", "SCRIPT_INPUT_FILE_0": Self.script,
            ])
        #expect(result.status == 2)
        #expect(result.standardError.contains("no declared input is a source file or table of this project"))
    }
}

/// `Scripts/git-hooks/pre-commit` installed in a repository's `.git/hooks`.
@Suite struct GitHookTests {
    @Test func blocksCommitsThatAddFindingsAndSkipsUnrelatedOnes() throws {
        let repository = try GitRepository("CleanApp")
        try repository.installHook("Scripts/git-hooks/pre-commit", as: "pre-commit")
        try repository.project.write(
            "Sources/Weather.swift", try repository.project.read("Sources/Weather.swift") + missingKeyUse)

        // Only a note is staged: the hook does not run Linza.
        try repository.project.write("NOTES.md", "Forecast screen next.\n")
        try repository.git(["add", "NOTES.md"]).expectSuccess()
        try repository.git(["commit", "--quiet", "--message", "Notes"]).expectSuccess()

        // The Swift change is staged: the commit stops at the finding (git shows a hook's
        // output on standard error).
        try repository.git(["add", "Sources/Weather.swift"]).expectSuccess()
        let blocked = try repository.git(["commit", "--quiet", "--message", "Forecast"])
        #expect(blocked.status == 1)
        #expect(
            blocked.standardError.contains("Sources/Weather.swift:11:34: error: 'weather.forecast' is missing in en"))
        #expect(blocked.standardError.contains("fix the findings above, or commit with --no-verify"))
        #expect(try repository.git(["log", "--format=%s"]).standardOutput == "Notes\nInitial\n")

        // With the key translated the commit goes through.
        for (language, text) in [("en", "Forecast"), ("uk", "Прогноз")] {
            let table = "Sources/\(language).lproj/Localizable.strings"
            try repository.project.write(
                table, try repository.project.read(table) + "\"weather.forecast\" = \"\(text)\";\n")
        }
        try repository.git(["add", "--all"]).expectSuccess()
        try repository.git(["commit", "--quiet", "--message", "Forecast"]).expectSuccess()
    }

    /// The commit is checked as it will land: the tables are fixed in the working tree but
    /// only the Swift file is staged, so the commit would break main and is refused.
    @Test func refusesACommitThatStagesTheSwiftFileButNotTheTables() throws {
        let repository = try GitRepository("CleanApp")
        try repository.installHook("Scripts/git-hooks/pre-commit", as: "pre-commit")
        try repository.project.write(
            "Sources/Weather.swift", try repository.project.read("Sources/Weather.swift") + missingKeyUse)
        for (language, text) in [("en", "Forecast"), ("uk", "Прогноз")] {
            let table = "Sources/\(language).lproj/Localizable.strings"
            try repository.project.write(
                table, try repository.project.read(table) + "\"weather.forecast\" = \"\(text)\";\n")
        }
        #expect(try LinzaBinary.run(["--quiet"], in: repository.path).status == 0, "the working tree is complete")

        try repository.git(["add", "Sources/Weather.swift"]).expectSuccess()
        // --verbose: the per-language notes point into the working tree too.
        let staged = try LinzaBinary.run(["--staged", "--quiet", "--verbose"], in: repository.path)
        #expect(staged.status == 1)
        #expect(
            staged.standardOutput.hasPrefix(
                "Sources/Weather.swift:11:34: error: 'weather.forecast' is missing in en, uk (2 of 2 languages)")
        )
        #expect(staged.standardOutput.contains("\nSources/uk.lproj/Localizable.strings:"))
        let blocked = try repository.git(["commit", "--quiet", "--message", "Forecast"])
        #expect(blocked.status == 1)
        #expect(blocked.standardError.contains("'weather.forecast' is missing in en, uk"))

        // Staging the tables too lets it through; the snapshot leaves nothing behind.
        try repository.git(["add", "--all"]).expectSuccess()
        try repository.git(["commit", "--quiet", "--message", "Forecast"]).expectSuccess()
        #expect(try repository.git(["status", "--porcelain"]).standardOutput.isEmpty)

        // Outside a git repository --staged says why it cannot run.
        let plain = try ProjectCopy("CleanApp")
        let outside = try LinzaBinary.run(["--staged"], in: plain.path)
        #expect(outside.status == 2)
        #expect(outside.standardError.contains("is not in a git repository"))
    }

    @Test func checksTheProjectOfAConfigurationInASubfolder() throws {
        let repository = try GitRepository("CleanApp")
        try repository.installHook("Scripts/git-hooks/pre-commit", as: "pre-commit")
        // The app moves into iOS/, and its configuration adds a call form only it knows.
        try FileManager.default.createDirectory(atPath: repository.path + "/iOS", withIntermediateDirectories: false)
        try repository.git(["mv", ".linza.yml", "Sources", "iOS/"]).expectSuccess()
        try repository.project.write(
            "iOS/.linza.yml",
            try repository.project.read("iOS/.linza.yml")
                + "functions:\n  - name: WeatherText\n    key: 0\n")
        try repository.git(["add", "--all"]).expectSuccess()
        try repository.git(["commit", "--quiet", "--no-verify", "--message", "Move"]).expectSuccess()

        // A new file, whose name git would quote, uses a key no table has.
        try repository.project.write("iOS/Sources/Прогноз.swift", "let radar = WeatherText(\"weather.radar\")\n")
        try repository.git(["add", "--all"]).expectSuccess()
        let blocked = try repository.git(["commit", "--quiet", "--message", "Radar"])
        #expect(blocked.status == 1)
        #expect(
            blocked.standardError.contains("iOS/Sources/Прогноз.swift:1:25: error: 'weather.radar' is missing in en"))
    }
}

/// `.pre-commit-hooks.yaml` through the pre-commit framework (`try-repo` runs a hook
/// straight from this repository).
@Suite struct PreCommitFrameworkTests {
    func tryRepo(_ repository: GitRepository) throws -> ChildProcess.Result {
        let binFolder = URL(fileURLWithPath: LinzaBinary.path).deletingLastPathComponent().path
        return try ChildProcess.run(
            PythonTools.folder + "/pre-commit",
            ["try-repo", LinzaBinary.repositoryRoot, "linza-system", "--all-files", "--color", "never"],
            in: repository.path,
            environment: repository.environment.merging([
                "PATH": binFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "PRE_COMMIT_HOME": repository.path + "/.git/pre-commit-cache",
            ]) { $1 })
    }

    @Test func systemHookPassesAndFails() throws {
        try #require(PythonTools.installed, Comment(rawValue: PythonTools.missingMessage))
        let clean = try GitRepository("CleanApp")
        let passed = try tryRepo(clean)
        #expect(passed.status == 0, "\(passed.standardOutput)\(passed.standardError)")
        #expect(passed.standardOutput.contains("Linza (installed)") && passed.standardOutput.contains("Passed"))

        let sample = try GitRepository("SampleApp")
        let failed = try tryRepo(sample)
        #expect(failed.status == 1)
        #expect(failed.standardOutput.contains("Failed"))
        #expect(failed.standardOutput.contains("error: 'profile.logout' is missing in ru"))
    }
}

/// docs/examples and the GitHub Action: the CI set-ups the README points to are valid for
/// their CI service (Scripts/test-integrations.sh also runs their steps).
@Suite struct CIExampleTests {
    @Test(arguments: [
        ("docs/examples/github-actions.yml", "vendor.github-workflows"),
        ("docs/examples/gitlab-ci.yml", "vendor.gitlab-ci"),
        ("action.yml", "vendor.github-actions"),
    ])
    func validatesAgainstTheServiceSchema(_ file: String, _ schema: String) throws {
        try #require(PythonTools.installed, Comment(rawValue: PythonTools.missingMessage))
        let result = try ChildProcess.run(
            PythonTools.folder + "/check-jsonschema",
            ["--builtin-schema", schema, LinzaBinary.repositoryRoot + "/" + file])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }
}
