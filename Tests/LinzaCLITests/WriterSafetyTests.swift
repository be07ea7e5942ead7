import Foundation
import Testing

/// The writers where Linza's model of the project is blind, as a new user meets them:
/// `linza init`, then the command. Fixtures/WriterSafety/BuildTimeAccessors reads every key
/// through `LocalString.…` accessors a build script generates (no generated file in the
/// repository); Fixtures/WriterSafety/SwiftGenBase is a SwiftGen app whose development text
/// lives in Base.lproj and in the generated accessors' `fallback:`.
@Suite struct WriterSafetyTests {
    static let fixtures = LinzaBinary.repositoryRoot + "/Fixtures/WriterSafety/"

    /// A fresh copy of a fixture, with a configuration `linza init` wrote when `initialised`.
    func project(_ name: String, initialised: Bool = true) throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-safety-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: Self.fixtures + name, toPath: folder)
        if initialised { #expect(try LinzaBinary.run(["init"], in: folder).status == 0) }
        return folder
    }

    /// A configuration that does not describe the generated accessors, as a project set up
    /// before Linza could (or by hand) has.
    func undescribed(_ folder: String) throws {
        try "included: [Sources]\nresources: [Resources]\nrequired_languages: [en, de, ru]\n"
            .write(toFile: folder + "/.linza.yml", atomically: true, encoding: .utf8)
    }

    @Test func pruneLeavesATableReadThroughAccessorsGeneratedAtBuildTime() throws {
        let folder = try project("BuildTimeAccessors", initialised: false)
        try undescribed(folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try ProjectFiles.contents(folder)
        let prune = try LinzaBinary.run(["prune", "--apply"], in: folder)
        #expect(prune.status == 0)
        #expect(try ProjectFiles.contents(folder) == before)
        #expect(prune.standardError.contains("Localizable: left as it is: 11 of its 11 keys look unused"))
        #expect(
            prune.standardError.contains(
                "Code reads 10 of them through `LocalString` (`LocalString.cart_title` at "
                    + "Sources/Cart/CartViewController.swift:9, 12 reads in all), declared in no source Linza reads: probably "
                    + "generated at build time. Describe it under accessors:"))
        // The way on that the message offers: name the keys, or force.
        let named = try LinzaBinary.run(["prune", "--apply", "--key", "cart.*"], in: folder)
        #expect(named.status == 0)
        #expect(named.standardError.contains("linza: removed 3 keys from Resources/de.lproj/Localizable.strings"))
        // --force lifts the limit, not what Linza sees read: only the dead banner goes.
        let forced = try LinzaBinary.run(["prune", "--apply", "--force"], in: folder)
        #expect(
            forced.standardError.contains(
                "linza: skipped: 7 keys that look unused are read through `LocalString` (7), "
                    + "which Linza does not count as uses: left; describe such accessors under accessors: in .linza.yml"
            ))
        #expect(forced.standardError.contains("linza: removed 1 key from Resources/en.lproj/Localizable.strings"))
        #expect(
            try !ProjectFiles.text(folder, "Resources/ru.lproj/Localizable.strings").contains("legacy.promo_banner"))
    }

    /// `init` on the build-time generator app: it finds `LocalString` declared nowhere, with
    /// members that spell the keys, configures it with the generator's rule (lower case, `_`
    /// for every other character: its script's), and then lint and prune see every use:
    /// prune takes the one dead key, and rename refuses an accessor's key.
    @Test func initDescribesAGeneratorTheBuildRunsAndPruneTakesOnlyTheDeadKey() throws {
        let folder = try project("BuildTimeAccessors", initialised: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try LinzaBinary.run(["init"], in: folder)
        #expect(
            result.standardError.contains("linza init: call sites seen: 12; development keys no call uses: 1 of 11"))
        #expect(
            result.standardError.contains(
                "linza init: code reads 10 development keys through LocalString "
                    + "(LocalString.cart_title at Sources/Cart/CartViewController.swift:9, 12 reads), which no source declares"
            ))
        #expect(
            try String(contentsOfFile: folder + "/.linza.yml", encoding: .utf8).contains(
                """
                accessors:                         # code reads keys through generated accessors
                  - root: LocalString   # declared in no source (made by the build?); 12 reads; 10 of 10 members map to keys
                    naming: {case: lower, replace: "[^A-Za-z0-9]", with: "_"}
                    only_keys: true                # a member naming no key is a missing key
                """))
        let lint = try LinzaBinary.run(["--quiet"], in: folder)
        #expect(lint.standardOutput.components(separatedBy: "[unused_key]").count - 1 == 1)
        #expect(
            lint.standardOutput.contains(
                "'legacy.promo_banner' in en.lproj/Localizable.strings is not used by any call"))
        let prune = try LinzaBinary.run(["prune", "--apply"], in: folder)
        #expect(prune.standardError.contains("linza: removed 1 key from Resources/en.lproj/Localizable.strings"))
        #expect(
            try ProjectFiles.text(folder, "Resources/en.lproj/Localizable.strings").contains(
                "\"cart.title\" = \"Cart\";"))
        #expect(try LinzaBinary.run(["rename", "cart.title", "cart.heading"], in: folder).status == 2)
    }

    /// A table's `.strings` and `.stringsdict` are one table to the limit: one unused plural
    /// beside used strings goes, in every language (Element X's Untranslated table was left,
    /// "1 of its 1 keys look unused … No call Linza sees reads this table", while 14 calls did).
    @Test func pruneCountsATablesStringsAndStringsdictAsOneTable() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-safety-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plural = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>untranslated_plural</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@items@</string>
            \t\t<key>items</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>d</string>
            \t\t\t<key>one</key>
            \t\t\t<string>One item</string>
            \t\t\t<key>other</key>
            \t\t\t<string>%d items</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """
        let files = [
            ".linza.yml": "included: [App]\nresources: [App]\nrequired_languages: [en, de]\n",
            "App/A.swift": """
            import Foundation
            let a = NSLocalizedString("a", tableName: "Extra", comment: "")
            let b = NSLocalizedString("b", tableName: "Extra", comment: "")

            """,
            "App/en.lproj/Extra.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
            "App/de.lproj/Extra.strings": "\"a\" = \"A\";\n\"b\" = \"B\";\n",
            "App/en.lproj/Extra.stringsdict": plural,
            "App/de.lproj/Extra.stringsdict": plural,
        ]
        try ProjectFiles.write(files, in: folder)
        let prune = try LinzaBinary.run(["prune", "--apply"], in: folder)
        #expect(prune.status == 0, "\(prune.standardOutput)\(prune.standardError)")
        #expect(!prune.standardError.contains("left as it is"))
        for language in ["en", "de"] {
            #expect(
                try !ProjectFiles.text(folder, "App/\(language).lproj/Extra.stringsdict").contains(
                    "untranslated_plural"))
            #expect(
                try ProjectFiles.text(folder, "App/\(language).lproj/Extra.strings")
                    == files["App/en.lproj/Extra.strings"])
        }
    }

    @Test func pruneLimitIsConfigurable() throws {
        let folder = try project("BuildTimeAccessors", initialised: false)
        try undescribed(folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let configuration = folder + "/.linza.yml"
        let text = try String(contentsOfFile: configuration, encoding: .utf8)
        try (text + "prune_limit: 100%\n").write(toFile: configuration, atomically: true, encoding: .utf8)
        #expect(
            try LinzaBinary.run(["prune", "--apply"], in: folder).standardError
                .contains("linza: removed 1 key from Resources/ru.lproj/Localizable.strings"))
        try (text + "prune_limit: 150%\n").write(toFile: configuration, atomically: true, encoding: .utf8)
        let bad = try LinzaBinary.run(["prune"], in: folder)
        #expect(bad.status == 2)
        #expect(
            bad.standardOutput.contains("a percentage from 0% to 100%")
                || bad.standardError.contains("a percentage from 0% to 100%"))
    }

    @Test func renameRefusesAKeyReadThroughAnUnseenAccessor() throws {
        let folder = try project("BuildTimeAccessors", initialised: false)
        try undescribed(folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try ProjectFiles.contents(folder)
        let rename = try LinzaBinary.run(["rename", "--apply", "cart.title", "cart.heading"], in: folder)
        #expect(rename.status == 2)
        #expect(
            rename.standardOutput.contains(
                "Sources/Cart/CartViewController.swift:9:17: error: 'cart.title' looks read here "
                    + "through `LocalString`"))
        // The refusal is about code, not a file: the last line says only that nothing changed.
        #expect(
            rename.standardError.hasSuffix(
                "linza: nothing was written: the error above says what Linza will not change\n"))
        #expect(try ProjectFiles.contents(folder) == before)
    }

    /// A key the code that stays reads through an unseen accessor is copied, not moved.
    @Test func moveCopiesAKeyReadThroughAnUnseenAccessor() throws {
        let folder = try project("BuildTimeAccessors", initialised: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/ProfileResources", withIntermediateDirectories: true)
        try """
        required_languages: [en, de, ru]
        modules:
          - name: App
            included: [Sources/Cart]
            resources: [Resources]
          - name: Profile
            included: [Sources/Profile]
            resources: [ProfileResources]
            require_development_tables: false

        """.write(toFile: folder + "/.linza.yml", atomically: true, encoding: .utf8)
        let move = try LinzaBinary.run(
            [
                "move", "common.button.cancel", "profile.title", "--from", "App", "--to", "Profile",
                "--follow-code", "Sources/Profile", "--apply",
            ], in: folder)
        #expect(move.status == 0)
        #expect(move.standardError.contains("'common.button.cancel' looks still read in App through `LocalString` ("))
        let english = try ProjectFiles.text(folder, "Resources/en.lproj/Localizable.strings")
        #expect(english.contains("\"common.button.cancel\" = \"Cancel\";"))
        #expect(!english.contains("\"profile.title\""))
        #expect(
            try ProjectFiles.text(folder, "ProfileResources/en.lproj/Localizable.strings")
                == "/* Cancel button */\n\"common.button.cancel\" = \"Cancel\";\n\n/* Profile screen title */\n\"profile.title\" = \"Profile\";\n"
        )
    }

    @Test func initSetsBaseLanguageWhenBaseHoldsTheDevelopmentText() throws {
        let folder = try project("SwiftGenBase")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try String(contentsOfFile: folder + "/.linza.yml", encoding: .utf8).contains("\nbase_language: Base "))
        let sync = try LinzaBinary.run(["sync", "--apply", "--fill", "dev"], in: folder)
        #expect(sync.status == 0)
        // The keys Base.lproj has are not missing; the key that is English text is its own text.
        #expect(
            try ProjectFiles.text(folder, "App/Resources/en.lproj/Localizable.strings") == """
                "Common.Controls.Cancel" = "Cancel";
                "Common.Controls.Done" = "Done";
                "Scene.Notification.Title" = "Notifications";
                "Turn on search suggestions?" = "Turn on search suggestions?";

                """)
        #expect(
            try !ProjectFiles.text(folder, "App/Resources/de.lproj/Localizable.strings").contains(
                "Settings.Privacy.Title"))
        #expect(
            sync.standardError.contains(
                "linza: skipped: 1 key needs development text, which no call (value:), generated "
                    + "accessor or Base table gives, and Linza does not write an identifier as the text users see: "
                    + "'Settings.Privacy.Title' (App/Scene/SettingsViewController.swift:7)"))
    }

    /// Issue 37 item 9: a file that also reads a key through a generated accessor made every
    /// rename of its literal keys refuse ("would no longer read a key Linza sees").
    @Test func renameInAFileThatAlsoReadsThroughAnAccessor() throws {
        let folder = try project("SwiftGenBase")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rename = try LinzaBinary.run(
            ["rename", "Settings.Privacy.Title", "Settings.Privacy.Heading", "--apply"], in: folder)
        #expect(rename.status == 0, "\(rename.standardOutput)\(rename.standardError)")
        #expect(
            try ProjectFiles.text(folder, "App/Scene/SettingsViewController.swift")
                .contains("NSLocalizedString(\"Settings.Privacy.Heading\", comment: \"Privacy settings screen title\")")
        )
    }

    @Test func syncTakesTextFromGeneratedAccessorsAndNeverWritesAnIdentifierKey() throws {
        let folder = try project("SwiftGenBase", initialised: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Without base_language, Base.lproj is not the development language: its keys are missing in en.
        try """
        included: [App]
        resources: [App/Resources]
        required_languages: [en, de]
        functions:
          - name: L10n.tr
            key: 1
            table: 0
            value: fallback
        accessors:
          - root: L10n
            file: App/Generated/Strings.swift

        """.write(toFile: folder + "/.linza.yml", atomically: true, encoding: .utf8)
        let sync = try LinzaBinary.run(["sync", "--apply"], in: folder)
        #expect(sync.status == 0)
        #expect(
            try ProjectFiles.text(folder, "App/Resources/en.lproj/Localizable.strings") == """
                "Common.Controls.Cancel" = "Cancel";
                "Common.Controls.Done" = "Done";
                "Scene.Notification.FilteredNotification.Count" = "You have %d filtered notifications";
                "Scene.Notification.FilteredNotification.Title" = "Filtered notifications";
                "Scene.Notification.Title" = "Notifications";
                "Turn on search suggestions?" = "Turn on search suggestions?";

                """)
        #expect(sync.standardError.contains("'Settings.Privacy.Title' (App/Scene/SettingsViewController.swift:7)"))
    }
}

/// Plural skeletons: a new key whose text counts something gets a `.stringsdict` entry.
extension WriterSafetyTests {
    @Test func syncAddsAPluralSkeletonForATextThatCounts() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-plural-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for language in ["en", "de"] {
            try FileManager.default.createDirectory(
                atPath: "\(folder)/\(language).lproj", withIntermediateDirectories: true)
        }
        try """
        let a = String.localizedStringWithFormat(NSLocalizedString("cart.items", value: "%d items", comment: "Items"), n)
        let b = NSLocalizedString("app.version", value: "Version %d", comment: "")
        let c = String(format: NSLocalizedString("inbox.unread", value: "You have %1$lld unread messages", comment: ""), n)

        """.write(toFile: folder + "/A.swift", atomically: true, encoding: .utf8)
        try "\"hello\" = \"Hello\";\n".write(
            toFile: folder + "/en.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        try "\"hello\" = \"Hallo\";\n".write(
            toFile: folder + "/de.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        let sync = try LinzaBinary.run(["sync", "--fill", "dev", "--apply"], in: folder)
        #expect(sync.status == 0)
        #expect(
            sync.standardError.contains(
                "linza: skipped: plural forms are for translators to write: not filled: 'cart.items', 'inbox.unread'"))
        #expect(
            try ProjectFiles.text(folder, "en.lproj/Localizable.strings")
                == "\"hello\" = \"Hello\";\n\"app.version\" = \"Version %d\";\n")
        #expect(
            try ProjectFiles.text(folder, "de.lproj/Localizable.strings")
                == "\"hello\" = \"Hallo\";\n\"app.version\" = \"Version %d\";\n")
        let plurals = try ProjectFiles.text(folder, "en.lproj/Localizable.stringsdict")
        #expect(
            plurals.contains(
                """
                \t<key>inbox.unread</key>
                \t<dict>
                \t\t<key>NSStringLocalizedFormatKey</key>
                \t\t<string>%1$#@count@</string>
                \t\t<key>count</key>
                \t\t<dict>
                \t\t\t<key>NSStringFormatSpecTypeKey</key>
                \t\t\t<string>NSStringPluralRuleType</string>
                \t\t\t<key>NSStringFormatValueTypeKey</key>
                \t\t\t<string>lld</string>
                \t\t\t<key>one</key>
                \t\t\t<string>You have %lld unread messages</string>
                \t\t\t<key>other</key>
                \t\t\t<string>You have %lld unread messages</string>
                \t\t</dict>
                \t</dict>
                </dict>
                </plist>
                """))
        // The development language has every key now; German lacks the two plural entries.
        let lint = try LinzaBinary.run(["--quiet"], in: folder)
        #expect(lint.standardOutput.components(separatedBy: "is missing in de").count - 1 == 2)
        #expect(!lint.standardOutput.contains("missing in en"))
        #expect(try LinzaBinary.run(["sync", "--fill", "dev", "--check"], in: folder).status == 0)
    }

    /// A key a translation holds as plain text keeps that shape in the development table:
    /// its number is no count (KeePassium's "block %d has negative size").
    @Test func aKeyTranslatedAsPlainTextGetsNoPluralSkeleton() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-plain-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for language in ["en", "de"] {
            try FileManager.default.createDirectory(
                atPath: "\(folder)/\(language).lproj", withIntermediateDirectories: true)
        }
        try """
        let a = String(format: NSLocalizedString("db.block", value: "Block %d has negative size", comment: ""), n)

        """.write(toFile: folder + "/A.swift", atomically: true, encoding: .utf8)
        try "\"hello\" = \"Hello\";\n".write(
            toFile: folder + "/en.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        try "\"db.block\" = \"Block %d hat eine negative Größe\";\n".write(
            toFile: folder + "/de.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        #expect(try LinzaBinary.run(["sync", "--apply"], in: folder).status == 0)
        #expect(
            try ProjectFiles.text(folder, "en.lproj/Localizable.strings")
                == "\"hello\" = \"Hello\";\n\"db.block\" = \"Block %d has negative size\";\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/en.lproj/Localizable.stringsdict"))
    }
}
