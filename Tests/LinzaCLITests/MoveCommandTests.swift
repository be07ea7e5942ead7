import Foundation
import Testing

/// `linza move` on Fixtures/Moving: the cart's code has moved from the app into the Checkout
/// package, whose tables lack its keys (and a Russian table altogether); a plural key; a key
/// the app still reads; an Alerts table moved to a table of another name; two packages with
/// String Catalogs.
@Suite struct MoveCommandTests {
    static let fixture = "Moving"

    func contents(_ folder: String) throws -> [String: Data] { try ProjectFiles.contents(folder) }

    func text(_ folder: String, _ path: String) throws -> String { try ProjectFiles.text(folder, path) }

    @Test func theKeysMovedCodeReadsFollowItWithEveryTranslation() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        let moved = try LinzaBinary.run(
            [
                "move", "--apply", "--from", "App", "--to", "Checkout",
                "--follow-code", "Packages/Checkout/Sources/CartView.swift",
            ], in: folder)
        #expect(moved.status == 0, "\(moved.standardOutput)\(moved.standardError)")
        // A key the app still reads is copied, with a warning.
        #expect(
            moved.standardError.contains(
                "warning: 'cart.empty' is still read in App (App/Sources/HomeView.swift:8:18); copied, not moved"))
        #expect(
            try text(folder, "App/Resources/en.lproj/Localizable.strings")
                == "/* Home screen title */\n\"home.title\" = \"Home\";\n\n/* Shown when the cart is empty */\n\"cart.empty\" = \"Your cart is empty\";\n"
        )
        // The target's entries keep their notes for translators, in the target's style.
        #expect(
            try text(folder, "Packages/Checkout/Resources/en.lproj/Localizable.strings") == """
                "checkout.pay" = "Pay";
                /* Cart screen title */
                "cart.title" = "Your cart";
                /* Shown when the cart is empty */
                "cart.empty" = "Your cart is empty";

                """)
        #expect(
            try text(folder, "Packages/Checkout/Resources/de.lproj/Localizable.strings")
                == "\"checkout.pay\" = \"Bezahlen\";\n\"cart.title\" = \"Dein Warenkorb\";\n\"cart.empty\" = \"Dein Warenkorb ist leer\";\n"
        )
        // The language the target lacked gets its table, like the target's others.
        #expect(
            try text(folder, "Packages/Checkout/Resources/ru.lproj/Localizable.strings")
                == "\"cart.title\" = \"Ваша корзина\";\n\"cart.empty\" = \"Корзина пуста\";\n")
        // The plural entry moves whole, into new .stringsdict files.
        let plurals = try text(folder, "Packages/Checkout/Resources/ru.lproj/Localizable.stringsdict")
        #expect(
            plurals.contains(
                "<key>few</key>\n\t\t\t<string>%d товара</string>\n\t\t\t<key>many</key>\n\t\t\t<string>%d товаров</string>"
            ))
        #expect(!(try text(folder, "App/Resources/ru.lproj/Localizable.stringsdict")).contains("cart.items"))
        // The moved code's keys are found where it now is; nothing new is reported.
        let lint = try LinzaBinary.run(["--quiet"], in: folder).standardOutput
        #expect(
            !lint.contains("CartView.swift:9:") && !lint.contains("CartView.swift:10:")
                && !lint.contains("CartView.swift:11:"))
        #expect(!lint.contains("cart.title") && !lint.contains("cart.items"))
        // A second run has nothing to do.
        let again = try LinzaBinary.run(
            ["move", "--apply", "--from", "App", "--to", "Checkout", "--follow-code", "Packages/Checkout/Sources"],
            in: folder)
        #expect(again.status == 0)
        #expect(again.standardError.contains("reads no key that Checkout/Localizable lacks"))
    }

    @Test func aNewTableNameIsWrittenIntoTheMovedCalls() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        let moved = try LinzaBinary.run(
            ["move", "--apply", "alert.ok", "--from", "App/Alerts", "--to", "Checkout/CheckoutAlerts"], in: folder)
        #expect(moved.status == 0, "\(moved.standardOutput)\(moved.standardError)")
        #expect(
            try text(folder, "Packages/Checkout/Sources/CartView.swift")
                .contains(#"NSLocalizedString("alert.ok", tableName: "CheckoutAlerts", comment: "")"#))
        for (language, value) in [("en", "OK"), ("de", "OK"), ("ru", "Хорошо")] {
            #expect(
                try text(folder, "Packages/Checkout/Resources/\(language).lproj/CheckoutAlerts.strings")
                    == "\"alert.ok\" = \"\(value)\";\n")
            #expect(!(try text(folder, "App/Resources/\(language).lproj/Alerts.strings")).contains("alert.ok"))
        }
        #expect(!(try LinzaBinary.run(["--quiet"], in: folder)).standardOutput.contains("alert.ok"))
    }

    @Test func callsGivenTheNewTableNoLongerKeepTheSourceEntry() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        let home = folder + "/App/Sources/HomeView.swift"
        try Data(
            try text(folder, "App/Sources/HomeView.swift").replacingOccurrences(
                of: "            Text(\"cart.empty\")\n",
                with:
                    "            Text(\"cart.empty\")\n            Text(NSLocalizedString(\"alert.cancel\", tableName: \"Alerts\", comment: \"\"))\n"
            ).utf8
        )
        .write(to: URL(fileURLWithPath: home))
        let moved = try LinzaBinary.run(
            ["move", "--apply", "alert.cancel", "--from", "App/Alerts", "--to", "App/Dialogs"], in: folder)
        #expect(moved.status == 0, "\(moved.standardOutput)\(moved.standardError)")
        #expect(!moved.standardError.contains("copied, not moved"))
        #expect(
            try text(folder, "App/Sources/HomeView.swift").contains(
                #"NSLocalizedString("alert.cancel", tableName: "Dialogs", comment: "")"#))
        for (language, value) in [("en", "Cancel"), ("de", "Abbrechen"), ("ru", "Отмена")] {
            #expect(
                try text(folder, "App/Resources/\(language).lproj/Dialogs.strings")
                    == "\"alert.cancel\" = \"\(value)\";\n")
            #expect(
                !(try text(folder, "App/Resources/\(language).lproj/Alerts.strings")).contains("alert.cancel"),
                "no entry nothing reads")
        }
        #expect(!(try LinzaBinary.run(["--quiet"], in: folder)).standardOutput.contains("alert.cancel"))
    }

    @Test func aSecondRunOfANamedMovePlansNothing() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        let first = try LinzaBinary.run(
            ["move", "--apply", "cart.title", "--from", "App", "--to", "Checkout"], in: folder)
        #expect(first.status == 0, "\(first.standardOutput)\(first.standardError)")
        let after = try contents(folder)
        for extra in [[], ["--check"]] {
            let again = try LinzaBinary.run(
                ["move", "--apply", "cart.title", "--from", "App", "--to", "Checkout"] + extra, in: folder)
            #expect(again.status == 0, "\(extra) \(again.standardOutput)\(again.standardError)")
            #expect(
                again.standardError.contains(
                    "skipped: 'cart.title' is in Checkout/Localizable and no longer in App/Localizable: moved already"))
        }
        #expect(try contents(folder) == after)
    }

    @Test func aNewTargetTableIsEncodedLikeTheTargetModulesTables() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        // The app's German table is UTF-16 with CRLF; the Checkout package's tables are UTF-8.
        let moved = try LinzaBinary.run(
            ["move", "--apply", "home.title", "--from", "App", "--to", "Checkout/Home"], in: folder)
        #expect(moved.status == 0, "\(moved.standardOutput)\(moved.standardError)")
        let german = try Data(
            contentsOf: URL(fileURLWithPath: folder + "/Packages/Checkout/Resources/de.lproj/Home.strings"))
        #expect(german == Data("/* Startseite */\n\"home.title\" = \"Start\";\n".utf8))
        #expect(
            try text(folder, "Packages/Checkout/Resources/ru.lproj/Home.strings").hasSuffix(
                "\"home.title\" = \"Главная\";\n"))
    }

    @Test func aMissingFollowedPathIsAUsageError() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        let before = try contents(folder)
        let result = try LinzaBinary.run(
            [
                "move", "--apply", "--from", "App", "--to", "Checkout", "--follow-code",
                "Packages/Checkout/Sources/Nope.swift",
            ],
            in: folder)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                "linza: error: --follow-code Packages/Checkout/Sources/Nope.swift: no such file or folder"))
        #expect(try contents(folder) == before)
    }

    @Test func aCopySaysCopied() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        let copied = try LinzaBinary.run(
            ["move", "--apply", "profile.logout", "--from", "Profile", "--to", "Settings", "--copy"], in: folder)
        #expect(copied.status == 0, "\(copied.standardOutput)\(copied.standardError)")
        #expect(
            copied.standardError.contains("linza: copied 1 key into Packages/Settings/Resources/Localizable.xcstrings"))
        #expect(!copied.standardError.contains("moved"))
        #expect(try text(folder, "Packages/Profile/Resources/Localizable.xcstrings").contains("profile.logout"))
    }

    @Test func aCatalogEntryMovesWhole() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        let entry = try text(folder, "Packages/Profile/Resources/Localizable.xcstrings")
            .components(separatedBy: "    \"profile.name\"")[0].components(separatedBy: "  \"strings\" : {\n")[1]
        let moved = try LinzaBinary.run(
            ["move", "--apply", "profile.logout", "--from", "Profile", "--to", "Settings"], in: folder)
        #expect(moved.status == 0, "\(moved.standardOutput)\(moved.standardError)")
        #expect(
            try text(folder, "Packages/Settings/Resources/Localizable.xcstrings").contains(
                "  \"strings\" : {\n" + entry + "    \"settings.title\""))
        #expect(!(try text(folder, "Packages/Profile/Resources/Localizable.xcstrings")).contains("profile.logout"))
        #expect(!(try LinzaBinary.run(["--quiet"], in: folder)).standardOutput.contains("profile.logout"))
    }

    @Test func conflictsAndFormatChangesAreRefusedAndNothingIsWritten() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        try Data("\"checkout.pay\" = \"Pay\";\n\"cart.title\" = \"Cart\";\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/Packages/Checkout/Resources/en.lproj/Localizable.strings"))
        let before = try contents(folder)
        let conflict = try LinzaBinary.run(
            ["move", "--apply", "cart.title", "--from", "App", "--to", "Checkout"], in: folder)
        #expect(conflict.status == 1)
        #expect(
            conflict.standardOutput.contains(
                "en.lproj/Localizable.strings:2:1: error: 'cart.title' is already in Checkout/Localizable (en) with another text"
            ))
        #expect(!conflict.standardOutput.contains("+++"))
        // A plural entry with text around its plural has no catalog form Linza writes; dropping it is no way round.
        let german = folder + "/App/Resources/de.lproj/Localizable.stringsdict"
        try Data(
            try text(folder, "App/Resources/de.lproj/Localizable.stringsdict")
                .replacingOccurrences(of: "<string>%#@items@</string>", with: "<string>Im Korb: %#@items@</string>")
                .utf8
        )
        .write(to: URL(fileURLWithPath: german))
        let beforeFormats = try contents(folder)
        for extra in [[], ["--allow-drop-languages"]] {
            let formats = try LinzaBinary.run(
                ["move", "--apply", "cart.items", "--from", "App", "--to", "Profile"] + extra, in: folder)
            #expect(formats.status == 2)
            #expect(
                formats.standardOutput.contains(
                    "App/Resources/de.lproj/Localizable.stringsdict:5:2: error: 'cart.items' in de cannot go to "
                        + "Profile/Localizable: Profile/Localizable is a String Catalog, and this plural entry has text around its plural"
                ))
        }
        #expect(try contents(folder) == beforeFormats)
        try FileManager.default.removeItem(atPath: german)
        try FileManager.default.copyItem(
            atPath: Self.root + "/App/Resources/de.lproj/Localizable.stringsdict", toPath: german)
        let missing = try LinzaBinary.run(
            ["move", "--apply", "cart.nope", "--from", "App", "--to", "Checkout"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.standardOutput.contains("'cart.nope' is not a key of App/Localizable"))
        let module = try LinzaBinary.run(
            ["move", "--apply", "cart.title", "--from", "App", "--to", "Cart"], in: folder)
        #expect(module.status == 2)
        #expect(
            module.standardError.contains(
                "no module named 'Cart'; the modules are 'App', 'Checkout', 'Profile', 'Settings'"))
        #expect(try contents(folder) == before)
    }

    @Test func copyKeepsTheSourceAndDryRunWritesNothing() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        let before = try contents(folder)
        let dryRun = try LinzaBinary.run(
            ["move", "--apply", "cart.title", "--from", "App", "--to", "Checkout", "--dry-run"], in: folder)
        #expect(dryRun.status == 0)
        #expect(
            dryRun.standardOutput.contains(
                "+++ b/Packages/Checkout/Resources/ru.lproj/Localizable.strings\n@@ -0,0 +1,1 @@\n+\"cart.title\" = \"Ваша корзина\";"
            ))
        #expect(
            try LinzaBinary.run(
                ["move", "--apply", "cart.title", "--from", "App", "--to", "Checkout", "--check"], in: folder
            ).status == 1)
        #expect(try contents(folder) == before)
        #expect(
            try LinzaBinary.run(
                ["move", "--apply", "cart.title", "--from", "App", "--to", "Checkout", "--copy"], in: folder
            ).status == 0)
        #expect(
            try text(folder, "App/Resources/en.lproj/Localizable.strings")
                == (try text(Self.root, "App/Resources/en.lproj/Localizable.strings")))
        #expect(
            try text(folder, "Packages/Checkout/Resources/en.lproj/Localizable.strings").contains(
                "\"cart.title\" = \"Your cart\";"))
    }

    /// Lint's findings without their line and column (entries moved within a file move lines).
    func findings(_ folder: String) throws -> [String] {
        try LinzaBinary.run(["--quiet"], in: folder).standardOutput.split(separator: "\n")
            .map { String($0).replacing(/:\d+:\d+:/, with: ":") }.sorted()
    }

    @Test func formatsConvertBetweenStringsFilesAndACatalogEntry() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        let lintBefore = try findings(folder)
        let there = try LinzaBinary.run(
            ["move", "--apply", "cart.title", "cart.items", "--from", "App", "--to", "Profile"], in: folder)
        #expect(there.status == 0, "\(there.standardOutput)\(there.standardError)")
        let catalog = try text(folder, "Packages/Profile/Resources/Localizable.xcstrings")
        #expect(
            catalog.contains(
                """
                    "cart.title" : {
                      "comment" : "Cart screen title",
                      "localizations" : {
                        "de" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Dein Warenkorb"
                          }
                        },
                """))
        #expect(
            catalog.contains(
                """
                        "ru" : {
                          "variations" : {
                            "plural" : {
                              "few" : {
                                "stringUnit" : {
                                  "state" : "translated",
                                  "value" : "%d товара"
                                }
                              },
                """))
        #expect(!(try text(folder, "App/Resources/en.lproj/Localizable.strings")).contains("cart.title"))
        #expect(!(try text(folder, "App/Resources/ru.lproj/Localizable.stringsdict")).contains("cart.items"))

        // And back: the catalog entry becomes .strings and .stringsdict entries again.
        let back = try LinzaBinary.run(
            ["move", "--apply", "cart.title", "cart.items", "--from", "Profile", "--to", "App"], in: folder)
        #expect(back.status == 0, "\(back.standardOutput)\(back.standardError)")
        #expect(
            try text(folder, "App/Resources/en.lproj/Localizable.strings").hasSuffix(
                "/* Cart screen title */\n\"cart.title\" = \"Your cart\";\n"))
        let plurals = try text(folder, "App/Resources/en.lproj/Localizable.stringsdict")
        #expect(
            plurals.contains(
                """
                \t<key>cart.items</key>
                \t<dict>
                \t\t<key>NSStringLocalizedFormatKey</key>
                \t\t<string>%#@value@</string>
                \t\t<key>value</key>
                \t\t<dict>
                \t\t\t<key>NSStringFormatSpecTypeKey</key>
                \t\t\t<string>NSStringPluralRuleType</string>
                \t\t\t<key>NSStringFormatValueTypeKey</key>
                \t\t\t<string>d</string>
                \t\t\t<key>one</key>
                \t\t\t<string>%d item</string>
                \t\t\t<key>other</key>
                \t\t\t<string>%d items</string>
                \t\t</dict>
                \t</dict>
                </dict>
                """))
        #expect(!(try text(folder, "Packages/Profile/Resources/Localizable.xcstrings")).contains("cart."))
        // Lint finds what it found before the round trip.
        #expect(try findings(folder) == lintBefore)
    }

    @Test func aCatalogEntryGoingToANewTableCreatesItsFiles() throws {
        let project = try ProjectCopy(Self.fixture)
        let folder = project.path
        let moved = try LinzaBinary.run(
            ["move", "--apply", "profile.logout", "--from", "Profile", "--to", "App/Account"], in: folder)
        #expect(moved.status == 0, "\(moved.standardOutput)\(moved.standardError)")
        #expect(
            try text(folder, "App/Resources/en.lproj/Account.strings")
                == "/* Log out button */\n\"profile.logout\" = \"Log out\";\n")
        #expect(
            try text(folder, "App/Resources/de.lproj/Account.strings")
                == "/* Log out button */\n\"profile.logout\" = \"Abmelden\";\n")
        #expect(
            !FileManager.default.fileExists(atPath: folder + "/App/Resources/ru.lproj/Account.strings"),
            "the entry has no Russian")
        #expect(!(try text(folder, "Packages/Profile/Resources/Localizable.xcstrings")).contains("profile.logout"))
    }

    static let root = LinzaBinary.repositoryRoot + "/Fixtures/Moving"
}

extension MoveCommandTests {
    /// docs/SECURITY.md: in a git working tree, `move` rewrites no file with uncommitted
    /// changes unless `--allow-dirty`, so that git can undo the move.
    @Test func filesWithUncommittedChangesAreNotRewrittenUnlessAllowed() throws {
        let repository = try GitRepository(Self.fixture)
        // A table the move takes keys from, edited and not committed.
        let table = "App/Resources/en.lproj/Localizable.strings"
        try repository.project.write(table, try repository.project.read(table) + "\n")
        let move = [
            "move", "--apply", "--from", "App", "--to", "Checkout", "--follow-code",
            "Packages/Checkout/Sources/CartView.swift",
        ]
        let before = try contents(repository.path)
        let refused = try LinzaBinary.run(move, in: repository.path)
        #expect(refused.status == 2)
        #expect(
            refused.standardError.contains("linza: error: \(table) has uncommitted changes"), "\(refused.standardError)"
        )
        #expect(try contents(repository.path) == before)
        let allowed = try LinzaBinary.run(move + ["--allow-dirty"], in: repository.path)
        #expect(allowed.status == 0, "\(allowed.standardError)")
        #expect(try contents(repository.path) != before)
    }
}
