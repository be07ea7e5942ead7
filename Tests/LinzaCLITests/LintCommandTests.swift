import Foundation
import Testing

/// End-to-end tests of the built `linza` binary on the projects in Fixtures/.
@Suite struct LintCommandTests {
    let fixtures = LinzaBinary.repositoryRoot + "/Fixtures"

    @Test func sampleAppReportsItsDeliberateMistakes() throws {
        let sample = fixtures + "/SampleApp"
        let result = try LinzaBinary.run([], in: sample)
        #expect(result.status == 1)
        try Golden.check(result.standardOutput, "sample-lint.txt")
        #expect(
            result.standardError.hasPrefix(
                "Linza: 7 errors, 7 warnings in 9 source files and 12 table files (en, ru, de), "))
    }

    @Test func repositoryRootConfigurationLintsTheSample() throws {
        let result = try LinzaBinary.run(["lint"], in: LinzaBinary.repositoryRoot)
        #expect(result.status == 1)
        try Golden.check(result.standardOutput, "sample-lint.txt", root: "Fixtures/SampleApp")
    }

    @Test func explicitConfigFromAnotherFolder() throws {
        // A folder of its own: the system's temporary folder may hold this repository (a CI
        // clone in /tmp), and paths inside the current folder are printed relative to it.
        let elsewhere = FileManager.default.temporaryDirectory.path + "/linza-elsewhere-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let result = try LinzaBinary.run(
            ["lint", "--config", fixtures + "/SampleApp/.linza.yml", "--quiet"], in: elsewhere)
        #expect(result.status == 1)
        try Golden.check(result.standardOutput, "sample-lint.txt", root: fixtures + "/SampleApp")
        #expect(result.standardError.isEmpty)
    }

    /// Paths print relative to the current folder when inside it; absolute with
    /// --absolute-paths, in an Xcode build phase (XCODE_VERSION_ACTUAL), and for files outside.
    @Test func pathsAreRelativeToTheCurrentFolderUnlessAbsoluteIsAsked() throws {
        let sample = fixtures + "/SampleApp"
        let inside = try LinzaBinary.run(["--quiet"], in: sample + "/App")
        #expect(inside.standardOutput.hasPrefix("Loyalty/LoyaltyProgram.swift:8:1: error:"))
        #expect(
            inside.standardOutput.contains(
                "\n\(sample)/Modules/Checkout/Sources/Checkout/CheckoutViewController.swift:"))
        let absolute = try LinzaBinary.run(["--quiet", "--absolute-paths"], in: sample)
        try Golden.check(absolute.standardOutput, "sample-lint.txt", root: sample)
        let xcode = try LinzaBinary.run(["--quiet"], in: sample, environment: ["XCODE_VERSION_ACTUAL": "1620"])
        #expect(xcode.standardOutput == absolute.standardOutput)
        for command in [["usages"], ["keys"]] {
            let relative = try LinzaBinary.run(command, in: sample)
            let whole = try LinzaBinary.run(command + ["--absolute-paths"], in: sample)
            #expect(relative.standardOutput.hasPrefix("App/"), "\(command)")
            #expect(whole.standardOutput.hasPrefix(sample + "/App/"), "\(command)")
            #expect(
                whole.standardOutput
                    == relative.standardOutput.split(separator: "\n").map { sample + "/" + $0 + "\n" }.joined())
        }
    }

    /// Errors that name a file (a configuration, a baseline, a report to compare with) name
    /// it as every other path: relative to the current folder, absolute with --absolute-paths.
    @Test func errorsNameFilesRelativeToTheCurrentFolder() throws {
        let project = try ProjectCopy("CleanApp")
        let parent = (project.path as NSString).deletingLastPathComponent
        let name = (project.path as NSString).lastPathComponent
        try project.write(".linza.yml", "inclded: [Sources]\n")
        try project.write("broken.json", "{")
        for (arguments, message) in [
            (["--config", name + "/.linza.yml"], name + "/.linza.yml:1:1: error: unknown key 'inclded'"),
            (
                ["status", "--config", name + "/.linza.yml", "--compare", name + "/none.json"],
                name + "/.linza.yml:1:1: error: unknown key"
            ),
        ] {
            let relative = try LinzaBinary.run(arguments, in: parent)
            #expect(relative.status == 2)
            #expect(relative.standardError.hasPrefix(message), "\(arguments)")
            let absolute = try LinzaBinary.run(arguments + ["--absolute-paths"], in: parent)
            #expect(absolute.standardError.hasPrefix(parent + "/" + message), "\(arguments)")
        }
        try project.write(".linza.yml", "included: [Sources]\n")
        let baseline = try LinzaBinary.run(
            ["--config", name + "/.linza.yml", "--baseline", name + "/broken.json", "--quiet"], in: parent)
        #expect(baseline.standardError.hasPrefix(name + "/broken.json:1:2: error: "), "\(baseline.standardError)")
        let compare = try LinzaBinary.run(
            ["status", "--config", name + "/.linza.yml", "--compare", name + "/none.json"], in: parent)
        #expect(
            compare.standardError.hasPrefix(name + "/none.json:1:1: error: cannot read the report to compare with"),
            "\(compare.standardError)")
    }

    /// `keys --key/--language/--table` and `usages --key/--table` list only what they name;
    /// a dynamic key passes `--key` through its literal start.
    @Test func listingsAreFiltered() throws {
        let sample = fixtures + "/SampleApp"
        let keys = try LinzaBinary.run(
            ["keys", "--key", "menu.t*", "--language", "ru", "--language", "de"], in: sample)
        #expect(keys.status == 0)
        try Golden.check(keys.standardOutput, "sample-keys-filtered.txt")
        let usages = try LinzaBinary.run(
            ["usages", "--key", "pizza.*", "--key", "checkout.*", "--table", "Checkout", "--table", "Localizable"],
            in: sample)
        try Golden.check(usages.standardOutput, "sample-usages-filtered.txt")
        let promotions = try LinzaBinary.run(["keys", "--table", "Promotions", "--format", "json"], in: sample)
        #expect(promotions.standardOutput.components(separatedBy: "\"key\"").count - 1 == 3)
        #expect(!promotions.standardOutput.contains("Localizable"))
        let none = try LinzaBinary.run(["usages", "--key", "no.such.key"], in: sample)
        #expect(none.status == 0 && none.standardOutput.isEmpty)
    }

    @Test func pathsNarrowTheReportToThoseFiles() throws {
        let sample = fixtures + "/SampleApp"
        let profile = try LinzaBinary.run(["App/Profile/ProfileView.swift", "--quiet"], in: sample)
        #expect(profile.status == 1)
        #expect(
            profile.standardOutput.hasPrefix(
                "App/Profile/ProfileView.swift:10:39: error: 'profile.logout' is missing in ru"))
        #expect(!profile.standardOutput.contains("MenuViewController.swift"))
        // A folder selects what is inside it; a file with no finding passes.
        let checkout = try LinzaBinary.run(["lint", "Modules", "--quiet"], in: sample)
        #expect(checkout.status == 1)
        #expect(checkout.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix("Modules/") })
        #expect(try LinzaBinary.run(["App/Support/Localization.swift", "--quiet"], in: sample).status == 0)
    }

    @Test func aMistypedCommandOrAPathOutsideTheProjectIsSaid() throws {
        let sample = fixtures + "/SampleApp"
        let typo = try LinzaBinary.run(["usage"], in: sample)
        #expect(typo.status == 2)
        #expect(typo.standardError == "linza: unknown command 'usage'; did you mean 'linza usages'?\n")
        let missing = try LinzaBinary.run(["App/Nowhere.swift"], in: sample)
        #expect(missing.status == 2 && missing.standardError == "linza: App/Nowhere.swift: no such file or folder\n")
        let outside = try LinzaBinary.run([LinzaBinary.repositoryRoot + "/Package.swift"], in: sample)
        #expect(outside.status == 2)
        #expect(outside.standardError.contains("is not a source or table of this project"))
    }

    @Test func lenientReportsErrorsAsWarningsAndPasses() throws {
        let sample = fixtures + "/SampleApp"
        let result = try LinzaBinary.run(["--lenient"], in: sample)
        #expect(result.status == 0)
        #expect(!result.standardOutput.contains(": error: "))
        #expect(result.standardOutput.contains("warning: 'profile.logout' is missing in ru"))
        #expect(result.standardError.hasPrefix("Linza: 0 errors, 14 warnings in 9 source files"))
        #expect(try LinzaBinary.run(["--lenient", "--strict"], in: sample).status == 2)
    }

    @Test func cleanProjectPrintsNothingAndExitsZero() throws {
        let result = try LinzaBinary.run([], in: fixtures + "/CleanApp")
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError.hasPrefix("Linza: 0 errors, 0 warnings in 1 source file and 2 table files (en, uk), "))
    }

    @Test func configurationErrorIsOnePositionedLineAndExitTwo() throws {
        let result = try LinzaBinary.run([], in: fixtures + "/BadConfig")
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                .linza.yml:2:1: error: unknown key 'requried_languages'; did you mean 'required_languages'?

                """)
    }

    @Test func missingConfigFileIsExitTwo() throws {
        let result = try LinzaBinary.run(["--config", "nowhere.yml"], in: fixtures)
        #expect(result.status == 2)
        #expect(result.standardError.contains("configuration file 'nowhere.yml' does not exist"))
    }

    @Test func usageErrorIsExitTwo() throws {
        let result = try LinzaBinary.run(["lint", "--no-such-flag"], in: fixtures)
        #expect(result.status == 2)
        #expect(result.standardError.contains("Unknown option '--no-such-flag'"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs Linux's /dev/full"))
    func reportThatCannotBeWrittenIsExitTwo() throws {
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", #""$0" lint --quiet > /dev/full"#, LinzaBinary.path],
            in: fixtures + "/SampleApp")
        #expect(result.status == 2)
        #expect(result.standardError.contains("linza: cannot write to standard output: No space left on device"))
    }

    @Test func versionAndHelpExitZero() throws {
        let version = try LinzaBinary.run(["--version"], in: fixtures)
        #expect(version.status == 0)
        #expect(try LinzaBinary.run(["version"], in: fixtures).standardOutput == version.standardOutput)
        let help = try LinzaBinary.run(["--help"], in: fixtures)
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("usages"))
    }

    @Test func usagesJSONListsEveryCallSite() throws {
        let sample = fixtures + "/SampleApp"
        let result = try LinzaBinary.run(["usages", "--format", "json"], in: sample)
        #expect(result.status == 0)
        try Golden.check(result.standardOutput, "sample-usages.json", root: sample)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
        #expect(parsed?.count == 17)
    }

    @Test func unreadableSourceIsReportedWithExitTwo() throws {
        let project = FileManager.default.temporaryDirectory.path + "/linza-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: project + "/en.lproj", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: project) }
        try FileManager.default.createTestFile(
            atPath: project + "/Latin1.swift",
            contents: Data(Array("let s = \"caf".utf8) + [0xE9, 0x22, 0x0A]))
        try FileManager.default.createTestFile(
            atPath: project + "/Legacy.m",
            contents: Data(Array("// (c) Soci".utf8) + [0xE9, 0x0A]))
        try FileManager.default.createTestFile(atPath: project + "/en.lproj/Localizable.strings", contents: Data())
        let result = try LinzaBinary.run([], in: project)
        #expect(result.status == 2)
        #expect(
            result.standardOutput == """
                Latin1.swift:1:13: error: this file is not valid UTF-8 (byte 0xE9); Swift sources must be UTF-8 [input_error]
                Legacy.m:1:12: error: this file is not valid UTF-8 (byte 0xE9); Objective-C sources must be UTF-8 [input_error]

                """)
        #expect(result.standardError.contains("no .linza.yml found"))
    }

    /// A run that checks nothing must not look clean: no source file, or tables without
    /// the development language, is exit 2 with the reason, unless the project opts out.
    @Test func aRunThatChecksNothingIsAnError() throws {
        let project = FileManager.default.temporaryDirectory.path + "/linza-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: project + "/de.lproj", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: project) }
        let empty = try LinzaBinary.run(["--quiet"], in: project)
        #expect(empty.status == 2)
        #expect(
            empty.standardError.contains(
                "linza: error: no Swift or Objective-C source file in .; check included: and excluded:"))
        try "require_sources: false\n".write(toFile: project + "/.linza.yml", atomically: true, encoding: .utf8)
        #expect(try LinzaBinary.run(["--quiet"], in: project).status == 0)

        try #"let title = NSLocalizedString("title", comment: "")"#.write(
            toFile: project + "/App.swift", atomically: true, encoding: .utf8)
        try #""title" = "Titel";"#.write(
            toFile: project + "/de.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        try "".write(toFile: project + "/.linza.yml", atomically: true, encoding: .utf8)
        let noDevelopment = try LinzaBinary.run(["--quiet"], in: project)
        #expect(noDevelopment.status == 2)
        #expect(
            noDevelopment.standardError.contains(
                "linza: error: no table in the development language en (tables found in de)"))
        try "require_development_tables: false\n".write(
            toFile: project + "/.linza.yml", atomically: true, encoding: .utf8)
        #expect(try LinzaBinary.run(["--quiet"], in: project).status == 0)
        try "development_language: de\n".write(toFile: project + "/.linza.yml", atomically: true, encoding: .utf8)
        #expect(try LinzaBinary.run(["--quiet"], in: project).status == 0)
    }

    /// The repro of issue 11, item 4: preprocessor lines that clang reads as raw text, an
    /// `#if 0` block and a C++ raw string failed the build with "unterminated string literal".
    @Test func objectiveCPreprocessorLinesAreNotErrors() throws {
        let project = FileManager.default.temporaryDirectory.path + "/linza-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: project + "/en.lproj", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: project) }
        try FileManager.default.createTestFile(
            atPath: project + "/A.m",
            contents: Data(
                """
                #pragma mark - Node's layout
                #error Can't happen
                #warning Don't ship
                #include <Node's.h>
                #define QUOTE '
                #if 0
                it's disabled
                #endif

                """.utf8))
        try FileManager.default.createTestFile(atPath: project + "/B.mm", contents: Data(#"auto s = R"(it's)";"#.utf8))
        try FileManager.default.createTestFile(atPath: project + "/en.lproj/Localizable.strings", contents: Data())
        let result = try LinzaBinary.run(["--quiet"], in: project)
        #expect(result.standardOutput == "")
        #expect(result.status == 0)
    }

    @Test(arguments: [
        ("Formats", "formats-lint.txt"), ("LanguageFolders", "language-folders-lint.txt"),
        ("Modules", "modules-lint.txt"), ("OtherBundles", "other-bundles-lint.txt"),
        ("AppShapes", "app-shapes-lint.txt"),
    ])
    func fixtureFindings(_ fixture: String, _ expectedFile: String) throws {
        let folder = fixtures + "/" + fixture
        let result = try LinzaBinary.run(["--quiet"], in: folder)
        #expect(result.status == 1)
        try Golden.check(result.standardOutput, expectedFile)
    }

    /// Output people read: a key missing in most of twelve languages is one line and the note
    /// where it is defined; `--verbose` lists every language and table; the summary fits 100
    /// columns by counting the languages instead of naming them.
    @Test func manyLanguagesPrintOneLinePerFinding() throws {
        let folder = fixtures + "/ManyLanguages"
        let result = try LinzaBinary.run([], in: folder)
        #expect(result.status == 1)
        try Golden.check(result.standardOutput, "many-languages-lint.txt")
        let summary = result.standardError.split(separator: "\n")
        #expect(summary.count == 1 && summary[0].count <= 100, "\(summary)")
        #expect(summary.first?.contains("in 1 source file and 12 table files (12 languages), ") == true)
        let verbose = try LinzaBinary.run(["--verbose", "--quiet"], in: folder)
        try Golden.check(verbose.standardOutput, "many-languages-lint-verbose.txt")
        // Colour only when asked (or on a terminal): the same text with escapes around words.
        #expect(!result.standardOutput.contains("\u{1B}["))
        let colored = try LinzaBinary.run(["--quiet", "--color", "always"], in: folder)
        try Golden.check(colored.standardOutput, "many-languages-lint-color.txt")
        #expect(
            colored.standardOutput.replacing(#/\x1B\[[0-9;]*m/#, with: "") == result.standardOutput)
        let never = try LinzaBinary.run(["--quiet", "--color", "never"], in: folder)
        #expect(never.standardOutput == result.standardOutput)
        // The summary counts the grouped finding in each of its eight languages.
        let table = try LinzaBinary.run(["--reporter", "summary", "--quiet"], in: folder)
        try Golden.check(table.standardOutput, "reporters/many-languages.summary.txt")
    }

    /// The per-language form of grouped findings stays available, from the command line and
    /// from the configuration.
    @Test func perLanguageFindingsOnRequest() throws {
        let folder = fixtures + "/Modules"
        let flag = try LinzaBinary.run(["--quiet", "--per-language"], in: folder)
        try Golden.check(flag.standardOutput, "modules-lint-per-language.txt")
        let project = try ProjectCopy("Modules")
        try project.write(".linza.yml", (try project.read(".linza.yml")) + "\nfindings_per_language: true\n")
        let configured = try LinzaBinary.run(["--quiet"], in: project.path)
        try Golden.check(configured.standardOutput, "modules-lint-per-language.txt")
    }

    @Test func keysListsEveryEntryOfEveryFormat() throws {
        let folder = fixtures + "/Formats"
        let result = try LinzaBinary.run(["keys", "--format", "json"], in: folder)
        #expect(result.status == 0)
        try Golden.check(result.standardOutput, "formats-keys.json", root: folder)
    }

    @Test func rulesListsAndDescribesRules() throws {
        let list = try LinzaBinary.run(["rules"], in: fixtures)
        #expect(list.status == 0)
        #expect(list.standardOutput.contains("plural_forms            warning          A plural rule lacks"))
        #expect(list.standardOutput.contains("untranslated            warning  opt-in"))
        // The categories a language never uses are a rule of their own, off by default.
        #expect(list.standardOutput.contains("unused_plural_category  warning  opt-in  A plural rule has a category"))
        let one = try LinzaBinary.run(["rules", "format_mismatch"], in: fixtures)
        #expect(one.standardOutput.hasPrefix("format_mismatch: Format mismatch\ndefault severity: error\n"))
        let unknown = try LinzaBinary.run(["rules", "plural_form"], in: fixtures)
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "linza: unknown rule 'plural_form'; did you mean 'plural_forms'?\n")
    }

    @Test func lintNeverWritesToTheProject() throws {
        let sample = fixtures + "/SampleApp"
        let before = try snapshot(of: sample)
        _ = try LinzaBinary.run([], in: sample)
        _ = try LinzaBinary.run(["usages", "--format", "json"], in: sample)
        #expect(try snapshot(of: sample) == before)
    }

    /// Every file's path, size, modification date and contents.
    func snapshot(of folder: String) throws -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)!
        while let relative = enumerator.nextObject() as? String {
            let path = folder + "/" + relative
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let contents = FileManager.default.contents(atPath: path) ?? Data()
            result[relative] =
                "\(attributes[.size] ?? 0) \(attributes[.modificationDate] ?? "") \(contents.base64EncodedString())"
        }
        return result
    }
}

/// One fixture per lexical construct and call form: `linza usages` must report exactly
/// the call sites (file, line, column, function, key, prefix, table) pinned next to it.
@Suite struct CallSiteFixtureTests {
    static let root = LinzaBinary.repositoryRoot + "/Fixtures/CallSites"
    static let fixtures: [String] = (try? FileManager.default.contentsOfDirectory(atPath: root).sorted()) ?? []

    @Test(arguments: fixtures)
    func usagesMatch(_ fixture: String) throws {
        let folder = Self.root + "/" + fixture
        let result = try LinzaBinary.run(["usages", "--format", "json"], in: folder)
        #expect(result.status == 0)
        try Golden.check(result.standardOutput, "usages.expected.json", root: folder, in: folder + "/")
    }

    @Test func everyFixtureHasItsOwnConfiguration() {
        #expect(Self.fixtures.count >= 20)
        for fixture in Self.fixtures {
            #expect(FileManager.default.fileExists(atPath: Self.root + "/" + fixture + "/.linza.yml"), "\(fixture)")
        }
    }

    @Test func suppressionCommentsSilenceExactlyWhatTheyName() throws {
        let folder = LinzaBinary.repositoryRoot + "/Fixtures/Suppression"
        let result = try LinzaBinary.run(["--quiet"], in: folder)
        #expect(result.status == 1)
        try Golden.check(result.standardOutput, "suppression-lint.txt")
    }
}
