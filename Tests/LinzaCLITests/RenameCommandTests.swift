import Foundation
import Testing

/// `linza rename` on Fixtures/Renaming: keys in plain, raw and multi-line Swift literals and
/// Objective-C `@"…"`, `.strings` in UTF-8 and UTF-16 LE (BOM, CRLF) with double-quoted,
/// single-quoted, unquoted and shorthand keys, `.stringsdict` plural entries, and a module
/// whose table is a String Catalog.
@Suite struct RenameCommandTests {
    static let fixture = LinzaBinary.repositoryRoot + "/Fixtures/Renaming"

    /// A fresh copy of the fixture.
    func project() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-rename-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: folder)
        return folder
    }

    func contents(_ folder: String) throws -> [String: Data] { try ProjectFiles.contents(folder) }

    func text(_ folder: String, _ path: String) throws -> String { try ProjectFiles.text(folder, path) }

    func writeMap(_ renames: [(String, String)], in folder: String) throws -> String {
        let path = folder + "/rename-map.json"
        let object = "{" + renames.map { "\(Self.json($0.0)): \(Self.json($0.1))" }.joined(separator: ", ") + "}"
        try Data(object.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Adds to the Profile catalog an entry translated only into German (no `en`
    /// localization: its key is its English text).
    func addGermanOnlyCatalogEntry(_ key: String, _ german: String, in folder: String) throws {
        let entry =
            "    \(Self.json(key)) : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n"
            + "            \"state\" : \"translated\",\n            \"value\" : \(Self.json(german))\n          }\n        }\n      }\n    },\n"
        let catalog = "Profile/Resources/Localizable.xcstrings"
        try Data(
            try text(folder, catalog).replacingOccurrences(
                of: "  \"strings\" : {\n", with: "  \"strings\" : {\n" + entry
            ).utf8
        )
        .write(to: URL(fileURLWithPath: folder + "/" + catalog))
    }

    static func json(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
    }

    @Test func renamesEveryFormInCodeAndEveryTableThenBack() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try contents(folder)
        let lintBefore = try LinzaBinary.run(["--quiet"], in: folder)
        let renames = [
            ("checkout.title", "checkoutTitle"), ("checkout.pay", #"checkout "pay" #1"#),
            ("checkout.raw", "checkout.rawKey"), ("checkout.multiline", "it's multi"),
            ("cart.items", "cartItems"), ("profile.name", "profile.a.name"),
        ]
        let map = try writeMap(renames, in: folder)
        let result = try LinzaBinary.run(["rename", "--apply", "--map", map], in: folder)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("linza: rewrote 7 string literals in App/Sources/CheckoutView.swift"))
        #expect(result.standardError.contains("linza: rewrote 2 string literals in App/Sources/LegacyViewController.m"))

        let swift = try text(folder, "App/Sources/CheckoutView.swift")
        #expect(swift.contains(#"Text("checkoutTitle")"#))
        #expect(swift.contains(#"String(localized: "checkout \"pay\" #1")"#))
        #expect(swift.contains(##"Text(#"checkout.rawKey"#)"##))
        #expect(swift.contains("\"\"\"\n                it's multi\n                \"\"\""))
        #expect(swift.contains(#"Bundle.main.localizedString(forKey: "checkoutTitle", value: nil, table: nil)"#))
        #expect(swift.contains(#"LocalizedStringResource("checkout \"pay\" #1", comment: "Pay button")"#))
        let objectiveC = try text(folder, "App/Sources/LegacyViewController.m")
        #expect(objectiveC.contains(#"NSLocalizedString(@"checkout \"pay\" #1", @"Pay button")"#))
        #expect(objectiveC.contains(#"NSLocalizedStringFromTable(@"checkoutTitle", @"Localizable", "#))
        #expect(try text(folder, "Profile/Sources/ProfileView.swift").contains(#"Text("profile.a.name")"#))

        let english = try text(folder, "App/Resources/en.lproj/Localizable.strings")
        #expect(english.contains("/* Pay button */\n\"checkout \\\"pay\\\" #1\" = \"Pay\";"))
        #expect(english.contains("\ncheckout.rawKey = \"Raw\";"), "an unquoted key stays unquoted")
        #expect(english.contains("\n'it\\'s multi' = \"Multi-line\";"), "a single-quoted key stays single-quoted")
        let german = try Data(contentsOf: URL(fileURLWithPath: folder + "/App/Resources/de.lproj/Localizable.strings"))
        #expect(german.starts(with: [0xFF, 0xFE]), "UTF-16 with its BOM")
        #expect(
            try text(folder, "App/Resources/de.lproj/Localizable.strings")
                .contains("\"checkoutTitle\" = \"Kasse\";\r\n\"checkout \\\"pay\\\" #1\" = \"Bezahlen\"; // Knopf\r\n"))
        for language in ["en", "de"] {
            let plurals = try text(folder, "App/Resources/\(language).lproj/Localizable.stringsdict")
            #expect(plurals.contains("\t<key>cartItems</key>\n\t<dict>\n\t\t<key>NSStringLocalizedFormatKey</key>"))
            #expect(plurals.contains("<key>items</key>"), "the plural variable keeps its name")
        }
        // The catalog entry moved to its sorted place, whole.
        let catalog = try text(folder, "Profile/Resources/Localizable.xcstrings")
        let order = ["\"profile.a.name\" : {", "\"profile.edit\" : {", "\"profile.title\" : {"].map {
            catalog.range(of: $0)?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! })
        #expect(catalog.contains("\"profile.a.name\" : {\n      \"comment\" : \"Name field\""))

        // Lint reports what it reported before.
        #expect(try LinzaBinary.run(["--quiet"], in: folder).standardOutput == lintBefore.standardOutput)
        // A second run finds nothing to rename; the reverse map gives back every byte.
        #expect(try LinzaBinary.run(["rename", "--apply", "--map", map, "--check"], in: folder).status == 0)
        let back = try writeMap(renames.map { ($0.1, $0.0) }, in: folder)
        #expect(try LinzaBinary.run(["rename", "--apply", "--map", back], in: folder).status == 0)
        try FileManager.default.removeItem(atPath: back)
        #expect(try contents(folder) == original)
    }

    @Test func shorthandEntryKeepsItsText() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try LinzaBinary.run(["rename", "--apply", "legacy.title", "legacyTitle"], in: folder).status == 0)
        #expect(
            try text(folder, "App/Resources/en.lproj/Localizable.strings").contains(
                "\n\"legacyTitle\" = \"legacy.title\";\n"))
        #expect(try text(folder, "App/Sources/LegacyViewController.m").contains(#"NSLocalizedString(@"legacyTitle", "#))
    }

    /// A key picked by the conditional operator is renamed in its literal: before, the call
    /// was a dynamic key and the literal "outside a call", so the tables were renamed and
    /// the code kept reading the old key, exit 0 (Cryptomator's `EditableTableViewHeader`).
    @Test func keyPickedByAConditionalIsRenamedInTheCall() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-rename-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ProjectFiles.write(
            [
                ".linza.yml": "required_languages: [en, de]\n",
                "Header.swift":
                    #"let title = NSLocalizedString(isEditing ? "button.done" : "button.edit", comment: "")"#
                    + "\n",
                "en.lproj/Localizable.strings": "\"button.done\" = \"Done\";\n\"button.edit\" = \"Edit\";\n",
                "de.lproj/Localizable.strings": "\"button.done\" = \"Fertig\";\n\"button.edit\" = \"Bearbeiten\";\n",
            ], in: folder)
        let result = try LinzaBinary.run(["rename", "button.done", "button.finish", "--apply"], in: folder)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(
            try text(folder, "Header.swift").contains(#"isEditing ? "button.finish" : "button.edit""#))
        #expect(try text(folder, "de.lproj/Localizable.strings").hasPrefix(#""button.finish" = "Fertig";"#))
        let lint = try LinzaBinary.run(["--no-cache"], in: folder)
        #expect(lint.status == 0 && !lint.standardOutput.contains("dynamic_key"), "\(lint.standardOutput)")
    }

    /// A table that holds the key while every call of it reads other tables keeps it: its
    /// entry is another key of the same spelling (OpenEmu's "Edit" of `MainMenu`, read by its
    /// menus at run time); `--table` names it to rename it there too.
    @Test func aTableNoCallOfTheKeyReadsKeepsIt() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-rename-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ProjectFiles.write(
            [
                ".linza.yml": "required_languages: [en]\n",
                "Controls.swift": #"let edit = NSLocalizedString("Edit", tableName: "OEControls", comment: "")"# + "\n",
                "en.lproj/OEControls.strings": "\"Edit\" = \"Edit\";\n",
                "en.lproj/MainMenu.strings": "\"Edit\" = \"Edit\";\n\"View\" = \"View\";\n",
            ], in: folder)
        let result = try LinzaBinary.run(["rename", "Edit", "EDIT_BUTTON", "--apply"], in: folder)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("'Edit' in MainMenu is read by no call"))
        #expect(try text(folder, "en.lproj/OEControls.strings") == "\"EDIT_BUTTON\" = \"Edit\";\n")
        #expect(try text(folder, "en.lproj/MainMenu.strings") == "\"Edit\" = \"Edit\";\n\"View\" = \"View\";\n")
        let named = try LinzaBinary.run(
            ["rename", "Edit", "EDIT_BUTTON", "--table", "MainMenu", "--apply"], in: folder)
        #expect(named.status == 0, "\(named.standardOutput)\(named.standardError)")
        #expect(try text(folder, "en.lproj/MainMenu.strings").hasPrefix("\"EDIT_BUTTON\" = \"Edit\";"))
    }

    /// A call that reads the table with a key Linza cannot see may build the old key (IINA's
    /// `"eq.preset." + name` kept in a property): rename refuses, as prune leaves such a table,
    /// and goes ahead once the call is marked as reading none of the table's keys.
    @Test func aTableReadWithKeysLinzaCannotSeeIsNotRenamedIn() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-rename-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let preset = #"let name = NSLocalizedString(localizationKey, comment: "")"#
        try ProjectFiles.write(
            [
                ".linza.yml": "required_languages: [en]\n",
                "Preset.swift": preset + "\n" + #"let ok = NSLocalizedString("general.ok", comment: "")"# + "\n",
                "en.lproj/Localizable.strings": "\"eq.preset.rock\" = \"Rock\";\n\"general.ok\" = \"OK\";\n",
            ], in: folder)
        let before = try ProjectFiles.contents(folder)
        let refused = try LinzaBinary.run(["rename", "eq.preset.rock", "eq.preset.stone", "--apply"], in: folder)
        #expect(refused.status == 2, "\(refused.standardOutput)\(refused.standardError)")
        #expect(
            refused.standardOutput.contains(
                "Preset.swift:1:30: error: 'eq.preset.rock' may be read by this call, which reads Localizable with a key "
                    + "Linza cannot see"))
        #expect(try ProjectFiles.contents(folder) == before)
        try ProjectFiles.write(
            [
                "Preset.swift": preset + " // linza:disable:this dynamic_key\n"
                    + #"let ok = NSLocalizedString("general.ok", comment: "")"# + "\n"
            ],
            in: folder)
        let renamed = try LinzaBinary.run(["rename", "general.ok", "general.okay", "--apply"], in: folder)
        #expect(renamed.status == 0, "\(renamed.standardOutput)\(renamed.standardError)")
        #expect(try text(folder, "en.lproj/Localizable.strings").contains("\"general.okay\" = \"OK\";"))
    }

    /// A test Linza does not check (`excluded:`) that reads the old key is not renamed, and
    /// rename says where it is (session-ios' tests read `"off".localized()`); the same text in
    /// no call there is no read.
    @Test func theOldKeyInSourcesLinzaDoesNotCheckIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-rename-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let test = #"XCTAssertEqual(NSLocalizedString("general.ok", comment: ""), "OK")"# + "\n"
        try ProjectFiles.write(
            [
                ".linza.yml": "required_languages: [en]\nexcluded: [Tests]\n",
                "App/Ok.swift": #"let ok = NSLocalizedString("general.ok", comment: "")"# + "\n",
                "Tests/OkTests.swift": "import XCTest\n" + test + "let other = [\"general.ok\": 1]\n",
                "en.lproj/Localizable.strings": "\"general.ok\" = \"OK\";\n",
            ], in: folder)
        let renamed = try LinzaBinary.run(["rename", "general.ok", "general.confirm", "--apply"], in: folder)
        #expect(renamed.status == 0, "\(renamed.standardOutput)\(renamed.standardError)")
        #expect(
            renamed.standardError.contains(
                "linza: warning: 'general.ok' is also read by a call outside the sources Linza checks "
                    + "(excluded:, or not included:), not renamed there:\n  Tests/OkTests.swift:2:34\n"))
        #expect(
            try text(folder, "Tests/OkTests.swift") == "import XCTest\n" + test + "let other = [\"general.ok\": 1]\n")
        #expect(try text(folder, "App/Ok.swift").contains("general.confirm"))
    }

    /// Code that opens a table's file itself looks its keys up at run time (IINA's
    /// `ISO639.strings`): rename refuses a key of that table, and renames in the others.
    @Test func aTableWhoseFileCodeOpensIsNotRenamedIn() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-rename-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ProjectFiles.write(
            [
                ".linza.yml": "required_languages: [en]\n",
                "Languages.swift": #"let path = Bundle.main.path(forResource: "ISO639", ofType: "strings")!"# + "\n"
                    + "let names = NSDictionary(contentsOfFile: path)\n"
                    + #"let ok = NSLocalizedString("general.ok", comment: "")"# + "\n",
                "en.lproj/ISO639.strings": "\"deu\" = \"German\";\n",
                "en.lproj/Localizable.strings": "\"general.ok\" = \"OK\";\n",
            ], in: folder)
        let before = try ProjectFiles.contents(folder)
        let refused = try LinzaBinary.run(["rename", "deu", "ger", "--apply"], in: folder)
        #expect(refused.status == 2, "\(refused.standardOutput)\(refused.standardError)")
        #expect(
            refused.standardOutput.contains(
                "Languages.swift:1:42: error: 'deu' may be read by this code, which opens ISO639's file itself"))
        #expect(try ProjectFiles.contents(folder) == before)
        let renamed = try LinzaBinary.run(["rename", "general.ok", "general.okay", "--apply"], in: folder)
        #expect(renamed.status == 0, "\(renamed.standardOutput)\(renamed.standardError)")
        #expect(try text(folder, "en.lproj/Localizable.strings") == "\"general.okay\" = \"OK\";\n")
    }

    /// A key that nothing has, nor its new name, is a mistyped key: exit 2, not "nothing to
    /// do" (a script's typo passed as success); once renamed, the same rename is nothing to do.
    @Test func aKeyNothingHasFailsUnlessItWasRenamedAlready() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let typo = try LinzaBinary.run(["rename", "checkout.titel", "checkout.heading", "--apply"], in: folder)
        #expect(typo.status == 2, "\(typo.standardOutput)\(typo.standardError)")
        #expect(
            typo.standardError.contains(
                "'checkout.titel' is in no table and no call, and neither is 'checkout.heading'"))
        #expect(
            try LinzaBinary.run(["rename", "checkout.title", "checkout.heading", "--apply"], in: folder).status == 0)
        let again = try LinzaBinary.run(["rename", "checkout.title", "checkout.heading", "--apply"], in: folder)
        #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
    }

    @Test func collisionFailsByDefaultShowingBothValues() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let result = try LinzaBinary.run(["rename", "--apply", "checkout.title", "checkout.pay"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                "en.lproj/Localizable.strings:5:1: error: 'checkout.pay' is already a key of "
                    + "Localizable here ('Pay'); 'checkout.title' reads 'Checkout'"))
        #expect(
            result.standardOutput.contains(
                "'checkout.pay' is already a key of Localizable here ('Bezahlen'); 'checkout.title' reads 'Kasse'"))
        #expect(!result.standardOutput.contains("+++"), "no diff of a plan that will not be written")
        #expect(result.standardError.contains("nothing was written"))
        #expect(try contents(folder) == before)
    }

    @Test func mergeIdenticalKeepsTheExistingEntryOnlyWhereBothReadTheSame() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let differing = try LinzaBinary.run(
            ["rename", "--apply", "checkout.title", "checkout.pay", "--on-collision", "merge-identical"], in: folder)
        #expect(differing.status == 1)
        #expect(differing.standardOutput.contains("they differ, so neither is dropped"))
        #expect(try contents(folder) == before)

        let same = try LinzaBinary.run(
            ["rename", "--apply", "checkout.done", "checkout.finished", "--on-collision", "merge-identical"], in: folder
        )
        #expect(same.status == 0, "\(same.standardOutput)\(same.standardError)")
        let english = try text(folder, "App/Resources/en.lproj/Localizable.strings")
        #expect(!english.contains("checkout.done") && english.contains("\"checkout.finished\" = \"Done\";"))
        #expect(!(try text(folder, "App/Resources/de.lproj/Localizable.strings")).contains("checkout.done"))
        #expect(
            try text(folder, "App/Sources/CheckoutView.swift").components(separatedBy: #"Text("checkout.finished")"#)
                .count == 3)
        #expect(try LinzaBinary.run(["--quiet"], in: folder).status == 0)
    }

    @Test func mergeIdenticalComparesTheWholeTableInEveryFormat() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        // No file holds both keys: a .stringsdict plural and a .strings text are two entries.
        let result = try LinzaBinary.run(
            ["rename", "--apply", "cart.items", "checkout.title", "--on-collision", "merge-identical"], in: folder)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "en.lproj/Localizable.strings:2:1: error: 'checkout.title' is already a key of Localizable here "
                    + "('Checkout'); 'cart.items' is not in this file but in another of the table, so the two are not one entry; "
                    + "they differ, so neither is dropped"))
        #expect(
            result.standardOutput.contains(
                "en.lproj/Localizable.stringsdict:5:2: error: 'checkout.title' is already a key of Localizable, "
                    + "though not in this file, where 'cart.items' reads '%#@items@'"))
        #expect(result.standardError.contains("nothing was written"))
        #expect(try contents(folder) == before)
    }

    @Test func aKeyOnlyCodeReadsIsTakenInEveryCollisionMode() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let view = folder + "/App/Sources/CheckoutView.swift"
        try Data(
            try text(folder, "App/Sources/CheckoutView.swift")
                .replacingOccurrences(
                    of: "            Text(\"checkout.done\")\n",
                    with: "            Text(\"checkout.done\")\n            Text(\"code.only\")\n"
                ).utf8
        )
        .write(to: URL(fileURLWithPath: view))
        let before = try contents(folder)
        for mode in ["fail", "merge-identical"] {
            let result = try LinzaBinary.run(
                ["rename", "--apply", "checkout.title", "code.only", "--on-collision", mode], in: folder)
            #expect(result.status == 1, "\(mode): \(result.standardOutput)\(result.standardError)")
            #expect(
                result.standardOutput.contains(
                    "CheckoutView.swift:18:18: error: 'code.only' is already read as a key of Localizable here, "
                        + "though no file of the table has it; renamed to it, 'checkout.title' would give this call its text"
                ), "\(mode)")
            #expect(try contents(folder) == before)
        }
        let suffix = try LinzaBinary.run(
            ["rename", "--apply", "checkout.title", "code.only", "--on-collision", "suffix"], in: folder)
        #expect(suffix.status == 0)
        #expect(
            try text(folder, "App/Resources/en.lproj/Localizable.strings").contains("\"code.only1\" = \"Checkout\";"))
    }

    @Test func suffixPicksTheFirstFreeNumberedKeyWithAWarning() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try LinzaBinary.run(
            ["rename", "--apply", "checkout.title", "checkout.pay", "--on-collision", "suffix"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                "warning: 'checkout.pay' is already a key of Localizable in module App; "
                    + "'checkout.title' is renamed to 'checkout.pay1' instead"))
        #expect(
            try text(folder, "App/Resources/en.lproj/Localizable.strings").contains("\"checkout.pay1\" = \"Checkout\";")
        )
        #expect(try text(folder, "App/Sources/CheckoutView.swift").contains(#"Text("checkout.pay1")"#))
    }

    @Test func mapsWithChainsCyclesOrSharedTargetsAreRefusedBeforeAnything() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let map = folder + "/map.tsv"
        try Data(
            "# old\tnew\ncheckout.title\tcheckout.heading\ncheckout.heading\tcheckout.top\ncart.items\tx\ncheckout.raw\tx\ncheckout.pay\tcheckout.done\ncheckout.done\tcheckout.pay\n"
                .utf8
        )
        .write(to: URL(fileURLWithPath: map))
        let result = try LinzaBinary.run(["rename", "--apply", "--map", map], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError.contains("'checkout.title' → 'checkout.heading' → 'checkout.top' is a chain"))
        #expect(result.standardError.contains("'cart.items' and 'checkout.raw' are both renamed to 'x'"))
        #expect(result.standardError.contains("'checkout.pay' and 'checkout.done' are renamed to each other (a cycle)"))
        try Data("checkout.title checkout.heading\n".utf8).write(to: URL(fileURLWithPath: map))
        let malformed = try LinzaBinary.run(["rename", "--apply", "--map", map], in: folder)
        #expect(malformed.status == 2)
        #expect(malformed.standardError.contains("map.tsv:1: error: expected the old key, a tab and the new key"))
        try FileManager.default.removeItem(atPath: map)
        #expect(try contents(folder) == before)
    }

    @Test func aThreeKeyCycleIsReportedOnceAsACycle() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let map = try writeMap(
            [
                ("checkout.title", "checkout.pay"), ("checkout.pay", "checkout.done"),
                ("checkout.done", "checkout.title"),
            ], in: folder)
        let result = try LinzaBinary.run(["rename", "--apply", "--map", map], in: folder)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                "error: 'checkout.title' → 'checkout.pay' → 'checkout.done' → 'checkout.title' is a cycle; "
                    + "rename one of them to a free key first"))
        #expect(!result.standardError.contains("chain"))
        #expect(
            result.standardError.components(separatedBy: "linza: error:").count == 2,
            "one problem: \(result.standardError)")
        try FileManager.default.removeItem(atPath: map)
        #expect(try contents(folder) == before)
    }

    @Test func aMapStartingWithAByteOrderMarkKeepsItsFirstLine() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let map = folder + "/map.tsv"
        try Data([0xEF, 0xBB, 0xBF] + Array("checkout.title\tcheckoutTitle\r\nprofile.name\tprofileName\r\n".utf8))
            .write(to: URL(fileURLWithPath: map))
        let result = try LinzaBinary.run(["rename", "--apply", "--map", map], in: folder)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(
            try text(folder, "App/Resources/en.lproj/Localizable.strings").contains("\"checkoutTitle\" = \"Checkout\";")
        )
        #expect(try text(folder, "Profile/Sources/ProfileView.swift").contains(#"Text("profileName")"#))
    }

    @Test func anUnknownModuleIsAUsageError() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        for arguments in [["checkout.title", "checkoutTitle"], ["--derive"]] {
            let result = try LinzaBinary.run(["rename", "--apply"] + arguments + ["--module", "Nope"], in: folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(
                result.standardError.contains("linza: error: no module named 'Nope'; the modules are 'App', 'Profile'"))
        }
        #expect(try contents(folder) == before)
    }

    @Test func literalsOutsideCallsAreListedAndRenamedOnlyWhenAsked() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let listed = try LinzaBinary.run(["rename", "--apply", "checkout.title", "checkoutTitle"], in: folder)
        #expect(listed.status == 0)
        #expect(
            listed.standardError.contains(
                "CheckoutView.swift:5:27: 'checkout.title' is written here outside a localization call"))
        #expect(try text(folder, "App/Sources/CheckoutView.swift").contains(#"static let titleKey = "checkout.title""#))
        #expect(try LinzaBinary.run(["rename", "--apply", "checkoutTitle", "checkout.title"], in: folder).status == 0)

        let renamed = try LinzaBinary.run(
            ["rename", "--apply", "checkout.title", "checkoutTitle", "--include-bare-literals"], in: folder)
        #expect(renamed.status == 0)
        #expect(renamed.standardError.contains("linza: rewrote 3 string literals in App/Sources/CheckoutView.swift"))
        #expect(try text(folder, "App/Sources/CheckoutView.swift").contains(#"static let titleKey = "checkoutTitle""#))
    }

    /// A call's comment (or value) that spells its key is part of the call, not a key on its
    /// way to one: neither listed nor rewritten (NetNewsWire's
    /// `NSLocalizedString("Always Use Reader View", comment: "Always Use Reader View")`).
    @Test func aCommentSpellingItsKeyIsPartOfTheCall() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = folder + "/App/Sources/ReaderMenu.swift"
        try Data(
            """
            let reader = NSLocalizedString("checkout.title", comment: "checkout.title")
            let other = NSLocalizedString("checkout.title", value: "checkout.title", comment: "")

            """.utf8
        ).write(to: URL(fileURLWithPath: source))
        let renamed = try LinzaBinary.run(
            ["rename", "--apply", "checkout.title", "checkoutTitle", "--include-bare-literals"], in: folder)
        #expect(renamed.status == 0, "\(renamed.standardOutput)\(renamed.standardError)")
        #expect(!renamed.standardError.contains("ReaderMenu.swift:1:58"))
        #expect(
            try String(contentsOfFile: source, encoding: .utf8) == """
                let reader = NSLocalizedString("checkoutTitle", comment: "checkout.title")
                let other = NSLocalizedString("checkoutTitle", value: "checkout.title", comment: "")

                """)
    }

    @Test func filesWithUncommittedChangesAreNotRewrittenUnlessAllowed() throws {
        let repository = try GitRepository("Renaming")
        let table = repository.path + "/App/Resources/en.lproj/Localizable.strings"
        try Data(
            (try text(repository.path, "App/Resources/en.lproj/Localizable.strings") + "\"new.key\" = \"New\";\n").utf8
        )
        .write(to: URL(fileURLWithPath: table))
        let before = try contents(repository.path)
        let refused = try LinzaBinary.run(
            ["rename", "--apply", "checkout.title", "checkoutTitle"], in: repository.path)
        #expect(refused.status == 2)
        #expect(
            refused.standardError.contains(
                "linza: error: App/Resources/en.lproj/Localizable.strings has uncommitted changes"))
        #expect(try contents(repository.path) == before)
        // Showing the plan is fine; writing needs --allow-dirty, or a commit.
        #expect(
            try LinzaBinary.run(
                ["rename", "--apply", "checkout.title", "checkoutTitle", "--dry-run"], in: repository.path
            ).status == 0)
        #expect(
            try LinzaBinary.run(
                ["rename", "--apply", "checkout.title", "checkoutTitle", "--allow-dirty"], in: repository.path
            ).status == 0)
        try repository.git(["commit", "--quiet", "--all", "--message", "Renamed"]).expectSuccess()
        #expect(
            try LinzaBinary.run(["rename", "--apply", "checkoutTitle", "checkout.title"], in: repository.path).status
                == 0)
    }

    @Test func deriveProposesAMapForReviewThatRenameApplies() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let lintBefore = try LinzaBinary.run(["--quiet"], in: folder)
        let proposal = try LinzaBinary.run(
            ["rename", "--apply", "--derive", "--print-map", "--key", "checkout.*", "--key", "cart.items"], in: folder)
        #expect(proposal.status == 0)
        #expect(
            proposal.standardOutput == """
                checkout.title\tcheckout
                checkout.pay\tpay
                checkout.raw\traw
                checkout.multiline\tmultiLine
                checkout.done\tdone
                checkout.finished\tdone1
                cart.items\titemsWithParam

                """)
        #expect(
            proposal.standardError.contains(
                "warning: 'checkout.finished' would be 'done', a key of Localizable already"))
        #expect(try contents(folder) == before)
        let german = try LinzaBinary.run(
            [
                "rename", "--apply", "--derive", "--print-map", "--language", "de", "--max-words", "1",
                "--key", "profile.*", "--format", "json",
            ], in: folder)
        #expect(
            german.standardOutput
                == "{\n  \"profile.edit\": \"bearbeiten\",\n  \"profile.name\": \"name\",\n  \"profile.title\": \"profil\"\n}\n"
        )

        let map = folder + "/derived.tsv"
        try Data(proposal.standardOutput.utf8).write(to: URL(fileURLWithPath: map))
        let applied = try LinzaBinary.run(["rename", "--apply", "--map", map], in: folder)
        #expect(applied.status == 0, "\(applied.standardOutput)\(applied.standardError)")
        #expect(try text(folder, "App/Resources/en.lproj/Localizable.strings").contains("\"done1\" = \"Done\";"))
        #expect(try LinzaBinary.run(["--quiet"], in: folder).standardOutput == lintBefore.standardOutput)
    }

    @Test func deriveNeverGivesTwoKeysOneNameAcrossModules() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = folder + "/Profile/Resources/Localizable.xcstrings"
        try Data(
            try text(folder, "Profile/Resources/Localizable.xcstrings")
                .replacingOccurrences(of: "\"value\" : \"Edit\"", with: "\"value\" : \"Pay\"").utf8
        ).write(to: URL(fileURLWithPath: catalog))
        let proposal = try LinzaBinary.run(
            ["rename", "--apply", "--derive", "--print-map", "--key", "checkout.pay", "--key", "profile.edit"],
            in: folder)
        #expect(proposal.status == 0)
        #expect(proposal.standardOutput == "checkout.pay\tpay\nprofile.edit\tpay1\n")
        #expect(
            proposal.standardError.contains(
                "warning: 'profile.edit' would be 'pay', a key of Localizable already or the name proposed "
                    + "for another; proposed as 'pay1'"))
        let applied = try LinzaBinary.run(
            ["rename", "--apply", "--derive", "--key", "checkout.pay", "--key", "profile.edit"], in: folder)
        #expect(applied.status == 0, "\(applied.standardOutput)\(applied.standardError)")
        #expect(try text(folder, "Profile/Sources/ProfileView.swift").contains(#"Button("pay1")"#))
    }

    @Test func aCatalogKeyThatWasItsOwnTextKeepsItAsTheSourceLanguagesLocalization() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try addGermanOnlyCatalogEntry("Log out", "Abmelden", in: folder)
        let view = folder + "/Profile/Sources/ProfileView.swift"
        try Data(
            try text(folder, "Profile/Sources/ProfileView.swift")
                .replacingOccurrences(
                    of: "Button(\"profile.edit\") {}",
                    with: "Button(\"profile.edit\") {}\n            Button(\"Log out\") {}"
                ).utf8
        )
        .write(to: URL(fileURLWithPath: view))
        let result = try LinzaBinary.run(
            ["rename", "--apply", "Log out", "profile.logOut", "--allow-dirty"], in: folder)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("linza: renamed 1 key in Profile/Resources/Localizable.xcstrings"))
        #expect(
            result.standardError.contains(
                "linza: kept the text of 1 key whose old key was their en text, now their en "
                    + "localization, in Profile/Resources/Localizable.xcstrings"))
        #expect(!result.standardError.contains("moved"))
        #expect(
            try text(folder, "Profile/Resources/Localizable.xcstrings").contains(
                "        \"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Log out\"\n"
            ))
        #expect(try text(folder, "Profile/Sources/ProfileView.swift").contains("Button(\"profile.logOut\") {}"))
    }

    @Test func aCatalogKeyLosingItsFormatSpecifiersIsWarnedAbout() throws {
        // IceCubesApp's `notifications.label.mention %lld`: the key was the format its
        // translations were checked against.
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try addGermanOnlyCatalogEntry("%lld pizzas", "%lld Pizzen", in: folder)
        let renamed = try LinzaBinary.run(
            ["rename", "--apply", "%lld pizzas", "pizzaCount", "--allow-dirty"], in: folder)
        #expect(renamed.status == 0, "\(renamed.standardOutput)\(renamed.standardError)")
        #expect(
            renamed.standardError.contains(
                "warning: '%lld pizzas' in Localizable holds %lld, which 'pizzaCount' does not: "
                    + "in a String Catalog the key is the format the call passes"))
        let kept = try LinzaBinary.run(
            ["rename", "--apply", "pizzaCount", "%lld pizzas!", "--allow-dirty"], in: folder)
        #expect(!kept.standardError.contains("holds"))
    }

    /// A String Catalog named after a storyboard holds the storyboard's object ids and the
    /// keys code reads from it (Rectangle's Main.xcstrings): sync adds code's keys, rename
    /// renames them, and the object ids stay as they are.
    @Test func codesKeysInAStoryboardsCatalogAreSyncedAndRenamed() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-storyboard-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // As Xcode writes it.
        let entry = { (key: String, value: String, last: Bool) in
            "    \"\(key)\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n"
                + "            \"state\" : \"translated\",\n            \"value\" : \"\(value)\"\n          }\n"
                + "        }\n      }\n    }" + (last ? "\n" : ",\n")
        }
        try ProjectFiles.write(
            [
                ".linza.yml": "required_languages: [en, de]\n",
                "App/View.swift": #"let a = NSLocalizedString("Cancel", tableName: "Main", comment: "")"# + "\n"
                    + #"let b = NSLocalizedString("Allow", tableName: "Main", value: "Allow", comment: "")"# + "\n",
                "App/Base.lproj/Main.storyboard": #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<document/>\n",
                "App/mul.lproj/Main.xcstrings": "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
                    + entry("abc-12-xyz.title", "Hallo", false) + entry("Cancel", "Abbrechen", true)
                    + "  },\n  \"version\" : \"1.0\"\n}",
            ], in: folder)
        let sync = try LinzaBinary.run(["sync", "--apply"], in: folder)
        #expect(sync.status == 0, "\(sync.standardOutput)\(sync.standardError)")
        #expect(try text(folder, "App/mul.lproj/Main.xcstrings").contains(#""Allow" : {"#))
        let renamed = try LinzaBinary.run(["rename", "Cancel", "action.cancel", "--apply"], in: folder)
        #expect(renamed.status == 0, "\(renamed.standardOutput)\(renamed.standardError)")
        let catalog = try text(folder, "App/mul.lproj/Main.xcstrings")
        #expect(catalog.contains(#""action.cancel" : {"#) && !catalog.contains(#""Cancel" : {"#))
        #expect(try text(folder, "App/View.swift").hasPrefix(#"let a = NSLocalizedString("action.cancel""#))
        let objectID = try LinzaBinary.run(["rename", "abc-12-xyz.title", "greeting.title", "--apply"], in: folder)
        #expect(objectID.standardError.contains("'abc-12-xyz.title' in Main is read by that name"))
        #expect(try text(folder, "App/mul.lproj/Main.xcstrings").contains(#""abc-12-xyz.title" : {"#))
    }

    @Test func infoPlistKeysAreRenamedOnlyWhenTheTableIsNamed() throws {
        // Info.plist reads InfoPlist.strings by its own keys: a derived name would lose the text.
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (language, name) in [("en", "Pizza"), ("de", "Pizza DE")] {
            try Data("\"CFBundleDisplayName\" = \"\(name)\";\n\"NSCameraUsageDescription\" = \"Scan a coupon\";\n".utf8)
                .write(to: URL(fileURLWithPath: folder + "/App/Resources/\(language).lproj/InfoPlist.strings"))
        }
        let before = try contents(folder)
        let proposal = try LinzaBinary.run(["rename", "--apply", "--derive", "--print-map"], in: folder)
        #expect(proposal.status == 0)
        #expect(proposal.standardOutput.contains("checkout.title\tcheckout\n"))
        #expect(
            !proposal.standardOutput.contains("CFBundleDisplayName")
                && !proposal.standardOutput.contains("NSCameraUsageDescription"))

        let refused = try LinzaBinary.run(["rename", "--apply", "CFBundleDisplayName", "appName"], in: folder)
        #expect(
            refused.standardError.contains(
                "skipped: 'CFBundleDisplayName' in InfoPlist is read by that name by Info.plist "
                    + "or Interface Builder: not renamed there (--table InfoPlist renames it)"))
        #expect(!refused.standardError.contains("is in no table"))
        #expect(try contents(folder) == before)

        let named = try LinzaBinary.run(
            ["rename", "--apply", "--table", "InfoPlist", "CFBundleDisplayName", "appName"], in: folder)
        #expect(named.status == 0, "\(named.standardOutput)\(named.standardError)")
        #expect(try text(folder, "App/Resources/de.lproj/InfoPlist.strings").hasPrefix("\"appName\" = \"Pizza DE\";\n"))
    }

    @Test func baselineFindingsFollowTheRenamedKey() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let english = folder + "/App/Resources/en.lproj/Localizable.strings"
        try Data(
            try text(folder, "App/Resources/en.lproj/Localizable.strings")
                .replacingOccurrences(of: "\"checkout.title\" = \"Checkout\";\n", with: "").utf8
        ).write(to: URL(fileURLWithPath: english))
        #expect(try LinzaBinary.run(["baseline", "write"], in: folder).status == 0)
        #expect(try LinzaBinary.run(["--quiet", "--baseline", ".linza-baseline.json"], in: folder).status == 0)
        let result = try LinzaBinary.run(["rename", "--apply", "checkout.title", "checkoutTitle"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardError.contains("linza: updated .linza-baseline.json"))
        let baseline = try text(folder, ".linza-baseline.json")
        #expect(
            baseline.contains(#""key": "checkoutTitle""#)
                && baseline.contains(#""line_text": "Text(\"checkoutTitle\")""#))
        #expect(!baseline.contains("checkout.title"))
        // The finding the team accepted is still accepted under its new key.
        let lint = try LinzaBinary.run(["--quiet", "--baseline", ".linza-baseline.json"], in: folder)
        #expect(lint.status == 0, "\(lint.standardOutput)")
    }

    @Test func aRenameThatWouldHideACallIsRefused() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let result = try LinzaBinary.run(["rename", "--apply", "--", "profile.title", "-%€"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains(
                "ProfileView.swift:6:18: error: renamed to '-%€', this call would no longer read a key"))
        #expect(try contents(folder) == before)
    }

    @Test func aKeyAnInterpolatedLiteralMayReadIsRefused() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let result = try LinzaBinary.run(["rename", "--apply", "cart.count %lld", "cartCount"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains(
                "CheckoutView.swift:26:9: error: 'cart.count %lld' may be read through this interpolated literal"))
        #expect(try contents(folder) == before)
    }

    @Test func aPluralKeyCannotTakeAControlCharacter() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let result = try LinzaBinary.run(["rename", "--apply", "cart.items", "cart\u{1}items"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains(
                "Localizable.stringsdict:1:1: error: 'cart\\u{1}items' holds a control character, "
                    + "which a .stringsdict (XML) cannot hold"))
        #expect(try contents(folder) == before)
    }

    @Test func aKeyADynamicKeyMayReadIsRefused() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let result = try LinzaBinary.run(["rename", "--apply", "promo.summer", "promo.sunny"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains(
                "CheckoutView.swift:20:36: error: 'promo.summer' may be read by this dynamic key, "
                    + "which starts with 'promo.'"))
        #expect(try contents(folder) == before)
    }

    @Test func dryRunCheckAndJSONWriteNothing() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try contents(folder)
        let dryRun = try LinzaBinary.run(
            ["rename", "--apply", "profile.name", "profile.fullName", "--dry-run"], in: folder)
        #expect(dryRun.status == 0)
        #expect(
            dryRun.standardOutput.contains(
                "--- a/Profile/Sources/ProfileView.swift\n+++ b/Profile/Sources/ProfileView.swift"))
        #expect(
            dryRun.standardOutput.contains(
                "-            Text(\"profile.name\")\n+            Text(\"profile.fullName\")"))
        #expect(
            try LinzaBinary.run(["rename", "--apply", "profile.name", "profile.fullName", "--check"], in: folder).status
                == 1)
        let json = try LinzaBinary.run(
            ["rename", "--apply", "profile.name", "profile.fullName", "--format", "json"], in: folder)
        let plan = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let files = plan?["files"] as? [[String: Any]]
        #expect(
            files?.compactMap { $0["file"] as? String } == [
                "Profile/Resources/Localizable.xcstrings", "Profile/Sources/ProfileView.swift",
            ])
        #expect(
            (files?.first?["renamed"] as? [[String: String]]) == [["from": "profile.name", "to": "profile.fullName"]])
        #expect((files?.last?["literals"] as? [[String: Any]])?.first?["line"] as? Int == 7)
        // Scoped to another module, there is nothing to rename.
        let scoped = try LinzaBinary.run(
            ["rename", "--apply", "profile.name", "profile.fullName", "--module", "App"], in: folder)
        #expect(scoped.standardError.contains("'profile.name' is in no table and no call in scope"))
        #expect(try contents(folder) == before)
    }

    /// Random renames (keys with quotes, backslashes, `#`, spaces, line breaks, non-ASCII)
    /// applied and then reversed give back every byte of every file.
    @Test func randomRenamesReversedGiveBackTheOriginalBytes() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try contents(folder)
        var generator = SeededGenerator(seed: 0x5EED_16)
        // legacy.title is a `"key";` shorthand: renamed, it is written out in full (its text must not change).
        let keys = [
            "checkout.title", "checkout.pay", "checkout.raw", "checkout.multiline", "checkout.done",
            "cart.items", "profile.name", "profile.edit", "profile.title",
        ]
        let alphabet = Array("abcXYZ09._- \"\\#'é€😀\n\t%@")
        let unquotable = Array("abcXYZ09._-")
        for round in 0..<12 {
            var renames: [(String, String)] = []
            var used = Set(keys)
            for key in keys.shuffled(using: &generator).prefix(Int.random(in: 1...4, using: &generator)) {
                // An unquoted key given a name that needs quotes keeps them when renamed back.
                let letters = key == "checkout.raw" ? unquotable : alphabet
                var name = ""
                while name.isEmpty || used.contains(name) {
                    name = String(
                        (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                            letters.randomElement(using: &generator)!
                        })
                    // A SwiftUI title without a letter is shown as written, not a key (that rename is refused).
                    if !name.contains(where: \.isLetter) { name = "k" + name }
                }
                used.insert(name)
                renames.append((key, name))
            }
            let map = try writeMap(renames, in: folder)
            let forward = try LinzaBinary.run(["rename", "--apply", "--map", map], in: folder)
            #expect(forward.status == 0, "round \(round) \(renames): \(forward.standardOutput)\(forward.standardError)")
            _ = try writeMap(renames.map { ($0.1, $0.0) }, in: folder)
            let backward = try LinzaBinary.run(["rename", "--apply", "--map", map], in: folder)
            #expect(backward.status == 0, "round \(round) back: \(backward.standardOutput)\(backward.standardError)")
            try FileManager.default.removeItem(atPath: map)
            let now = try contents(folder)
            #expect(
                now == original, "round \(round) \(renames): \(now.keys.filter { now[$0] != original[$0] }.sorted())")
            if now != original { break }
        }
    }
}

/// A small deterministic generator (SplitMix64), so that a failing round can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
