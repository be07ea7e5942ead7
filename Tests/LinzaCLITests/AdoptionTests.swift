import Foundation
import Testing

/// Copies a fixture project into a fresh temporary folder, removed at the end.
final class ProjectCopy {
    let path: String

    init(_ fixture: String) throws {
        path = FileManager.default.temporaryDirectory.path + "/linza-project-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: LinzaBinary.repositoryRoot + "/Fixtures/" + fixture, toPath: path)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func read(_ file: String) throws -> String {
        try String(contentsOfFile: path + "/" + file, encoding: .utf8)
    }

    func write(_ file: String, _ text: String) throws {
        try text.write(toFile: path + "/" + file, atomically: true, encoding: .utf8)
    }

    func lint(_ arguments: [String] = []) throws -> LinzaBinary.Result {
        try LinzaBinary.run(arguments, in: path)
    }
}

@Suite struct BaselineTests {
    @Test func roundTrip() throws {
        let project = try ProjectCopy("SampleApp")
        let written = try project.lint(["baseline", "write"])
        #expect(written.status == 0)
        #expect(written.standardError.contains("recorded 14 findings"))
        let baseline = try project.read(".linza-baseline.json")
        #expect(
            baseline.contains("\"rule\": \"missing_key\"")
                && baseline.contains("\"file\": \"App/Menu/MenuViewController.swift\""))

        // Everything recorded: clean, and it survives lines moving.
        try project.write(
            "App/Menu/MenuViewController.swift", "\n\n\n" + (try project.read("App/Menu/MenuViewController.swift")))
        let known = try project.lint(["--baseline", ".linza-baseline.json"])
        #expect(known.status == 0)
        #expect(known.standardOutput.isEmpty)

        // A new finding is reported, alone.
        try project.write("App/Profile/Greeting.swift", #"let hello = NSLocalizedString("profile.hello", comment: "")"#)
        let fresh = try project.lint(["--baseline", ".linza-baseline.json"])
        #expect(fresh.status == 1)
        let findings = fresh.standardOutput.split(separator: "\n").filter { !$0.contains(": note: ") }
        #expect(findings.count == 1)
        #expect(findings.first?.hasSuffix("'profile.hello' is missing in all 3 languages [missing_key]") == true)

        // A finding fixed since the baseline is counted as stale.
        let german = project.path + "/App/Resources/de.lproj/Localizable.strings"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: german))
        bytes.append(Data("\"menu.add_to_cart\" = \"In den Warenkorb\";\n".utf8))
        try bytes.write(to: URL(fileURLWithPath: german))
        try project.write("App/Profile/Greeting.swift", "")
        let stale = try project.lint(["--baseline", ".linza-baseline.json"])
        #expect(stale.status == 0)
        #expect(stale.standardError.contains("; 1 baseline entry no longer found"))

        // The configuration can name the baseline instead of the flag.
        try project.write(".linza.yml", try project.read(".linza.yml") + "baseline: .linza-baseline.json\n")
        #expect(try project.lint(["--quiet"]).status == 0)
    }

    /// `baseline write` with no file writes `.linza-baseline.json`, and lint then uses it as
    /// prune does, saying how many findings it held back; `--no-baseline` shows them all.
    @Test func theDefaultBaselineIsAppliedByLintAsByTheWriters() throws {
        let project = try ProjectCopy("SampleApp")
        #expect(try project.lint(["baseline", "write"]).standardError.contains("recorded 14 findings"))
        let held = try project.lint([])
        #expect(held.status == 0)
        #expect(held.standardOutput.isEmpty)
        // The baseline's figure would make the summary wider than 100 columns: it has a line of its own.
        #expect(held.standardError.hasSuffix("\nLinza: 14 findings held back by the baseline\n"))
        #expect(held.standardError.split(separator: "\n").allSatisfy { $0.count <= 100 })
        let all = try project.lint(["--no-baseline", "--quiet"])
        #expect(all.status == 1)
        #expect(all.standardOutput.contains("[missing_key]"))
    }

    /// Entries match by the text of the finding's line, not by order or count: a new use of
    /// a recorded key on another line is new even when an old use went away, and reformatting
    /// around a line does not move blame. A version 1 baseline (no line text) still works.
    @Test func matchesByLineTextNotOrder() throws {
        let project = try ProjectCopy("CleanApp")
        try project.write(
            "Sources/Forecast.swift",
            """
            let rain = NSLocalizedString("forecast.rain", comment: "")
            let snow = NSLocalizedString("forecast.rain", comment: "snow reuses it for now")

            """)
        #expect(try project.lint(["baseline", "write"]).standardError.contains("recorded 4 findings"))
        let baseline = try project.read(".linza-baseline.json")
        #expect(baseline.contains(#""line_text": "let rain = NSLocalizedString(\"forecast.rain\", comment: \"\")""#))
        // Lines moved and re-indented: still known.
        try project.write(
            "Sources/Forecast.swift",
            """
            // Forecast texts

                let snow = NSLocalizedString("forecast.rain", comment: "snow reuses it for now")
            let rain = NSLocalizedString("forecast.rain", comment: "")

            """)
        #expect(try project.lint(["--baseline", ".linza-baseline.json", "--quiet"]).standardOutput.isEmpty)
        // One recorded use removed and a new one added: the new one is reported, with the
        // removed one counted as stale.
        try project.write(
            "Sources/Forecast.swift",
            """
            let rain = NSLocalizedString("forecast.rain", comment: "")
            let hail = NSLocalizedString("forecast.rain", comment: "hail too")

            """)
        let changed = try project.lint(["--baseline", ".linza-baseline.json"])
        #expect(changed.status == 1)
        #expect(
            changed.standardOutput.hasPrefix(
                "Sources/Forecast.swift:2:30: error: 'forecast.rain' is missing in en, uk (2 of 2 languages)"))
        #expect(changed.standardError.contains("; 2 baseline entries no longer found"))
        // Written by an older Linza: matched by rule, file, key and language alone.
        let older = baseline.replacingOccurrences(of: "\"version\": 2", with: "\"version\": 1")
            .replacing(try Regex(#""line_text": ".*""#), with: #""line_text": null"#)
        try project.write(".linza-baseline.json", older)
        #expect(try project.lint(["--baseline", ".linza-baseline.json", "--quiet"]).status == 0)
    }

    /// The baseline records languages one by one: a grouped finding reports only the
    /// languages not recorded.
    @Test func groupedFindingsNameOnlyLanguagesNotInTheBaseline() throws {
        let project = try ProjectCopy("CleanApp")
        try project.write("Sources/Forecast.swift", "let rain = NSLocalizedString(\"forecast.rain\", comment: \"\")\n")
        #expect(try project.lint(["baseline", "write"]).standardError.contains("recorded 2 findings"))
        try FileManager.default.createDirectory(
            atPath: project.path + "/Sources/de.lproj", withIntermediateDirectories: true)
        try project.write(
            "Sources/de.lproj/Localizable.strings", try project.read("Sources/en.lproj/Localizable.strings"))
        try project.write(".linza.yml", "required_languages: [en, uk, de]\n")
        let result = try project.lint(["--baseline", ".linza-baseline.json", "--quiet"])
        #expect(
            result.standardOutput.hasPrefix(
                "Sources/Forecast.swift:1:30: error: 'forecast.rain' is missing in de (de.lproj/Localizable.strings) [missing_key]"
            ))
        #expect(!result.standardOutput.contains("missing in de, en"))
    }

    @Test func unreadableBaselineIsExitTwo() throws {
        let project = try ProjectCopy("CleanApp")
        try project.write("broken.json", "{ \"version\": 1, \"findings\": [ { \"rule\": } ] }")
        let result = try project.lint(["--baseline", "broken.json"])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix("broken.json:1:41: error: the baseline is not valid JSON"))
        let missing = try project.lint(["--baseline", "nowhere.json"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("create it with `linza baseline write`"))
    }
}

@Suite struct InitTests {
    @Test func writesAStarterThatLints() throws {
        let project = try ProjectCopy("SampleApp")
        try FileManager.default.removeItem(atPath: project.path + "/.linza.yml")
        let result = try project.lint(["init"])
        #expect(result.status == 0)
        let text = try project.read(".linza.yml")
        #expect(text.contains("included: [App, Modules]"))
        #expect(text.contains("  - App/Resources\n  - Modules/Checkout/Sources/Checkout/Resources\n"))
        // The sample's BPFLocalizedString wrapper is found by reading its declaration.
        #expect(text.contains("  - name: BPFLocalizedString"))
        #expect(text.contains("development_language: en   # the String Catalog's source language"))
        // ru has 15 of the 17 development keys, de 10: neither is required yet, both are warned.
        #expect(text.contains("required_languages: [en]   # languages with at least 90 % of the development keys"))
        #expect(text.contains("warned_languages: [ru, de]   # translated later: their gaps are warnings"))
        #expect(text.contains("# Share of the 17 development keys: ru 88 %, de 58 %"))
        #expect(
            text.contains(
                "# Tables found: Checkout (.strings), Localizable (.strings, .stringsdict), Onboarding (.strings), Promotions (.xcstrings)"
            ))
        #expect(try project.lint(["--quiet"]).status == 1)

        let again = try project.lint(["init"])
        #expect(again.status == 2)
        #expect(again.standardError.contains("already exists; Linza does not overwrite it (--force replaces it"))
        #expect(try project.read(".linza.yml") == text)
        // --stdout prints what init would write and writes nothing; --force replaces the file.
        try project.write(".linza.yml", "# edited\n" + text)
        let printed = try project.lint(["init", "--stdout"])
        #expect(printed.status == 0)
        #expect(printed.standardOutput == text)
        #expect(try project.read(".linza.yml") == "# edited\n" + text)
        let forced = try project.lint(["init", "--force"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(
            forced.standardError.hasSuffix(
                "Linza: wrote .linza.yml. Read it, correct what init got wrong, then run `linza`.\n"))
        #expect(try project.read(".linza.yml") == text)
    }

    /// A folder with nothing localizable is refused (exit 2, nothing written); a project with
    /// one source and no keys yet is counted in the singular and without "of 0" figures.
    @Test func initRefusesAnEmptyFolderAndCountsSmallProjects() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-init-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/Docs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createTestFile(atPath: folder + "/Docs/README.md", contents: Data("# App\n".utf8))
        let empty = try LinzaBinary.run(["init"], in: folder)
        #expect(empty.status == 2)
        #expect(empty.standardError.contains("linza: nothing localizable in "))
        #expect(empty.standardError.contains("run `linza init` in the project's folder. Nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/.linza.yml"))

        try FileManager.default.createDirectory(atPath: folder + "/App/en.lproj", withIntermediateDirectories: true)
        try FileManager.default.createTestFile(
            atPath: folder + "/Package.swift",
            contents: Data(
                """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "App", targets: [.target(name: "App", path: "App", resources: [.process("en.lproj")])])

                """.utf8))
        try FileManager.default.createTestFile(atPath: folder + "/App/App.swift", contents: Data("let app = 1\n".utf8))
        try FileManager.default.createTestFile(atPath: folder + "/App/en.lproj/Localizable.strings", contents: Data())
        let small = try LinzaBinary.run(["init"], in: folder)
        #expect(small.status == 0, "\(small.standardError)")
        #expect(small.standardError.contains("1 source"))
        #expect(!small.standardError.contains("1 sources") && !small.standardError.contains("1 table files"))
        #expect(small.standardError.contains("no development keys: no en table has an entry yet"))
        #expect(!small.standardError.contains("of 0") && !small.standardError.contains("the 0 development keys"))
    }

    @Test func developmentRegionComesFromTheXcodeProject() throws {
        let project = try ProjectCopy("CleanApp")
        try FileManager.default.removeItem(atPath: project.path + "/.linza.yml")
        try FileManager.default.createDirectory(
            atPath: project.path + "/Weather.xcodeproj", withIntermediateDirectories: true)
        try project.write(
            "Weather.xcodeproj/project.pbxproj",
            """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tA1 /* Project object */ = {isa = PBXProject; developmentRegion = uk; knownRegions = (en, uk, ); targets = ( ); };
            \t};
            \trootObject = A1 /* Project object */;
            }

            """)
        #expect(try project.lint(["init"]).status == 0)
        let text = try project.read(".linza.yml")
        #expect(text.contains("development_language: uk   # developmentRegion in Weather.xcodeproj"))
        #expect(text.contains("required_languages: [uk, en]"))
    }
}

/// `linza init` on fixture projects shaped like real apps, each followed by `linza`: the
/// configuration must see every call site and report only the problems planted.
@Suite struct InitInferenceTests {
    func initialise(_ fixture: String) throws -> (project: ProjectCopy, text: String, report: String) {
        let project = try ProjectCopy("Init/" + fixture)
        let result = try project.lint(["init"])
        #expect(result.status == 0)
        return (project, try project.read(".linza.yml"), result.standardError)
    }

    /// A regional folder (hy-AM) beside its language's own (hy) with fewer keys is warned, not
    /// required, even above the required share: most often a folder the app left behind.
    @Test func aRegionalFolderBesideAFullerLanguageIsWarned() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-regional-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = (1...10).map { "screen.title\($0)" }
        for (language, count) in [("en", 10), ("hy", 10), ("hy-AM", 9)] {
            try FileManager.default.createDirectory(
                atPath: "\(folder)/\(language).lproj", withIntermediateDirectories: true)
            try keys.prefix(count).map { "\"\($0)\" = \"T\";\n" }.joined()
                .write(toFile: "\(folder)/\(language).lproj/Localizable.strings", atomically: true, encoding: .utf8)
        }
        try keys.map { "let _ = NSLocalizedString(\"\($0)\", comment: \"\")\n" }.joined()
            .write(toFile: folder + "/App.swift", atomically: true, encoding: .utf8)
        let result = try LinzaBinary.run(["init"], in: folder)
        #expect(
            result.standardError.contains(
                "linza init: hy-AM: warned, a regional folder beside hy, which has more of the keys"))
        let text = try String(contentsOfFile: folder + "/.linza.yml", encoding: .utf8)
        #expect(text.contains("required_languages: [en, hy]"))
        #expect(text.contains("warned_languages: [hy-AM]"))
    }

    /// Base.lproj holding one library's table beside en.lproj holding the app's own: both are
    /// development text (alt-tab-macos measured its languages against Sparkle's 82 keys only,
    /// left out languages with all 322 of its own, and said every key looked unused).
    @Test func developmentKeysAreBasesAndTheDevelopmentLanguagesTables() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-base-beside-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let keys = (1...10).map { "menu.item\($0)" }
        var files = [
            "Lib/Base.lproj/Updates.strings": "\"update.title\" = \"Update\";\n",
            "Lib/de.lproj/Updates.strings": "\"update.title\" = \"Aktualisieren\";\n",
            "Lib/Updates.swift": #"let u = NSLocalizedString("update.title", tableName: "Updates", comment: "")"#
                + "\n",
            "App/App.swift": keys.map { "let _ = NSLocalizedString(\"\($0)\", comment: \"\")\n" }.joined(),
        ]
        for language in ["en", "de", "fr"] {
            files["App/\(language).lproj/Localizable.strings"] = keys.map { "\"\($0)\" = \"\($0) \(language)\";\n" }
                .joined()
        }
        try ProjectFiles.write(files, in: folder)
        let result = try LinzaBinary.run(["init"], in: folder)
        #expect(result.standardError.contains("development keys no call uses: 0 of 11"), "\(result.standardError)")
        let text = try String(contentsOfFile: folder + "/.linza.yml", encoding: .utf8)
        #expect(text.contains("required_languages: [en, de, fr]"), "\(text)")
    }

    /// A table only the development language has, named as never translated (element-ios's
    /// `Untranslated.strings`), is left out of `missing_language`: one error per language
    /// before. A development-only table named otherwise is still reported.
    @Test func aTableNamedUntranslatedIsNotAskedOfOtherLanguages() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-untranslated-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for language in ["en", "de", "fr"] {
            try FileManager.default.createDirectory(
                atPath: "\(folder)/\(language).lproj", withIntermediateDirectories: true)
            try #""title" = "T";"#.write(
                toFile: "\(folder)/\(language).lproj/Localizable.strings", atomically: true, encoding: .utf8)
        }
        try #""debug.menu" = "Debug";"#.write(
            toFile: folder + "/en.lproj/Untranslated.strings", atomically: true, encoding: .utf8)
        try #""beta.banner" = "Beta";"#.write(
            toFile: folder + "/en.lproj/Beta.strings", atomically: true, encoding: .utf8)
        try """
        let a = NSLocalizedString("title", comment: "")
        let b = NSLocalizedString("debug.menu", tableName: "Untranslated", comment: "")
        let c = NSLocalizedString("beta.banner", tableName: "Beta", comment: "")

        """.write(toFile: folder + "/App.swift", atomically: true, encoding: .utf8)
        let result = try LinzaBinary.run(["init"], in: folder)
        #expect(
            result.standardError.contains(
                "linza init: Untranslated: only en has it and its name says it is never translated"))
        let text = try String(contentsOfFile: folder + "/.linza.yml", encoding: .utf8)
        #expect(text.contains("  missing_language:\n    ignore_tables: [Untranslated]"))
        let lint = try LinzaBinary.run(["--quiet"], in: folder)
        #expect(!lint.standardOutput.contains("Untranslated"))
        #expect(lint.standardOutput.contains("Beta"))
    }

    /// `init` and `status` give a language one figure: on a real app init said "100 %" (its
    /// tables have every key) where status said 57 % (translated). Here German has all 4 keys,
    /// one of them the English text (3 of 4 translated), French 1 key.
    @Test func initShowsCoverageAsStatusCountsIt() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-coverage-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for language in ["en", "de", "fr"] {
            try FileManager.default.createDirectory(
                atPath: folder + "/App/\(language).lproj", withIntermediateDirectories: true)
        }
        let keys = ["title", "subtitle", "done", "cancel"]
        let entries = { (values: [String]) in
            zip(keys, values).map { "\"\($0)\" = \"\($1)\";\n" }.joined()
        }
        try entries(["Menu", "Pizzas", "Done", "Cancel"])
            .write(toFile: folder + "/App/en.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        try entries(["Speisekarte", "Pizzas", "Fertig", "Abbrechen"])
            .write(toFile: folder + "/App/de.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        try entries(["Carte"])
            .write(toFile: folder + "/App/fr.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        try keys.map { "let _ = NSLocalizedString(\"\($0)\", comment: \"\")\n" }.joined()
            .write(toFile: folder + "/App/App.swift", atomically: true, encoding: .utf8)
        let initialised = try LinzaBinary.run(["init"], in: folder)
        #expect(initialised.status == 0)
        // "Pizzas" is the same in both: status counts 3 of 4 for de, 1 of 4 for fr.
        let status = try LinzaBinary.run(["status"], in: folder)
        #expect(status.standardOutput.contains("75 %  3/4"))
        #expect(status.standardOutput.contains("25 %  1/4"))
        #expect(
            initialised.standardError.contains(
                "languages by share of translated texts, as `linza status` counts them: en 100 %, de 75 %, fr 25 %"))
        #expect(
            initialised.standardError.contains(
                "required: en, de (their tables have at least 90 % of the 4 development keys: en 100 %, de 100 %); "
                    + "warned: fr 25 %"))
    }

    /// A storyboard's table that code also reads by name (Rectangle: `Main.xcstrings` in
    /// `mul.lproj`, `"HIK-3r-i7E.title".localized(table: "Main")`) counts for the languages:
    /// init measured "0 development keys" and required only the development language.
    @Test func aStoryboardTableCodeReadsCountsForCoverage() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-storyboard-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Base.lproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/mul.lproj", withIntermediateDirectories: true)
        try "<document/>".write(toFile: folder + "/Base.lproj/Main.storyboard", atomically: true, encoding: .utf8)
        let keys = (1...10).map { "item\($0).title" }
        let entries = keys.map { key in
            #""\#(key)": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "E" } }, "#
                + #""de": { "stringUnit": { "state": "translated", "value": "D" } } } }"#
        }
        try #"{ "sourceLanguage": "en", "version": "1.0", "strings": { "#.appending(
            entries.joined(separator: ", ") + " } }"
        )
        .write(toFile: folder + "/mul.lproj/Main.xcstrings", atomically: true, encoding: .utf8)
        try keys.map { "let _ = NSLocalizedString(\"\($0)\", tableName: \"Main\", comment: \"\")\n" }.joined()
            .write(toFile: folder + "/App.swift", atomically: true, encoding: .utf8)
        let result = try LinzaBinary.run(["init"], in: folder)
        #expect(result.standardError.contains("of the 10 development keys: en 100 %, de 100 %"))
        let text = try String(contentsOfFile: folder + "/.linza.yml", encoding: .utf8)
        #expect(text.contains("required_languages: [en, de]"))
    }

    /// A build system that makes `strings.Conversation_LinkCopied` of `Conversation.LinkCopied`
    /// and one function of a count of the plural forms `_0` … `_any` (Fixtures/Init/
    /// BuildSystemStrings): `init` finds the rule by trying the known ones on the keys, and
    /// lint then sees every use: the plural forms are used, and de (which has `_1` and `_any`
    /// only, as its plural rules need) lacks none of them.
    @Test func initInfersAGeneratorsRuleWithPluralEndings() throws {
        let (project, text, report) = try initialise("BuildSystemStrings")
        #expect(
            text.contains(
                """
                  - root: strings   # declared in no source (made by the build?); 10 reads; 10 of 12 members map to keys
                    naming: {replace: "[.]", with: "_", plural_suffixes: [_0, _1, _2, _3_10, _many, _any]}
                """))
        // A lower-case root may be any variable: its other members are ordinary code.
        #expect(!text.contains("only_keys"))
        #expect(report.contains("development keys no call uses: 1 of 16"))
        let lint = try project.lint(["--quiet"])
        #expect(
            lint.standardOutput.components(separatedBy: "\n").filter {
                $0.contains("warning:") || $0.contains("error:")
            } == [
                "App/Resources/en.lproj/Localizable.strings:16:1: warning: 'Legacy.PromoBanner' in "
                    + "en.lproj/Localizable.strings is not used by any call [unused_key]"
            ])
        let usages = try project.lint(["usages"])
        #expect(
            usages.standardOutput.contains(
                "strings.Conversation_StatusMembers 'Conversation.StatusMembers_any' (table Localizable)"))
    }

    /// A home-made generator's accessors reading a table that is not `Localizable`
    /// (`LocalString.order_title` for `order.title` in `Strings.strings`), from Swift and
    /// through Objective-C sends (`[LocalString profile_title]`): `init` names the table the
    /// members' keys are in, so lint checks them there, and prune takes only the dead key
    /// (Fixtures/Init/GeneratedStringsTable). Before, the keys of every table explained the
    /// members and were then looked up in `Localizable`: ten false errors, every key unused.
    @Test func initNamesTheTableAnInferredAccessorReads() throws {
        let (project, text, report) = try initialise("GeneratedStringsTable")
        #expect(
            text.contains(
                """
                  - root: LocalString   # declared in no source (made by the build?); 10 reads; 10 of 10 members map to keys
                    naming: {case: lower, replace: "[^A-Za-z0-9]", with: "_"}
                    table: Strings
                """))
        #expect(report.contains("code reads 10 development keys of table Strings through LocalString"))
        #expect(report.contains("development keys no call uses: 1 of 13"))
        let lint = try project.lint(["--quiet"])
        #expect(
            lint.standardOutput.components(separatedBy: "\n").filter {
                $0.contains("warning:") || $0.contains("error:")
            } == [
                "App/Resources/en.lproj/Strings.strings:16:1: warning: 'profile.legacy-banner' in "
                    + "en.lproj/Strings.strings is not used by any call [unused_key]",
                "App/Sources/OrderViewController.swift:18:40: error: 'order.delivery-time' is missing in de "
                    + "(de.lproj/Strings.strings) [missing_key]",
            ])
        let usages = try project.lint(["usages"])
        #expect(usages.standardOutput.contains("LocalString.profile_sign_out 'profile.sign-out' (table Strings)"))
        let prune = try project.lint(["prune", "--apply"])
        #expect(prune.status == 0)
        let english = try project.read("App/Resources/en.lproj/Strings.strings")
        #expect(!english.contains("profile.legacy-banner") && english.contains("\"profile.sign-out\""))
        #expect(try project.read("App/Resources/de.lproj/Strings.strings").contains("\"common.button.share\""))
    }

    /// The wrappers an Xcode project names in `LOCALIZED_STRING_MACRO_NAMES` (its own
    /// macros, declared in a framework whose code is not there) are configured, key first,
    /// and their calls checked (Fixtures/Init/MacroNames; ownCloud's app had 1,180 such calls).
    @Test func wrappersXcodeIsToldAboutAreConfigured() throws {
        let (project, text, report) = try initialise("MacroNames")
        #expect(text.contains("  - name: PZLocalizedString   # Pizza.xcodeproj/project.pbxproj:28"))
        #expect(text.contains("  - name: PZLocalizedFormat   # Pizza.xcodeproj/project.pbxproj:28"))
        #expect(!text.contains("name: NSLocalizedString") && !text.contains("inherited"))
        #expect(
            report.contains(
                "wrapper PZLocalizedString (Pizza.xcodeproj/project.pbxproj:28) wraps NSLocalizedString for Xcode "
                    + "(LOCALIZED_STRING_MACRO_NAMES): 2 literal and 0 other keys"))
        #expect(report.contains("call sites seen: 3; development keys no call uses: 0 of 3"))
        let lint = try project.lint(["--quiet"])
        #expect(
            lint.standardOutput.contains(
                "App/Sources/MenuViewController.m:6:46: warning: 'menu.empty' is missing in de"))
    }

    /// A folder of tables that also holds a script no target compiles is not excluded: only the
    /// script is (Fixtures/Init/TablesBesideATool; session-ios' 43 languages were left out, and
    /// all 753 calls read "no language has it").
    @Test func aFolderOfTablesBesideAScriptKeepsItsTables() throws {
        let (project, text, _) = try initialise("TablesBesideATool")
        #expect(text.contains("excluded: [App/Meta/Translations/clean_strings.swift]"))
        let lint = try project.lint(["--quiet"])
        #expect(lint.standardOutput.contains("App/AppView.swift:3:33: "), "\(lint.standardOutput)\(lint.standardError)")
        #expect(lint.standardOutput.contains("'welcome' is missing in de (de.lproj/Localizable.strings) [missing_key]"))
        #expect(!lint.standardOutput.contains("menu.title") && !lint.standardOutput.contains("no language has"))
    }

    /// A folder named like vendored code that holds the project's own modules is checked;
    /// only the real git submodule in it, and the library with a license of its own inside
    /// one of its modules (Telegram's `submodules/rlottie/rlottie`), are left out
    /// (Fixtures/Init/OwnSubmodules).
    @Test func vendoredMeansWhatGitOrALicenseSays() throws {
        let (project, text, report) = try initialise("OwnSubmodules")
        #expect(text.contains("excluded: [submodules/AnimationBinding/rlottie, submodules/Lottie]"))
        #expect(
            report.contains("linza init: submodules: checked, named like vendored code, but holds the project's own"))
        #expect(report.contains("linza init: submodules/Lottie: excluded, a git submodule"))
        #expect(
            report.contains("linza init: submodules/AnimationBinding/rlottie: excluded, has a license of its own"))
        #expect(report.contains("development keys no call uses: 0 of 5"))
        let lint = try project.lint(["--quiet"])
        #expect(
            lint.standardOutput.contains(
                "submodules/ChatUI/Sources/ChatView.swift:7:38: warning: 'chat.send' is missing in de"))
        #expect(!lint.standardOutput.contains("lottie"))
    }

    /// A package manager's checkouts and code the project does not build are left out, each
    /// with its reason; a module of the app's own with a license of its own is checked
    /// (Fixtures/Init/ForeignCode): Xcode's `SourcePackages` (its package's manifest and
    /// tables are not the app's), `Libs/Charts` (a license, and no target compiles it), and
    /// `Pods`, `Carthage`, `.build`, which Linza always skips, listed by `init`.
    @Test func checkoutsAndUnbuiltLicensedCodeAreVendored() throws {
        let project = try ProjectCopy("Init/ForeignCode")
        // Git ignores `.build` in this repository, so the fixture cannot hold one.
        try FileManager.default.createDirectory(
            atPath: project.path + "/.build/checkouts/Swift", withIntermediateDirectories: true)
        try project.write(".build/checkouts/Swift/X.swift", #"let x = NSLocalizedString("x.y", comment: "")"#)
        let result = try project.lint(["init"])
        #expect(result.status == 0)
        let (text, report) = (try project.read(".linza.yml"), result.standardError)
        #expect(text.contains("excluded: [Libs/Charts, SourcePackages]"))
        #expect(!text.contains("modules:") && !text.contains("Toast"))
        for line in [
            ".build: excluded, SwiftPM's build folder and package checkouts",
            "Carthage: excluded, a Carthage checkout",
            "Libs/Charts: excluded, has a license of its own and no target compiles its code",
            "Pods: excluded, a CocoaPods checkout",
            "SourcePackages: excluded, Xcode's Swift package checkouts",
        ] {
            #expect(report.contains("linza init: " + line))
        }
        #expect(!report.contains("Sources/Own") && !report.contains("no target compiles is in no module"))
        let lint = try project.lint(["--quiet"])
        #expect(
            lint.standardOutput.components(separatedBy: "\n").filter {
                $0.contains("warning:") || $0.contains("error:")
            } == [
                "Sources/Own/Forecast.swift:3:34: warning: 'forecast.title' is missing in de "
                    + "(de.lproj/Localizable.strings) [missing_key]"
            ])
    }

    /// A licensed folder is foreign only when the project has targets that could reference
    /// it: without an Xcode project, a package or a Bazel workspace, none is told apart from
    /// the app's own code, so nothing is left out for its license.
    @Test func aLicenseAloneIsNoProofWithoutTargets() throws {
        let project = try ProjectCopy("Init/ForeignCode")
        try FileManager.default.removeItem(atPath: project.path + "/Package.swift")
        try FileManager.default.removeItem(atPath: project.path + "/SourcePackages")
        let result = try project.lint(["init"])
        #expect(result.status == 0)
        let text = try project.read(".linza.yml")
        #expect(!text.contains("Libs/Charts") && !text.contains("excluded:"))
        let lint = try project.lint(["--quiet"])
        #expect(lint.standardOutput.contains("Libs/Charts/ChartView.swift:3:32: warning: 'chart.legend'"))
    }

    /// An app another build system builds (Bazel: Telegram), whose repository keeps a few
    /// `Package.swift` for other uses (Fixtures/Init/BazelPackages): no target ships a table,
    /// so none is a module (each would check nothing, and `resources: []` does not load);
    /// every folder with sources is read against every table, the app's own modules too,
    /// except the sources no `BUILD` file names (Telegram's old watch app).
    @Test func targetsThatShipNoTableAreNoModules() throws {
        let (project, text, report) = try initialise("BazelPackages")
        #expect(!text.contains("modules:"))
        #expect(text.contains("included: [Telegram, submodules]"))
        #expect(text.contains("excluded: [Telegram/Watch]   # tests, screenshots and vendored code; sources no BUILD"))
        #expect(
            report.contains(
                "linza init: 1 source no BUILD file names is not built by Bazel, so not read; excluded where they "
                    + "hold localization calls: Telegram/Watch"))
        #expect(text.contains("resources:                         # where the tables are\n  - Telegram/Telegram-iOS"))
        #expect(
            report.contains(
                "linza init: no target of the Xcode projects and Swift packages ships a table, so they do not "
                    + "build the app (MODULE.bazel): reading every folder with sources against every table; the "
                    + "targets: target Postbox of the Swift package Postbox, target TelegramCore of the Swift "
                    + "package TelegramCore"))
        let lint = try project.lint(["--quiet"])
        #expect(
            lint.standardOutput.components(separatedBy: "\n").filter {
                $0.contains("warning:") || $0.contains("error:")
            }
                == [
                    "submodules/ChatUI/Sources/ChatController.swift:7:38: warning: 'Chat.Send' is missing in de "
                        + "(de.lproj/Localizable.strings) [missing_key]"
                ])
    }

    /// A wrapper that fills its own `%0` (exelban/stats' `localizedString`) is written with
    /// `formats: false`: "%0 cores" is no `%c`, a translation without its `%0` is an error, and
    /// a text read through NSLocalizedString is still checked as printf reads it.
    @Test func aWrapperFillingItsOwnPlaceholdersIsWrittenAsFormattingNothing() throws {
        let (project, text, _) = try initialise("OwnPlaceholders")
        #expect(
            text.contains(
                "  - name: localizedString   # Monitor/Sources/Localization.swift:4, wraps NSLocalizedString; "
                    + "2 calls with a literal key\n    key: 0\n    comment: comment\n    formats: false"))
        let lint = try project.lint(["--no-cache"])
        #expect(lint.status == 1)
        let findings = lint.standardOutput.split(separator: "\n").filter { $0.contains("[format_mismatch]") }
        #expect(
            findings == [
                "Monitor/Resources/es.lproj/Localizable.strings:1:21: error: the format of 'Number of cores' in es "
                    + "does not match en: %0 is missing [format_mismatch]",
                "Monitor/Resources/es.lproj/Localizable.strings:3:15: error: the format of 'Load %d%%' in es does "
                    + "not match en: argument 1 is an object (%@) where it is an int (%d) [format_mismatch]",
            ])
    }

    @Test func xcodeProjectWithTargetsNestedProjectWrappersAndCoverage() throws {
        let (project, text, report) = try initialise("PizzaXcode")
        // Targets, the nested Payments.xcodeproj too; the test bundle is not a module.
        #expect(
            text.contains(
                """
                  - name: PizzaWidget   # target PizzaWidget (app-extension) in Pizza.xcodeproj
                    included: [Widget/WidgetView.swift]
                    resources: [Widget/Base.lproj, Widget/en.lproj, Widget/ru.lproj]
                  - name: Payments   # target Payments (framework) in Payments.xcodeproj
                    included: [Modules]
                    resources: [Modules]
                  - name: PizzaApp   # target PizzaApp (application) in Pizza.xcodeproj
                """))
        #expect(!text.contains("PizzaTests (") && text.contains("excluded: [PizzaTests, Vendor]"))
        // Wrappers: a function, a String extension, an Objective-C macro in a header.
        #expect(
            text.contains(
                "  - name: PizzaLocalizedString   # App/Support/Localization.swift:4, wraps NSLocalizedString"))
        #expect(
            text.contains(
                "  - name: localized   # App/Support/Localization.swift:10, wraps NSLocalizedString; 3 calls with a literal key\n    key: receiver"
            ))
        #expect(
            text.contains("  - name: PZLocalizedString   # App/Legacy/Strings.h:2, wraps NSLocalizedStringFromTable"))
        // ru has 12 of 13 keys: required; de 2 of 13: listed, not required.
        #expect(text.contains("required_languages: [en, ru]"))
        #expect(text.contains("de 15 %"))
        // Coverage as status counts it (de: 1 of its 2 keys translated), required on keys present.
        #expect(
            report.contains(
                "languages by share of translated texts, as `linza status` counts them: en 100 %, ru 92 %, de 7 %"))
        #expect(
            report.contains(
                "required: en, ru (their tables have at least 90 % of the 13 development keys: en 100 %, ru 92 %); "
                    + "warned: de 15 %"))

        let lint = try project.lint()
        #expect(lint.status == 1)
        // The planted problems and nothing else: no dynamic_key for the wrappers' own bodies.
        #expect(lint.standardOutput.contains("App/Menu/MenuView.swift:7:33: error: 'menu.special' is missing in ru"))
        #expect(
            lint.standardOutput.contains(
                "'about.unused' in en.lproj/Localizable.strings is not used by any call [unused_key]"))
        // de is warned: its ten missing keys are warnings, and the build passes on them.
        #expect(text.contains("warned_languages: [de]"))
        #expect(
            lint.standardOutput.contains(
                "warning: 'basket.title' is missing in de (de.lproj/Localizable.strings) [missing_key]"))
        #expect(
            lint.standardError.contains("Linza: 1 error, 11 warnings in 7 source files and 9 table files (en, ru, de)"))
        // The widget's Siri intent table is the system's: its definition in Base.lproj goes with
        // the widget's .lproj folders (de.lproj is not in the target, so they are listed one by one).
        #expect(!lint.standardOutput.contains("gpCwrM"))
        let usages = try project.lint(["usages"]).standardOutput.split(separator: "\n")
        #expect(usages.count == 12)
    }

    /// A module's `.lproj` folders are one glob when it selects exactly the tables the list
    /// does; while another folder there holds a table the target does not ship, they stay a list.
    @Test func languageFoldersAreOneGlobWhereItSelectsExactlyTheirTables() throws {
        let project = try ProjectCopy("Init/PizzaXcode")
        // A table no target ships keeps Widget/ from being the widget's resource whole.
        try FileManager.default.createDirectory(
            atPath: project.path + "/Widget/Legacy/en.lproj", withIntermediateDirectories: true)
        try project.write("Widget/Legacy/en.lproj/Old.strings", "\"old\" = \"Old\";\n")
        let listed = try project.lint(["init", "--stdout"])
        #expect(
            listed.standardOutput.contains("    resources: [Widget/Base.lproj, Widget/en.lproj, Widget/ru.lproj]\n"))
        try project.write(".linza.yml", listed.standardOutput)
        let before = try project.lint(["--reporter", "json", "--quiet"])
        // de.lproj's Widget.strings, which the widget does not ship, gone: a glob is exact.
        try FileManager.default.moveItem(
            atPath: project.path + "/Widget/de.lproj/Widget.strings",
            toPath: project.path + "/Widget/de.lproj/Widget.txt")
        let globbed = try project.lint(["init", "--stdout"])
        #expect(globbed.standardOutput.contains("    resources: [Widget/*.lproj]\n"))
        // It reads the same tables: the findings are those of the list.
        let withList = try project.lint(["--reporter", "json", "--quiet"])
        try project.write(".linza.yml", globbed.standardOutput)
        let withGlob = try project.lint(["--reporter", "json", "--quiet"])
        #expect(withGlob.standardOutput == withList.standardOutput)
        #expect(withGlob.standardOutput == before.standardOutput)
    }

    @Test func aBrokenXcodeProjectIsSaidWithItsPositionAndLeftOut() throws {
        let project = try ProjectCopy("Init/PizzaXcode")
        let file = project.path + "/Modules/Payments/Payments.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try String(text.prefix(200)).write(toFile: file, atomically: true, encoding: .utf8)
        let result = try project.lint(["init"])
        #expect(result.status == 0)
        // Named relative to the folder init runs in, as every path a command prints.
        #expect(result.standardError.contains("linza init: Modules/Payments/Payments.xcodeproj/project.pbxproj:"))
        #expect(!result.standardError.contains(file))
        #expect(
            result.standardError.contains(
                ": not an Xcode project property list: unexpected end of the property list; its targets are not modules"
            ))
        #expect(!(try project.read(".linza.yml")).contains("name: Payments"))
    }

    @Test func swiftPackageWithSwiftUICatalogAndSwiftGen() throws {
        let (project, text, report) = try initialise("ShopPackage")
        #expect(
            text.contains("  - name: Checkout   # target Checkout of the Swift package Shop\n    included: [Sources]"))
        #expect(text.contains("  - name: Profile   # target Profile of the Swift package Shop"))
        #expect(text.contains("excluded: [Tests]"))
        #expect(text.contains("swiftui: true                      # 4 SwiftUI titles"))
        #expect(
            text.contains(
                "  - name: L10n.tr   # Features/Profile/Generated/Strings.swift:26, wraps localizedString(forKey:)\n"
                    .replacingOccurrences(of: "\n", with: "; 2 calls with a literal key\n")
                    + "    key: 1\n    table: 0\n    value: fallback\n"))
        #expect(
            text.contains(
                "  - root: L10n   # SwiftGen output (Features/Profile/Generated/Strings.swift); 2 uses in code\n"
                    + "    file: Features/Profile/Generated/Strings.swift\n"))
        #expect(
            report.contains(
                "SwiftGen output in Features/Profile/Generated/Strings.swift: 2 uses of L10n.… accessors, "
                    + "traced to their keys by the generated file's declarations"))

        let lint = try project.lint()
        #expect(lint.status == 1)
        #expect(
            lint.standardOutput.contains(
                "CheckoutView.swift:12:18: error: 'checkout.total' is missing in en, ru (2 of 2 languages)"))
        // Package.swift is no target's source: no module sweeps it in.
        #expect(lint.standardError.contains("Linza: 1 error, 0 warnings in 3 source files and 3 table files (en, ru)"))
    }

    @Test func iOSAndMacOSAppsAreSeparateModulesAndBuildTimeAccessorsAreSaid() throws {
        let (project, text, report) = try initialise("NotesMonorepo")
        #expect(
            text.contains(
                """
                  - name: "Notes iOS"   # target Notes iOS (application) in Notes.xcodeproj
                    included: [Shared, iOS]
                    resources: [iOS]
                  - name: "Notes macOS"   # target Notes macOS (application) in Notes.xcodeproj
                """))
        #expect(text.contains("    resources: [Mac]"))
        // R.swift runs in a build phase: its accessors are traced to keys by R.swift's naming.
        #expect(
            text.contains(
                "accessors:                         # code reads keys through generated accessors\n"
                    + "  - root: R.string   # R.swift, run by the build (Notes.xcodeproj/project.pbxproj); 8 uses in code\n"
                    + "    naming: rswift\n"))
        #expect(!text.contains("unused_key: off"))
        #expect(
            report.contains(
                "R.swift is run by the build (Notes.xcodeproj/project.pbxproj): 8 uses of R.string.… accessors"))
        let lint = try project.lint()
        #expect(lint.status == 0)
        // The one key no code reads, and nothing else.
        #expect(
            lint.standardOutput.contains("'mac.menu.legacy' in en.lproj/Localizable.strings is not used by any call"))
        #expect(lint.standardError.contains("Linza: 0 errors, 1 warning in 3 source files and 4 table files (en, fr)"))
        let usages = try project.lint(["usages"]).standardOutput
        #expect(
            usages.contains(
                "Mac/MainWindowController.swift:15:33: R.string.localizable.macMenuExport 'mac.menu.export' (table Localizable)"
            ))
    }

    /// A source an app and its extension both compile (Fixtures/Init/SharedExtensionSource,
    /// shaped like Loop's `Common/Extensions/NSBundle.swift`): the extension, the smaller
    /// module, would check it, but only the app names `localizedNameAndVersion`, the property
    /// reading `%1$@ v%2$@`, so the app's tables (which have the key) check it. A shared
    /// source both name stays with the first module.
    @Test func aSharedSourceIsCheckedWithTheModuleWhoseCodeCallsIt() throws {
        let (project, text, report) = try initialise("SharedExtensionSource")
        #expect(
            text.contains(
                """
                  - name: "Pumps Intent Extension"   # target Pumps Intent Extension (app-extension) in Pumps.xcodeproj
                    included: [Common/DoseUnit.swift, "Intent Extension"]
                """))
        #expect(text.contains("  - name: Pumps   # target Pumps (application) in Pumps.xcodeproj\n    included: [.]\n"))
        #expect(
            report.contains(
                "linza init: Common/Bundle+Version.swift: compiled by 2 modules, checked with Pumps, whose code names "
                    + "localizedNameAndVersion (where its calls are); Pumps Intent Extension, the first, does not"))
        #expect(!report.contains("DoseUnit.swift: compiled by"))
        let lint = try project.lint()
        #expect(lint.status == 1)
        // Not missing in the extension's tables, nor unused in the app's.
        #expect(!lint.standardOutput.contains("%1$@ v%2$@"))
        // The extension ships no zh-Hans table: what it runs is missing there.
        #expect(
            lint.standardOutput.contains(
                "Common/DoseUnit.swift:9:27: error: 'U' is missing in zh-Hans (zh-Hans has no Localizable table)"))
        #expect(
            lint.standardOutput.contains(
                "Intent Extension/IntentHandler.swift:7:42: error: 'Deliver %@?' is missing in zh-Hans"))
        // The app's `U` looks unused: a source is checked with one module (docs/INIT.md, known gaps).
        #expect(
            lint.standardOutput.contains(
                "App/Resources/Base.lproj/Localizable.strings:4:1: warning: 'U' in Base.lproj/Localizable.strings "
                    + "is not used by any call"))
        #expect(lint.standardError.contains("Linza: 2 errors, 1 warning in 6 source files and 4 table files"))
        let usages = try project.lint(["usages"]).standardOutput
        #expect(usages.contains("Common/Bundle+Version.swift:7:42: NSLocalizedString '%1$@ v%2$@' (table Localizable)"))
    }

    /// An iOS + macOS monorepo (Fixtures/Init/BrowserMonorepo): a macOS login item and a
    /// package only the macOS app links read the macOS app's tables, not the iOS app's; a
    /// tool no app embeds and a file no target compiles are listed by init, in no module.
    @Test func aTargetWithoutTablesReadsTheTablesOfTheAppThatEmbedsIt() throws {
        let (project, text, report) = try initialise("BrowserMonorepo")
        #expect(!text.contains("included: [.]"))
        #expect(
            text.contains(
                "  - name: \"Browser macOS\"   # target Browser macOS (application) in Browser.xcodeproj and 3 more\n"
                    + "    included: [Packages/BrowserKit/Sources, Packages/UpdateKit/Sources, macOS]\n    resources: [macOS]\n"
            ))
        #expect(
            report.contains(
                "linza init:   Browser macOS: 4 sources, 2 table files (target Browser macOS (application) in "
                    + "Browser.xcodeproj, target Updater (application) in Browser.xcodeproj, target MacSupport of the Swift package "
                    + "BrowserKit, target UpdateKit of the Swift package UpdateKit)"))
        #expect(
            report.contains(
                "linza init: 2 targets without tables are embedded by Browser iOS and by Browser macOS, whose "
                    + "tables differ; a source is checked with one module, so they read Browser iOS's (list their "
                    + "folders under shared: of another module to check them with its tables too): Formatting, SharedUI"
            ))
        #expect(
            report.contains(
                "linza init: no tables of their own and no app with tables embeds them, so which tables their "
                    + "code reads is unknown: target TestServer (tool) in Browser.xcodeproj; their 1 source is in no module: Tools"
            ))
        #expect(report.contains("linza init: 1 source no target compiles is in no module: iOS/App/Legacy"))

        let lint = try project.lint()
        // The macOS keys are found in the macOS tables; the one German gap there is reported.
        #expect(lint.status == 0)
        #expect(
            lint.standardOutput.contains(
                "macOS/Updater/UpdateNotifier.swift:6:42: warning: 'updater.ready' is missing in de"))
        #expect(!lint.standardOutput.contains("error:"))
        #expect(!lint.standardOutput.contains("server.started") && !lint.standardOutput.contains("legacy.banner"))
        // SharedUI is checked with the iOS app only: the macOS table's common.done looks
        // unused there (a source belongs to one module; docs/INIT.md, known gaps).
        #expect(
            lint.standardOutput.contains("macOS/App/Resources/en.lproj/Localizable.strings:5:1: warning: 'common.done'")
        )
        #expect(lint.standardError.contains("Linza: 0 errors, 2 warnings in 8 source files and 4 table files (en, de)"))
    }

    @Test func textKeptInCodeIsTheDevelopmentText() throws {
        let (project, text, report) = try initialise("TextInCode")
        #expect(text.contains("development_values_in_code: true   # 12 of 12 calls carry their text in value:"))
        #expect(report.contains("12 of 12 calls keep their text in value:"))
        // The languages are measured against the keys code gives text for, which the en table
        // lacks (KeePassium's shape: measured against its table alone, every language looked
        // a tenth done and none was required).
        #expect(
            report.contains(
                "required: en, de (their tables have at least 90 % of the 13 development keys: en 100 %, de 92 %)"))
        let lint = try project.lint()
        // No en finding for the twelve keys the en table lacks; de's one gap says to export the text.
        #expect(!lint.standardOutput.contains("is missing in en"))
        #expect(
            lint.standardOutput.contains(
                "App/Strings.swift:15:49: error: 'order.cancel' is missing in de "
                    + "(de.lproj/Localizable.strings); its development text is in the call's value: export it to the translators"
            ))
        #expect(lint.standardError.contains("Linza: 1 error, 1 warning in 1 source file and 2 table files (en, de)"))

        // status counts the same development keys: the table's and those whose text code keeps.
        // Out of the cache's racy window (two seconds), so that the languages' counts are recorded.
        usleep(2_200_000)
        for _ in 0..<2 {  // counted, then from the cache's records
            let status = try project.lint(["status"]).standardOutput
            #expect(status.hasPrefix("13 development keys (en) in 1 table, 2 languages"), "\(status)")
            #expect(status.contains("100 %  13/13") && status.contains("84 %  11/13  missing 1 (used 1)"))
        }
        // A key of the code renamed to one German lacks is counted at once, though the
        // number of keys and every table are the same: the records follow the code.
        try project.write(
            "App/Strings.swift",
            try project.read("App/Strings.swift").replacingOccurrences(
                of: #""menu.title""#, with: #""menu.heading""#))
        let status = try project.lint(["status"]).standardOutput
        #expect(status.contains("76 %  10/13  missing 2 (used 2)"), "\(status)")
    }

    @Test func moduleWithoutADevelopmentTableKeepsItsTextInCode() throws {
        // The widget ships only German; its English is in the calls' value: (as DuckDuckGo's
        // credential provider extension). Without the module setting its first run stops.
        let (project, text, report) = try initialise("TranslatedOnlyWidget")
        #expect(text.contains("  - name: OrderWidget   # target OrderWidget of the Swift package Pizza\n"))
        #expect(
            text.contains(
                "    development_values_in_code: true   # no development table; 4 of 4 calls keep their text "
                    + "in code (4 in value:)\n"))
        #expect(!text.contains("\ndevelopment_values_in_code:"))
        #expect(
            report.contains(
                "module OrderWidget: no table in the development language en, and 4 of 4 calls keep their "
                    + "text in code (4 in value:); development_values_in_code: true for it"))
        let lint = try project.lint()
        #expect(lint.status == 1)
        #expect(
            lint.standardOutput.contains(
                "Sources/OrderWidget/WidgetStrings.swift:8:46: error: 'widget.delivered' is missing in de"))
        #expect(lint.standardError.contains("Linza: 1 error, 0 warnings in 2 source files and 3 table files (en, de)"))
    }

    /// Loop's shape (Fixtures/Init/TranslatedOnlyExtensions): extensions that ship German
    /// tables but no English one. The widget's keys are its English text (`Text("Eventual")`),
    /// which its own bundle shows in English: its text is in code. The intent extension's key
    /// is an identifier: English users see it, so lint must say so, not stop with exit 2.
    @Test func extensionsWithoutADevelopmentTableAreCheckedAsTheirCodeShows() throws {
        let (project, text, report) = try initialise("TranslatedOnlyExtensions")
        #expect(
            text.contains(
                "  - name: \"Glucose Widget Extension\"   # target Glucose Widget Extension (app-extension) in "
                    + "Glucose.xcodeproj\n    included: [Widget]\n    resources: [Widget]\n    development_values_in_code: true   "
                    + "# no development table; 3 of 3 calls keep their text in code (3 as their own key)\n"))
        #expect(
            text.contains(
                "    require_development_tables: false   # no development table, and its keys are not its text: "
                    + "check them in en\n"))
        #expect(!text.contains("\ndevelopment_values_in_code:"))
        #expect(
            report.contains(
                "module Glucose Widget Extension: no table in the development language en, and 3 of 3 calls "
                    + "keep their text in code (3 as their own key); a key that is its own text is what the module's bundle shows in "
                    + "en without a table; development_values_in_code: true for it"))
        #expect(
            report.contains(
                "module Glucose Intent Extension: no table in the development language en, and only 0 of "
                    + "1 call keeps its text in code: its keys are reported missing in en (require_development_tables: false)"
            ))
        let lint = try project.lint()
        #expect(lint.status == 1)
        // The widget's English is its keys: only German's gap is reported, and where its text is.
        #expect(
            lint.standardOutput.contains(
                "Widget/PumpView.swift:12:18: error: 'Reservoir low' is missing in de "
                    + "(de.lproj/Localizable.strings); its development text is the call's key: export it to the translators"
            ))
        #expect(!lint.standardOutput.contains("'Eventual'") && !lint.standardOutput.contains("'%@ U'"))
        // The identifier the intent extension shows in English is a real gap.
        #expect(
            lint.standardOutput.contains(
                "Intent/IntentHandler.swift:6:35: error: 'intent.override.title' is missing in en "
                    + "(en has no Localizable table)"))
        #expect(lint.standardError.contains("Linza: 2 errors, 0 warnings in 3 source files and 4 table files (en, de)"))
    }

    @Test func committedRSwiftOutputDefinesAccessorsAndIsNoUse() throws {
        let (project, text, _) = try initialise("RSwiftApp")
        #expect(
            text.contains(
                "  - root: R.string   # R.swift output (App/Generated/R.generated.swift); 10 uses in code\n"
                    + "    naming: rswift\n    file: App/Generated/R.generated.swift\n"))
        let lint = try project.lint()
        #expect(lint.status == 1)
        // Reported where the accessor is used, not in the generated file; the generated file's
        // own NSLocalizedString("promo.legacy") is no use.
        #expect(
            lint.standardOutput.contains("App/OrderViewController.swift:11:33: error: 'order.eta' is missing in de"))
        #expect(lint.standardOutput.contains("'promo.legacy' in en.lproj/Localizable.strings is not used by any call"))
        #expect(lint.standardError.contains("Linza: 1 error, 1 warning in 3 source files and 4 table files (en, de)"))
    }

    @Test func swiftGenRunByTheBuildIsNamedFromSwiftgenYml() throws {
        let (project, text, report) = try initialise("SwiftGenBuild")
        #expect(
            text.contains(
                "  - root: Strings   # SwiftGen, run by the build (swiftgen.yml); 9 uses in code\n    naming: swiftgen\n"
            ))
        #expect(
            report.contains("9 uses of Strings.… accessors, traced to their keys by swiftgen naming of the table keys"))
        let lint = try project.lint()
        #expect(lint.status == 1)
        #expect(
            lint.standardOutput.contains(
                "Sources/Onboarding/PermissionsView.swift:10:18: error: 'permissions.location.footer' is missing in fr")
        )
        #expect(
            lint.standardOutput.contains("'onboarding.skip' in en.lproj/Localizable.strings is not used by any call"))
        #expect(lint.standardError.contains("Linza: 1 error, 1 warning in 2 source files and 2 table files (en, fr)"))
    }
}
