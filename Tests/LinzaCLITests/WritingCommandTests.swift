import Foundation
import Testing

/// `linza sync` and `linza prune` on Fixtures/Writing/App: .strings tables in UTF-8 and
/// UTF-16 LE with a BOM, LF and CRLF, sorted and unsorted, with comments, trailing comments
/// and no final line break, next to a .stringsdict with a used and an unused plural key. Expected bytes are in Fixtures/Writing/Expected.
@Suite struct WritingCommandTests {
    static let fixture = LinzaBinary.repositoryRoot + "/Fixtures/Writing"
    static let tables = [
        "de.lproj/Alerts.strings", "de.lproj/Localizable.strings", "en.lproj/Alerts.strings",
        "en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict", "ru.lproj/Localizable.strings",
    ]

    /// A fresh copy of the fixture app.
    func app() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-writing-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: Self.fixture + "/App", toPath: folder)
        return folder
    }

    func contents(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for table in Self.tables {
            result[table] = try Data(contentsOf: URL(fileURLWithPath: folder + "/Resources/" + table))
        }
        return result
    }

    func expectTables(_ folder: String, equal expected: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        for table in Self.tables {
            let found = try Data(contentsOf: URL(fileURLWithPath: folder + "/Resources/" + table))
            let wanted = try Data(
                contentsOf: URL(fileURLWithPath: Self.fixture + "/Expected/" + expected + "/Resources/" + table))
            #expect(found == wanted, "\(table) differs from Expected/\(expected)", sourceLocation: sourceLocation)
        }
    }

    @Test func syncThenPruneGiveTheExpectedBytesAndAreIdempotent() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try LinzaBinary.run(["sync", "--apply", "--fill", "dev", "--check"], in: folder).status == 1)
        let sync = try LinzaBinary.run(["sync", "--apply", "--fill", "dev"], in: folder)
        #expect(sync.status == 0)
        #expect(sync.standardError.contains("linza: added 2 keys to Resources/de.lproj/Localizable.strings"))
        // No call gives these identifier keys a text: they are reported, not written as their own text.
        #expect(sync.standardError.contains("linza: skipped: 2 keys need development text"))
        #expect(sync.standardError.contains("linza: skipped: ru has no Alerts table"))
        try expectTables(folder, equal: "AfterSync")
        // A second run plans nothing.
        #expect(try LinzaBinary.run(["sync", "--apply", "--fill", "dev", "--check"], in: folder).status == 0)
        #expect(
            try LinzaBinary.run(["sync", "--apply", "--fill", "dev"], in: folder).standardError.contains(
                "nothing to do"))
        // Only the plural key (a .stringsdict entry, never added to .strings) and the two keys that need text are left.
        let lint = try LinzaBinary.run(["--quiet", "--per-language"], in: folder)
        #expect(lint.standardOutput.components(separatedBy: "[missing_key]").count - 1 == 7)
        #expect(lint.standardOutput.components(separatedBy: "'items.count' is missing").count - 1 == 2)

        #expect(try LinzaBinary.run(["prune", "--check"], in: folder).status == 1)
        let preview = try LinzaBinary.run(["prune"], in: folder)
        #expect(preview.status == 0)
        #expect(preview.standardOutput.contains("-\"legacy.banner\" = \"Try our new app!\";"))
        try expectTables(folder, equal: "AfterSync")  // without --apply, prune only shows its plan
        #expect(try LinzaBinary.run(["prune", "--apply"], in: folder).status == 0)
        try expectTables(folder, equal: "AfterPrune")
        #expect(try LinzaBinary.run(["prune", "--check"], in: folder).status == 0)
        #expect(!(try LinzaBinary.run(["--quiet"], in: folder)).standardOutput.contains("[unused_key]"))
    }

    @Test func dryRunPrintsADiffAndWritesNothing() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let result = try LinzaBinary.run(["sync", "--apply", "--dry-run", "--table", "Alerts"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                --- a/Resources/en.lproj/Alerts.strings
                +++ b/Resources/en.lproj/Alerts.strings
                @@ -1,3 +1,4 @@
                 "alert.cancel" = "Cancel";
                +"alert.done" = "Done";
                 "alert.ok" = "OK";
                 "alert.zzz" = "Sleep";

                """)
        #expect(try contents(folder) == before)
    }

    /// Every writer shows its plan and writes only with --apply.
    @Test(arguments: [["sync"], ["prune"], ["rename", "menu.title", "menu.heading"]])
    func withoutApplyAWriterShowsThePlanAndWritesNothing(_ arguments: [String]) throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try ProjectFiles.contents(folder)
        let result = try LinzaBinary.run(arguments, in: folder)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("--- a/"))
        #expect(
            result.standardError.contains("linza: nothing was written; run again with --apply to write these changes"))
        #expect(try ProjectFiles.contents(folder) == before)
    }

    @Test func jsonShowsThePlan() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try LinzaBinary.run(["sync", "--apply", "--format", "json", "--key", "menu.*"], in: folder)
        #expect(result.status == 0)
        let plan = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let files = plan?["files"] as? [[String: Any]]
        #expect(files?.map { $0["file"] as? String } == ["Resources/en.lproj/Localizable.strings"])
        let added = files?.first?["added"] as? [[String: Any]]
        // menu.cancel has no text to add: an identifier is never written as its own value.
        #expect(added?.map { $0["key"] as? String } == ["menu.order"])
        #expect(added?.map { $0["value"] as? String } == ["Order now"])
        #expect(added?.map { $0["comment"] as? String } == ["Order button"])
    }

    @Test func brokenTableIsRefusedAndNothingIsWritten() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("\"alert.ok\" = \"OK\"\n\"alert.cancel\" = \"Abbrechen\";\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/Resources/de.lproj/Alerts.strings"))
        let before = try contents(folder)
        let result = try LinzaBinary.run(["sync", "--apply", "--fill", "dev"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains(
                "de.lproj/Alerts.strings:1:18: error: Linza will not edit this file: missing ';' after the value of 'alert.ok'"
            ))
        #expect(try contents(folder) == before)
    }

    @Test func conflictingDefaultValuesAreReportedNotPicked() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"let a = NSLocalizedString("menu.order", value: "Order", comment: "Order button")"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/Sources/Other.swift"))
        let result = try LinzaBinary.run(["sync", "--apply", "--key", "menu.order"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                "Sources/Other.swift:1:27: error: calls give 'menu.order' different default values: 'Order now' and 'Order'"
            ))
        #expect(
            !(try String(contentsOfFile: folder + "/Resources/en.lproj/Localizable.strings", encoding: .utf8))
                .contains("menu.order"))
    }

    /// A failure after some files were renamed into place puts every file back.
    @Test(arguments: ["0", "1", "3"])
    func failureMidTransactionRestoresEveryFile(_ failAfter: String) throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let result = try LinzaBinary.run(
            ["sync", "--apply", "--fill", "dev"], in: folder,
            environment: ["LINZA_TEST_FAIL_AFTER_RENAMES": failAfter])
        #expect(result.status == 2)
        #expect(result.standardError.contains("simulated failure"))
        #expect(result.standardError.contains("every file was restored"))
        #expect(try contents(folder) == before)
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.contains(".linza-") }
        #expect(leftovers.isEmpty)
    }
}

extension WritingCommandTests {
    /// `--create-tables` writes the table a required language lacks, next to the development
    /// language's and like it; a failure after it was created removes it again.
    @Test func createTablesMakesTheMissingLanguageTable() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let created = folder + "/Resources/ru.lproj/Alerts.strings"
        // Without --fill dev, only a development table is created: ru's is not.
        let alone = try LinzaBinary.run(["sync", "--apply", "--create-tables", "--check"], in: folder)
        #expect(alone.status == 1)
        #expect(!alone.standardError.contains("ru.lproj/Alerts.strings"))
        // New files are renamed into place first, so the failure comes after it was created.
        let failed = try LinzaBinary.run(
            ["sync", "--apply", "--fill", "dev", "--create-tables"], in: folder,
            environment: ["LINZA_TEST_FAIL_AFTER_RENAMES": "1"])
        #expect(failed.status == 2)
        #expect(failed.standardError.contains("every file was restored"))
        #expect(!FileManager.default.fileExists(atPath: created))
        let result = try LinzaBinary.run(["sync", "--apply", "--fill", "dev", "--create-tables"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardError.contains("linza: added 3 keys to Resources/ru.lproj/Alerts.strings"))
        #expect(
            try String(contentsOfFile: created, encoding: .utf8) == """
                "alert.cancel" = "Cancel";
                "alert.ok" = "OK";
                "alert.done" = "Done";

                """)
        let lint = try LinzaBinary.run(["--quiet"], in: folder)
        #expect(!lint.standardOutput.contains("[missing_language]"))
    }
}

/// What prune must leave: tables a call reads with a key Linza cannot see, findings the
/// baseline keeps, and everything when a source did not lex completely.
extension WritingCommandTests {
    @Test func pruneLeavesTablesReadByUnseenKeys() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/Sources/Dynamic.swift"
        try Data(
            ("func title(_ key: String) -> String { NSLocalizedString(key, comment: \"\") }\n"
                + "func label(_ key: String) -> String { NSLocalizedString(key, comment: \"\") }\n").utf8
        )
        .write(to: URL(fileURLWithPath: source))
        let blocked = try LinzaBinary.run(["prune", "--apply"], in: folder)
        #expect(blocked.status == 0)
        // The calls that hold the table back are named, one line each, relative to the current folder.
        #expect(
            blocked.standardError.contains(
                "linza: skipped: Localizable: left as it is, because 2 calls read it with a key Linza cannot see; "
                    + "mark each `// linza:disable:this dynamic_key` if it reads none of the table's keys:\n"
                    + "  Sources/Dynamic.swift:1:57\n  Sources/Dynamic.swift:2:57\n"))
        #expect(!blocked.standardError.contains("from Resources/en.lproj/Localizable.strings"))
        #expect(blocked.standardError.contains("removed 1 key from Resources/en.lproj/Alerts.strings"))

        // Marked as reading no table key, the call no longer holds the table back.
        try Data(
            ("// linza:disable:next dynamic_key\nfunc title(_ key: String) -> String { NSLocalizedString(key, comment: \"\") }\n"
                + "// linza:disable:next dynamic_key\nfunc label(_ key: String) -> String { NSLocalizedString(key, comment: \"\") }\n")
                .utf8
        )
        .write(to: URL(fileURLWithPath: source))
        let pruned = try LinzaBinary.run(["prune", "--apply"], in: folder)
        #expect(pruned.standardError.contains("removed 2 keys from Resources/en.lproj/Localizable.strings"))
        // A dry run with nothing left to do says so.
        #expect(try LinzaBinary.run(["prune"], in: folder).standardError.contains("linza: nothing to do"))
    }

    /// A table whose file code opens itself (IINA reads `ISO639.strings` into a dictionary)
    /// may have any key read: prune leaves it, and leaves every table when the file's name
    /// is not a literal.
    @Test func pruneLeavesTablesWhoseFilesCodeOpens() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/Sources/Alerts.swift"
        try Data(
            #"let alerts = NSDictionary(contentsOfFile: Bundle.main.path(forResource: "Alerts", ofType: "strings")!)"#
                .utf8
        )
        .write(to: URL(fileURLWithPath: source))
        #expect(!(try LinzaBinary.run(["lint"], in: folder).standardOutput.contains("Alerts.strings is not used")))
        let pruned = try LinzaBinary.run(["prune", "--apply"], in: folder)
        #expect(pruned.status == 0, "\(pruned.standardOutput)\(pruned.standardError)")
        #expect(!pruned.standardError.contains("Alerts.strings"))
        #expect(pruned.standardError.contains("from Resources/en.lproj/Localizable.strings"))
        for language in ["en", "de"] {
            let path = "/Resources/\(language).lproj/Alerts.strings"
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder + path))
                    == (try Data(contentsOf: URL(fileURLWithPath: Self.fixture + "/App" + path))))
        }

        let unnamed = try app()
        defer { try? FileManager.default.removeItem(atPath: unnamed) }
        try Data(
            #"let table = NSDictionary(contentsOfFile: Bundle.main.path(forResource: name, ofType: "strings")!)"#.utf8
        )
        .write(to: URL(fileURLWithPath: unnamed + "/Sources/Tables.swift"))
        let blocked = try LinzaBinary.run(["prune", "--apply"], in: unnamed)
        #expect(blocked.status == 0, "\(blocked.standardOutput)\(blocked.standardError)")
        #expect(
            blocked.standardError.contains(
                "linza: skipped: Alerts: left as it is, because code opens a table file by a name Linza cannot see "
                    + "and may read any of its keys:\n  Sources/Tables.swift:1:72\n"))
        #expect(!blocked.standardError.contains("removed"))
    }

    /// A key a literal outside calls starts (IINA's `"eq.preset." + name`, read later) stays.
    @Test func pruneKeepsKeysALiteralStarts() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try pruned(folder)
        #expect(before.contains("Resources/en.lproj/Alerts.strings"))
        try Data(#"let key = "alert." + kind"#.utf8).write(to: URL(fileURLWithPath: folder + "/Sources/Sleep.swift"))
        #expect(!(try pruned(folder)).contains("Alerts.strings"))
    }

    /// What `prune`'s dry run prints in `folder`.
    private func pruned(_ folder: String) throws -> String {
        let result = try LinzaBinary.run(["prune"], in: folder)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        return result.standardOutput + result.standardError
    }

    /// Where the development text is the calls' (`development_values_in_code`) and English has
    /// no table, `--fill dev` fills the other languages from the calls (focus-ios' widgets had
    /// been skipped, their missing keys left as errors).
    @Test func fillTakesTheCallsTextWhereTheDevelopmentLanguageHasNoTable() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-fill-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ProjectFiles.write(
            [
                ".linza.yml": "development_language: en\nrequired_languages: [de, fr]\n"
                    + "development_values_in_code: true\n",
                "W/W.swift": #"let a = NSLocalizedString("a.title", value: "A", comment: "First")"# + "\n"
                    + #"let b = NSLocalizedString("b.title", value: "B", comment: "Second")"# + "\n",
                "W/de.lproj/Localizable.strings": "\"a.title\" = \"A-de\";\n\"b.title\" = \"B-de\";\n",
                "W/fr.lproj/Localizable.strings": "\"a.title\" = \"A-fr\";\n",
            ], in: folder)
        let sync = try LinzaBinary.run(["sync", "--fill", "dev", "--apply"], in: folder)
        #expect(sync.status == 0, "\(sync.standardOutput)\(sync.standardError)")
        #expect(
            try ProjectFiles.text(folder, "W/fr.lproj/Localizable.strings")
                == "\"a.title\" = \"A-fr\";\n\"b.title\" = \"B\";\n")
        #expect(
            try ProjectFiles.text(folder, "W/de.lproj/Localizable.strings")
                == "\"a.title\" = \"A-de\";\n\"b.title\" = \"B-de\";\n")
        #expect(try LinzaBinary.run(["--quiet"], in: folder).status == 0)
    }

    @Test func pruneKeepsWhatTheBaselineRecords() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try LinzaBinary.run(["baseline", "write"], in: folder).status == 0)
        let result = try LinzaBinary.run(["prune", "--check"], in: folder)
        #expect(result.status == 0)
        try Data("{".utf8).write(to: URL(fileURLWithPath: folder + "/.linza-baseline.json"))
        #expect(try LinzaBinary.run(["prune", "--apply"], in: folder).status == 2)
        #expect(try contents(folder) == (try contents(Self.fixture + "/App")))
    }

    @Test func aSourceThatDidNotLexStopsBothCommands() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("let a = 1 /* never closed\nlet b = NSLocalizedString(\"legacy.banner\", comment: \"\")\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/Sources/Broken.swift"))
        for command in [["prune", "--apply"], ["sync", "--apply"]] {
            let result = try LinzaBinary.run(command, in: folder)
            #expect(result.status == 2)
            #expect(result.standardOutput.contains("Broken.swift:1:11: error: unterminated /* comment"))
        }
        #expect(try contents(folder) == (try contents(Self.fixture + "/App")))
    }
}

extension WritingCommandTests {
    /// A language folder created for new tables is removed again when the transaction fails.
    @Test func failedCreationLeavesNoFolder() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(
            "included: [Sources]\nresources: [Resources]\ndevelopment_language: en\nrequired_languages: [en, fr]\n".utf8
        )
        .write(to: URL(fileURLWithPath: folder + "/.linza.yml"))
        let failed = try LinzaBinary.run(
            ["sync", "--apply", "--fill", "dev", "--create-tables"], in: folder,
            environment: ["LINZA_TEST_FAIL_AFTER_RENAMES": "1"])
        #expect(failed.status == 2)
        #expect(failed.standardError.contains("every file was restored"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/Resources/fr.lproj"))
        #expect(try LinzaBinary.run(["sync", "--apply", "--fill", "dev", "--create-tables"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/Resources/fr.lproj/Alerts.strings"))
    }
}

extension WritingCommandTests {
    /// A table two modules read keeps every key either of them uses.
    @Test func pruneKeepsKeysAnotherModuleUses() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("let banner = NSLocalizedString(\"legacy.banner\", comment: \"\")\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/Sources/Legacy.swift"))
        try Data(
            """
            development_language: en
            required_languages: [en, de, ru]
            modules:
              - name: Menu
                included: [Sources/Menu.swift]
                resources: [Resources]
              - name: Legacy
                included: [Sources/Legacy.swift]
                resources: [Resources]

            """.utf8
        ).write(to: URL(fileURLWithPath: folder + "/.linza.yml"))
        let result = try LinzaBinary.run(["prune", "--apply", "--table", "Localizable"], in: folder)
        #expect(result.status == 0)
        let english = try String(contentsOfFile: folder + "/Resources/en.lproj/Localizable.strings", encoding: .utf8)
        #expect(english.contains("\"legacy.banner\""))
        #expect(!english.contains("\"about.title\""))
    }
}

extension WritingCommandTests {
    /// `prune --archive` keeps every removed entry; `prune --restore` puts each back where it
    /// was, so the tables are byte for byte as before the prune; a second restore changes nothing.
    @Test func pruneArchiveAndRestoreGiveBackTheSameBytes() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try LinzaBinary.run(["sync", "--apply", "--fill", "dev"], in: folder).status == 0)
        let before = try contents(folder)
        let archive = folder + "/pruned.json"
        #expect(try LinzaBinary.run(["prune", "--archive", archive], in: folder).status == 2)
        let prune = try LinzaBinary.run(["prune", "--apply", "--archive", archive], in: folder)
        #expect(prune.status == 0)
        try expectTables(folder, equal: "AfterPrune")
        let text = try String(contentsOfFile: archive, encoding: .utf8)
        #expect(text.contains(#"/* Legacy banner, no longer shown */\n\"legacy.banner\" = \"Try our new app!\";\n"#))
        #expect(try LinzaBinary.run(["prune", "--restore", archive, "--check"], in: folder).status == 1)
        let restore = try LinzaBinary.run(["prune", "--apply", "--restore", archive], in: folder)
        #expect(restore.status == 0)
        #expect(restore.standardError.contains("linza: restored 2 keys in Resources/de.lproj/Localizable.strings"))
        #expect(try contents(folder) == before)
        let again = try LinzaBinary.run(["prune", "--apply", "--restore", archive], in: folder)
        #expect(again.standardError.contains("is in Localizable.strings again; its archived entry is left out"))
        #expect(try contents(folder) == before)
        #expect(try LinzaBinary.run(["prune", "--restore", folder + "/Sources/Menu.swift"], in: folder).status == 2)
    }
}

extension WritingCommandTests {
    /// `infoPlist.strings` (as mastodon-ios spells it) is the InfoPlist table: its permission
    /// texts are not unused keys, and prune leaves them.
    @Test func aLowercaseInfoPlistTableIsLeftAlone() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let camera = "\"NSCameraUsageDescription\" = \"Scan a gift card\";\n"
        try Data(camera.utf8).write(to: URL(fileURLWithPath: folder + "/Resources/en.lproj/infoPlist.strings"))
        try Data(camera.utf8).write(to: URL(fileURLWithPath: folder + "/Resources/de.lproj/InfoPlist.strings"))
        try Data(camera.utf8).write(to: URL(fileURLWithPath: folder + "/Resources/ru.lproj/InfoPlist.strings"))
        let lint = try LinzaBinary.run(["--quiet"], in: folder)
        #expect(!lint.standardOutput.contains("NSCameraUsageDescription"))
        #expect(!lint.standardOutput.contains("infoPlist"))
        #expect(try LinzaBinary.run(["prune", "--apply"], in: folder).status == 0)
        #expect(try String(contentsOfFile: folder + "/Resources/en.lproj/infoPlist.strings", encoding: .utf8) == camera)
    }
}

extension WritingCommandTests {
    /// A generated accessor file names the keys as they were before a write: say to regenerate it.
    @Test func writingAsksToRegenerateTheAccessorFile() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(
            """
            enum L10n {
              static let menuTitle = L10n.tr("Localizable", "menu.title")
              static func tr(_ table: String, _ key: String) -> String { NSLocalizedString(key, tableName: table, comment: "") }
            }
            """.utf8
        ).write(to: URL(fileURLWithPath: folder + "/Sources/Strings.swift"))
        let configuration = try String(contentsOfFile: folder + "/.linza.yml", encoding: .utf8)
        try Data((configuration + "accessors:\n  - root: L10n\n    file: Sources/Strings.swift\n").utf8)
            .write(to: URL(fileURLWithPath: folder + "/.linza.yml"))
        let sync = try LinzaBinary.run(["sync", "--apply"], in: folder)
        #expect(
            sync.standardError.contains(
                "linza: regenerate Sources/Strings.swift so that its accessors match the tables"))
        #expect(!(try LinzaBinary.run(["sync", "--apply"], in: folder)).standardError.contains("regenerate"))
    }
}

/// `--create-tables` for the development language (issue 32): an app whose en-US.lproj lacks
/// the AppIconSelection table that de, fr and ja have (Fixtures/Writing/IconApp).
extension WritingCommandTests {
    func iconApp() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-icon-app-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: Self.fixture + "/IconApp", toPath: folder)
        return folder
    }

    func expectIconTables(_ folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for table in ["en-US.lproj/AppIconSelection.strings", "ja.lproj/AppIconSelection.strings"] {
            let found = try Data(contentsOf: URL(fileURLWithPath: folder + "/Resources/" + table))
            let wanted = try Data(
                contentsOf: URL(fileURLWithPath: Self.fixture + "/Expected/IconAppAfterSync/Resources/" + table))
            #expect(found == wanted, "\(table) differs from Expected/IconAppAfterSync", sourceLocation: sourceLocation)
        }
    }

    @Test func createTablesCreatesTheDevelopmentTableTheOtherLanguagesHave() throws {
        let folder = try iconApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let created = folder + "/Resources/en-US.lproj/AppIconSelection.strings"
        func missingKeys() throws -> [String] {
            try LinzaBinary.run(["--quiet"], in: folder).standardOutput.split(separator: "\n").filter {
                $0.hasSuffix("[missing_key]")
            }
            .map(String.init)
        }
        #expect(try missingKeys().count == 6)
        // Without --create-tables, sync says what would create it.
        let plain = try LinzaBinary.run(["sync", "--apply", "--fill", "dev"], in: folder)
        #expect(plain.status == 0, "\(plain.standardOutput)\(plain.standardError)")
        #expect(
            plain.standardError.contains(
                "linza: skipped: en-US has no AppIconSelection table; keys are added to existing tables "
                    + "only (--create-tables creates it like the other languages' tables)"))
        #expect(!FileManager.default.fileExists(atPath: created))

        let sync = try LinzaBinary.run(["sync", "--apply", "--fill", "dev", "--create-tables"], in: folder)
        #expect(sync.status == 0, "\(sync.standardOutput)\(sync.standardError)")
        #expect(sync.standardError.contains("linza: added 5 keys to Resources/en-US.lproj/AppIconSelection.strings"))
        #expect(sync.standardError.contains("linza: added 1 key to Resources/ja.lproj/AppIconSelection.strings"))
        // A key whose call gives no text and that is no text itself is not given one.
        #expect(
            sync.standardError.contains(
                "linza: skipped: not added to the new en-US.lproj/AppIconSelection.strings, as no call "
                    + "gives their text (value:) and the key is no text to show: 'appIcon.footer'"))
        // In the folder spelt as the project spells it, UTF-8 with comments like fr's and ja's
        // (most siblings), though de's is UTF-16; in fr's order; the calls' values.
        try expectIconTables(folder)
        #expect(
            try missingKeys() == [
                "Sources/AppIconSelectionView.swift:18:36: error: 'appIcon.footer' is missing in en-US "
                    + "(en-US.lproj/AppIconSelection.strings) [missing_key]"
            ])
        // Nothing is left to create.
        let again = try LinzaBinary.run(
            ["sync", "--apply", "--fill", "dev", "--create-tables", "--dry-run"], in: folder)
        #expect(!again.standardOutput.contains("@@ -0,0 "))
    }

    @Test func aDevelopmentTableIsCreatedWithoutFillingTheOthers() throws {
        let folder = try iconApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try ProjectFiles.contents(folder)
        #expect(try LinzaBinary.run(["sync", "--apply", "--create-tables", "--check"], in: folder).status == 1)
        #expect(try ProjectFiles.contents(folder) == before)
        let sync = try LinzaBinary.run(["sync", "--apply", "--create-tables"], in: folder)
        #expect(sync.status == 0, "\(sync.standardOutput)\(sync.standardError)")
        let after = try ProjectFiles.contents(folder)
        #expect(Set(after.keys).subtracting(before.keys) == ["Resources/en-US.lproj/AppIconSelection.strings"])
        #expect(after.filter { before[$0.key] != nil } == before, "only the new table is written")
        #expect(
            after["Resources/en-US.lproj/AppIconSelection.strings"]
                == (try Data(
                    contentsOf: URL(
                        fileURLWithPath: Self.fixture
                            + "/Expected/IconAppAfterSync/Resources/en-US.lproj/AppIconSelection.strings"))))
    }

    /// `--fill dev` fills the required languages only: a warned language is translated later
    /// (Kiwix's 28 translatewiki languages), and development text written into it would read
    /// as its translation and hide its gaps. The plan says why it is left.
    @Test func fillLeavesWarnedLanguagesAndSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-fill-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ProjectFiles.write(
            [
                ".linza.yml": "required_languages: [en, de]\nwarned_languages: [fr]\n",
                "App.swift": #"let a = NSLocalizedString("greeting", comment: "")"# + "\n"
                    + #"let b = NSLocalizedString("farewell", comment: "")"# + "\n",
                "en.lproj/Localizable.strings": "\"greeting\" = \"Hello\";\n\"farewell\" = \"Bye\";\n",
                "de.lproj/Localizable.strings": "\"greeting\" = \"Hallo\";\n",
                "fr.lproj/Localizable.strings": "\"greeting\" = \"Bonjour\";\n",
            ], in: folder)
        let sync = try LinzaBinary.run(["sync", "--fill", "dev", "--apply"], in: folder)
        #expect(sync.status == 0, "\(sync.standardOutput)\(sync.standardError)")
        #expect(try ProjectFiles.text(folder, "de.lproj/Localizable.strings").contains("\"farewell\" = \"Bye\";"))
        #expect(try ProjectFiles.text(folder, "fr.lproj/Localizable.strings") == "\"greeting\" = \"Bonjour\";\n")
        #expect(sync.standardError.contains("warned_languages are translated later and not filled: fr"))
    }

    @Test func siblingsInTwoFoldersAreNotGuessedBetween() throws {
        let folder = try iconApp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(
            atPath: folder + "/Resources/More/ja.lproj", withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: folder + "/Resources/ja.lproj/AppIconSelection.strings",
            toPath: folder + "/Resources/More/ja.lproj/AppIconSelection.strings")
        let before = try ProjectFiles.contents(folder)
        let sync = try LinzaBinary.run(["sync", "--apply", "--create-tables"], in: folder)
        #expect(sync.status == 0, "\(sync.standardOutput)\(sync.standardError)")
        #expect(
            sync.standardError.contains(
                "linza: skipped: en-US has no AppIconSelection table, and the other languages keep theirs "
                    + "in 2 folders ("))
        #expect(try ProjectFiles.contents(folder) == before)
    }
}
