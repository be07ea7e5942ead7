@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaSetup
@testable import LinzaSources
import LinzaTestSupport
@testable import LinzaWriting
import Testing

/// Generated accessors: the generators' naming rules, finding accessor paths and
/// declarations in code, and the whole pipeline reading them as uses of their keys.
@Suite struct AccessorNamingTests {
    /// ASCII names take a byte-by-byte path: it must give what the Unicode rules give
    /// (letters and digits, lower case), for every ASCII character; others keep the rules.
    @Test func lettersOfAnASCIINameAreTheUnicodeRules() {
        func unicodeRules(_ name: String) -> String {
            String(
                String.UnicodeScalarView(
                    name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
                        .flatMap { $0.properties.lowercaseMapping.unicodeScalars }))
        }
        let every = String(String.UnicodeScalarView((0..<128).compactMap(Unicode.Scalar.init)))
        #expect(AccessorNaming.letters(of: Substring(every)) == unicodeRules(every))
        #expect(
            AccessorNaming.letters(of: Substring(every))
                == "0123456789abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz")
        var random = SplitMix64(seed: 3)
        for _ in 0..<500 {
            let name = String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 0...24, using: &random)).map { _ in
                        Unicode.Scalar(UInt8.random(in: 0..<128, using: &random))
                    }))
            #expect(AccessorNaming.letters(of: Substring(name)) == unicodeRules(name), "\(name.debugDescription)")
        }
        for name in ["Ärger.Straße", "İstanbul_ΣΑΣ", "café.Menu", "x\u{301}.日本"] {
            #expect(AccessorNaming.letters(of: Substring(name)) == unicodeRules(name))
        }
        #expect(AccessorNaming.letters(of: "Common.Button_Share-2") == "commonbuttonshare2")
    }

    /// SwiftGen's names of an ASCII name, made byte by byte, are those its Unicode rules
    /// make: every name of up to four characters over the characters the rules tell apart,
    /// and random names of every ASCII character.
    @Test func swiftGenNamesOfAnASCIINameAreTheUnicodeRules() {
        func expectSame(_ name: String) {
            #expect(
                AccessorNaming.swiftGenTypeName(name) == AccessorNaming.unicodeSwiftGenTypeName(name),
                "\(name.debugDescription)")
            #expect(
                AccessorNaming.swiftGenMemberName(name)
                    == AccessorNaming.lowerFirstWord(AccessorNaming.unicodeSwiftGenTypeName(name)),
                "\(name.debugDescription)")
        }
        let telling = Array("aZ9_-. ")
        var names = [""]
        for _ in 0..<4 { names += names.flatMap { name in telling.map { name + String($0) } } }
        for name in Set(names) { expectSame(name) }
        var random = SplitMix64(seed: 5)
        for _ in 0..<2_000 {
            expectSame(
                String(
                    String.UnicodeScalarView(
                        (0..<Int.random(in: 0...20, using: &random)).map { _ in
                            Unicode.Scalar(UInt8.random(in: 32..<128, using: &random))
                        })))
        }
        #expect(AccessorNaming.swiftGenMemberName("URL_chooser") == "urlChooser")
        #expect(AccessorNaming.swiftGenTypeName("2FA_CODE") == "_2FaCode")
    }

    @Test func swiftGenStructuredNamesEnumsAndALowerCamelCaseMember() {
        #expect(
            AccessorNaming.path(
                of: "Common.Alerts.BlockDomain.BlockEntireDomain", table: "Localizable",
                naming: .swiftGen) == ["Common", "Alerts", "BlockDomain", "blockEntireDomain"])
        #expect(
            AccessorNaming.path(of: "onboarding.buttons.get_started", table: "L", naming: .swiftGen)
                == ["Onboarding", "Buttons", "getStarted"])
        // Empty parts are dropped, as SwiftGen does: a key ending in a period.
        #expect(
            AccessorNaming.path(of: "Scene.Report.Thanks.", table: "L", naming: .swiftGen) == [
                "Scene", "Report", "thanks",
            ])
        #expect(
            AccessorNaming.path(of: "settings.URLScheme", table: "L", naming: .swiftGen) == ["Settings", "urlScheme"])
        #expect(AccessorNaming.path(of: "alert.OK", table: "L", naming: .swiftGen) == ["Alert", "ok"])
        #expect(
            AccessorNaming.path(of: "error.2FA_REQUIRED", table: "L", naming: .swiftGen) == ["Error", "_2FaRequired"])
        #expect(AccessorNaming.path(of: "menu.item-count", table: "L", naming: .swiftGen) == ["Menu", "itemCount"])
        #expect(AccessorNaming.path(of: "...", table: "L", naming: .swiftGen) == nil)
    }

    @Test func swiftGenFlatMakesOneMember() {
        #expect(AccessorNaming.path(of: "settings.title", table: "L", naming: .swiftGenFlat) == ["settingsTitle"])
        #expect(AccessorNaming.path(of: "Hello World", table: "L", naming: .swiftGenFlat) == ["helloWorld"])
    }

    @Test func rSwiftNamesTheTableThenTheKey() {
        #expect(AccessorNaming.path(of: "Cancel", table: "Localizable", naming: .rSwift) == ["localizable", "cancel"])
        #expect(
            AccessorNaming.path(of: "app.device.jailbreak.title", table: "InfoPlist", naming: .rSwift)
                == ["infoPlist", "appDeviceJailbreakTitle"])
        #expect(AccessorNaming.path(of: "URLString", table: "L", naming: .rSwift) == ["l", "urlString"])
        #expect(AccessorNaming.path(of: "DuckDuckGo", table: "L", naming: .rSwift) == ["l", "duckDuckGo"])
        #expect(AccessorNaming.path(of: "OK", table: "L", naming: .rSwift) == ["l", "oK"])
        #expect(AccessorNaming.path(of: "snake_case key", table: "L", naming: .rSwift) == ["l", "snake_caseKey"])
        #expect(AccessorNaming.path(of: "42 items", table: "L", naming: .rSwift) == ["l", "items"])
        #expect(AccessorNaming.path(of: "!!", table: "L", naming: .rSwift) == nil)
    }

    @Test func keyNamingTakesIdentifiersOnly() {
        #expect(AccessorNaming.path(of: "Common_Cancel", table: "L", naming: .key) == ["Common_Cancel"])
        #expect(AccessorNaming.path(of: "common.cancel", table: "L", naming: .key) == nil)
    }
}

@Suite struct AccessorScanningTests {
    func scan(
        _ code: String, path: String = "/p/App.swift", accessors: [AccessorSet],
        functions: [LocalizationFunction] = BuiltInFunctions.functions()
    ) -> ScannedSource {
        SourceScanner(
            recognizer: CallRecognizer(functions: functions, defaultTable: "Localizable"),
            collectsLiterals: true, accessors: accessors
        ).scan(Array(code.utf8), path: path)
    }

    @Test func pathsStartingWithARootAreFoundThroughArgumentLists() {
        let scanned = scan(
            """
            let a = R.string.localizable.cancel()
            let b = R.string(preferredLanguages: ["de"]).localizable.orderTitle("42").uppercased()
            let c = `R`.string.localizable.`default`
            let d = R.image.logo()
            let e = self.R.string.x
            """, accessors: [AccessorSet(root: "R.string", naming: .rSwift)])
        #expect(
            scanned.accessorReferences.map { $0.components.joined(separator: ".") } == [
                "R.string.localizable.cancel",
                "R.string.localizable.orderTitle.uppercased",
                "R.string.localizable.default",
                "R.string.x",
            ])
        #expect(scanned.accessorReferences.map(\.location.line) == [1, 2, 3, 5])
    }

    /// Telegram reads one key inside the arguments of another (`strings.Gift_View_Sale(
    /// strings.Gift_View_Sale_Stars(n)).string`, 71 reads) and through optional chaining
    /// (`self.strings?.TextFormat_Bold`, 24): every path is found, each at its own place.
    @Test func pathsInsideArgumentListsAndAfterOptionalChainingAreFound() {
        let scanned = scan(
            """
            let a = strings.Gift_View_Sale(strings.Gift_View_Sale_Stars(Int32(n))).string
            let b = self.strings?.TextFormat_Bold ?? "Bold"
            let c = presentationData.strings.Notification_Title(
                presentationData.strings.Notification_Months(months)
            ).string
            let d = strings!.Common_OK
            let e = strings ? .a : .b
            """, accessors: [AccessorSet(root: "strings", naming: .key)])
        #expect(
            scanned.accessorReferences.map { $0.components.joined(separator: ".") } == [
                "strings.Gift_View_Sale.string", "strings.Gift_View_Sale_Stars", "strings.TextFormat_Bold",
                "strings.Notification_Title.string", "strings.Notification_Months", "strings.Common_OK", "strings",
            ])
        #expect(scanned.accessorReferences.map(\.location.line) == [1, 1, 2, 3, 4, 6, 7])
        #expect(scanned.accessorReferences.map(\.location.column) == [9, 32, 14, 26, 22, 9, 9])
    }

    @Test func aGeneratedFileDefinesAccessorsAndUsesNothing() {
        let tr = LocalizationFunction(
            name: "L10n.tr", key: .position(1), table: .position(0), value: .label("fallback"))
        let scanned = scan(
            """
            public enum L10n {
              public enum Common {
                /// Cancel
                public static let cancel = L10n.tr("Localizable", "common.cancel", fallback: "Cancel")
                public static func greeting(_ p1: Any) -> String {
                  return L10n.tr("Localizable", "common.greeting", String(describing: p1), fallback: "Hi %@")
                }
              }
              public static let `public` = L10n.tr("Other", "visibility.public", fallback: "Public")
            }
            extension L10n {
              private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
                Bundle.module.localizedString(forKey: key, value: value, table: table)
              }
            }
            """, path: "/p/Strings.swift",
            accessors: [AccessorSet(root: "L10n", naming: .declarations, file: "/p/Strings.swift")],
            functions: [tr] + BuiltInFunctions.functions())
        #expect(scanned.usages.isEmpty && scanned.literalHashes.isEmpty)
        #expect(
            scanned.accessorDefinitions == [
                AccessorDefinition(
                    path: "L10n.Common.cancel", key: "common.cancel", table: "Localizable", value: "Cancel"),
                AccessorDefinition(
                    path: "L10n.Common.greeting", key: "common.greeting", table: "Localizable", value: "Hi %@"),
                AccessorDefinition(path: "L10n.public", key: "visibility.public", table: "Other", value: "Public"),
            ])
    }
}

/// The pipeline: accessor uses are usages of their keys, checked against the tables of the
/// module holding the generated file.
@Suite struct AccessorLintTests {
    let project = TemporaryDirectory()

    func findings(_ configuration: String) throws -> [String] {
        let file = project.write(".linza.yml", configuration)
        return Linter(configuration: try ConfigurationLoader.load(file: file)).lint().diagnostics.map {
            "\(Path.relative($0.location.file, to: project.path)!):\($0.location.line): \($0.message)"
        }
    }

    @Test func aHomeMadeGeneratorNamedByItsKeys() throws {
        project.write(
            "App/Settings.swift",
            """
            let a = Strings.Common_Cancel
            let b = Strings.Settings_Title.capitalized
            let c = Strings.Unknown_Key
            """)
        project.write(
            "App/en.lproj/Localizable.strings",
            #""Common_Cancel" = "Cancel"; "Settings_Title" = "Settings"; "Old_Key" = "Old";"#)
        project.write("App/de.lproj/Localizable.strings", #""Common_Cancel" = "Abbrechen"; "Old_Key" = "Alt";"#)
        #expect(
            try findings("accessors:\n  - root: Strings\n    naming: key\n") == [
                "App/Settings.swift:2: 'Settings_Title' is missing in de (de.lproj/Localizable.strings)",
                "App/en.lproj/Localizable.strings:1: 'Old_Key' in en.lproj/Localizable.strings is not used by any call",
            ])
    }

    /// A generator the build runs, described by `naming: letters`: each member spells its
    /// key; a read with a trailing member still reads it; two keys with the same letters
    /// name no accessor.
    @Test func aGeneratorDescribedByTheLettersOfItsKeys() throws {
        project.write(
            "App/Cart.swift",
            """
            let a = LocalString.cart_title
            let b = LocalString.cart_button_checkout.uppercased()
            let c = LocalString.common_ok
            let d = LocalString.cart_gone
            """)
        project.write(
            "App/en.lproj/Localizable.strings",
            #""cart.title" = "Cart"; "cart.button.checkout" = "Checkout"; "common.ok" = "OK"; "common_ok" = "OK!"; "old" = "Old";"#
        )
        project.write(
            "App/de.lproj/Localizable.strings",
            #""cart.title" = "Warenkorb"; "common.ok" = "OK"; "common_ok" = "OK!"; "old" = "Alt";"#)
        #expect(
            try findings("accessors:\n  - root: LocalString\n    naming: letters\n") == [
                "App/Cart.swift:2: 'cart.button.checkout' is missing in de (de.lproj/Localizable.strings)",
                "App/en.lproj/Localizable.strings:1: 'common.ok' in en.lproj/Localizable.strings is not used by any call",
                "App/en.lproj/Localizable.strings:1: 'common_ok' in en.lproj/Localizable.strings is not used by any call",
                "App/en.lproj/Localizable.strings:1: 'old' in en.lproj/Localizable.strings is not used by any call",
            ])
    }

    /// SwiftGen's Objective-C-visible class read from `.m` files: `[VectorL10n roomTitle]`,
    /// `[VectorL10n roomMessage:name]` and `VectorL10n.roomLeave` are uses of their keys.
    @Test func objectiveCSendsToAGeneratedClassAreUses() throws {
        project.write(
            "Riot/Generated/Strings.swift",
            """
            // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
            import Foundation
            @objcMembers
            public class VectorL10n: NSObject {
              public static var roomTitle: String { return VectorL10n.tr("Vector", "room_title") }
              public static func roomMessage(_ p1: String) -> String { return VectorL10n.tr("Vector", "room_message", p1) }
              public static var roomLeave: String { return VectorL10n.tr("Vector", "room_leave") }
              public static var roomUnused: String { return VectorL10n.tr("Vector", "room_unused") }
            }
            extension VectorL10n {
              static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
                String(format: NSLocalizedString(key, tableName: table, bundle: .main, comment: ""), arguments: args)
              }
            }
            """)
        project.write(
            "Riot/RoomViewController.m",
            """
            self.title = [VectorL10n roomTitle];
            NSString *message = [VectorL10n roomMessage:name];
            NSString *leave = VectorL10n.roomLeave;
            """)
        project.write(
            "Riot/en.lproj/Vector.strings",
            #""room_title" = "Room"; "room_message" = "%@"; "room_leave" = "Leave"; "room_unused" = "Old";"#)
        project.write(
            "Riot/de.lproj/Vector.strings", #""room_title" = "Raum"; "room_message" = "%@"; "room_unused" = "Alt";"#)
        #expect(
            try findings(
                """
                functions:
                  - name: VectorL10n.tr
                    key: 1
                    table: 0
                accessors:
                  - root: VectorL10n
                    file: Riot/Generated/Strings.swift

                """) == [
                    "Riot/RoomViewController.m:3: 'room_leave' is missing in de (de.lproj/Vector.strings)",
                    "Riot/en.lproj/Vector.strings:1: 'room_unused' in en.lproj/Vector.strings is not used by any call",
                ])
    }

    @Test func mostKeysUnusedIsExplainedOnceOnTheTablesFirstFinding() throws {
        let keys = (1...12).map { "Screen_Title\($0)" }
        project.write("App/Screens.swift", keys.prefix(2).map { "let _ = Strings.\($0)" }.joined(separator: "\n"))
        project.write("App/en.lproj/Localizable.strings", keys.map { "\"\($0)\" = \"Title\";" }.joined(separator: "\n"))
        let unconfigured = Linter(configuration: try ConfigurationLoader.load(file: project.write(".linza.yml", "")))
            .lint()
        #expect(unconfigured.diagnostics.count == 12)
        #expect(
            unconfigured.diagnostics.flatMap(\.notes).map(\.message) == [
                "12 of the table's 12 keys look unused: if code reads them through generated accessors (SwiftGen's L10n, "
                    + "R.swift's R.string, a home-made generator), configure accessors: in .linza.yml (linza init finds them); "
                    + "if it builds keys at run time, give the call a literal prefix or switch unused_key off for the table "
                    + "with ignore_tables"
            ])
        #expect(unconfigured.diagnostics[0].notes.count == 1)
        let configured = try findings("accessors:\n  - root: Strings\n    naming: key\n")
        #expect(configured.count == 10)
        let notes = Linter(configuration: try ConfigurationLoader.load(file: project.path + "/.linza.yml")).lint()
            .diagnostics.flatMap(\.notes)
        #expect(notes.count == 1)
    }

    @Test func aUseInAnotherModuleIsCheckedWithTheGeneratedFilesModule() throws {
        project.write(
            "Packages/Localization/Strings.swift",
            """
            // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
            public enum L10n {
              public enum Profile {
                public static let title = L10n.tr("Localizable", "profile.title", fallback: "Profile")
                public static let logout = L10n.tr("Localizable", "profile.logout", fallback: "Log out")
              }
            }
            """)
        project.write(
            "Packages/Localization/en.lproj/Localizable.strings",
            #""profile.title" = "Profile"; "profile.logout" = "Log out";"#)
        project.write("Packages/Localization/ru.lproj/Localizable.strings", #""profile.title" = "Профиль";"#)
        project.write(
            "App/ProfileView.swift",
            """
            let title = L10n.Profile.title
            let logout = MastodonLocalization.L10n.Profile.logout // linza:disable:this missing_key
            let button = L10n.Profile.logout
            """)
        project.write("App/en.lproj/Localizable.strings", #""app.name" = "App";"#)
        project.write("App/ru.lproj/Localizable.strings", #""app.name" = "Прил";"#)
        project.write("App/Main.swift", #"let name = NSLocalizedString("app.name", comment: "")"#)
        let configuration = """
            functions:
              - name: L10n.tr
                table: 0
                key: 1
                value: fallback
            accessors:
              - root: L10n
                file: Packages/Localization/Strings.swift
            modules:
              - name: Localization
                included: [Packages/Localization]
              - name: App
                included: [App]
            """
        #expect(
            try findings(configuration) == [
                "App/ProfileView.swift:3: 'profile.logout' is missing in ru (ru.lproj/Localizable.strings)"
            ])
        let usages = Linter(configuration: try ConfigurationLoader.load(file: project.path + "/.linza.yml"))
            .scanUsages().sources
        #expect(
            usages.flatMap(\.usages).compactMap(\.accessor) == [
                "L10n.Profile.title", "L10n.Profile.logout", "L10n.Profile.logout",
            ])
    }

    /// `naming:` as a transform, with plural endings; `only_keys: true` makes a member that
    /// names no key a missing key, under the key that would make it.
    @Test func aGeneratorDescribedByATransform() throws {
        project.write(
            "App/Chat.swift",
            """
            let a = Strings.Chat_LinkCopied
            let b = Strings.Chat_Members(3)
            let c = Strings.Chat_Typo
            let d = Strings.self
            """)
        project.write(
            "App/en.lproj/Localizable.strings",
            """
            "Chat.LinkCopied" = "Copied"; "Chat.Members_one" = "%d member"; "Chat.Members_few" = "%d members";
            "Chat.Members_other" = "%d members"; "Old.Key" = "Old";
            """)
        // ja has no `one` or `few` in its plural rules: only the `other` form is asked of it.
        project.write("App/ja.lproj/Localizable.strings", #""Chat.LinkCopied" = "コピー"; "Chat.Members_other" = "%d人";"#)
        let configuration = """
            accessors:
              - root: Strings
                naming: {replace: "[.]", with: "_", plural_suffixes: [_one, _few, _other]}
                only_keys: true
            """
        #expect(
            try findings(configuration) == [
                "App/Chat.swift:3: 'Chat_Typo' is missing in en (en.lproj/Localizable.strings)",
                "App/Chat.swift:3: 'Chat_Typo' is missing in ja (ja.lproj/Localizable.strings)",
                "App/en.lproj/Localizable.strings:2: 'Old.Key' in en.lproj/Localizable.strings is not used by any call",
            ])
        // Without only_keys, a member naming no key is ordinary code.
        #expect(
            try findings(configuration.replacingOccurrences(of: "\n    only_keys: true", with: "")) == [
                "App/en.lproj/Localizable.strings:2: 'Old.Key' in en.lproj/Localizable.strings is not used by any call"
            ])
    }

    @Test func theSettingIsChecked() throws {
        let file = project.write(".linza.yml", "accessors:\n  - root: L10n\n")
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(file: file) }
        for text in [
            "accessors:\n  - root: L10n\n    naming: declarations\n",
            "accessors:\n  - root: L10n\n    naming: camel\n",
            "accessors:\n  - root: 'L10n.'\n    naming: key\n",
            "accessors:\n  - root: L10n\n    file: Missing.swift\n",
            "accessors:\n  - root: L10n\n    naming: transform\n",
            "accessors:\n  - root: L10n\n    naming: {case: snake}\n",
            "accessors:\n  - root: L10n\n    naming: {replace: '^a-z'}\n",
            "accessors:\n  - root: L10n\n    naming: {letters: lower}\n",
            "accessors:\n  - root: L10n\n    naming: key\n    only_keys: maybe\n",
        ] {
            let file = project.write(".linza.yml", text)
            #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(file: file) }
        }
    }
}

@Suite struct PreviewCodeTests {
    @Test func callsInPreviewsAreNoCallSites() {
        let code = #"""
            struct MenuView: View {
                var body: some View { Text("menu.title") }
            }
            #Preview("Empty") {
                MenuView().navigationTitle("preview.title")
            }
            struct MenuView_Previews: PreviewProvider, Sendable {
                static var previews: some View { Text("preview.sample") }
            }
            let after = NSLocalizedString("after.previews", comment: "")
            """#
        let scanner = SourceScanner(
            recognizer: CallRecognizer(
                functions: BuiltInFunctions.functions(disabled: [], swiftUI: true),
                defaultTable: "Localizable"))
        let keys = scanner.scan(Array(code.utf8), path: "/p/MenuView.swift").usages.compactMap(\.key.literal)
        #expect(keys == ["menu.title", "after.previews"])
    }
}

/// A generator's rule written in `.linza.yml` (`naming: {case: …, replace: …}`).
@Suite struct KeyTransformTests {
    let lowerUnderscores = KeyTransform(letterCase: .lower, replace: CharacterClass("[^A-Za-z0-9]"), with: "_")

    @Test func makesMembersAsTheGeneratorDoes() {
        #expect(lowerUnderscores.member(of: "common.button.sign-out")?.name == "common_button_sign_out")
        #expect(
            KeyTransform(replace: CharacterClass("[.]")).member(of: "Conversation.LinkCopied")?.name
                == "Conversation_LinkCopied")
        let camel = KeyTransform(letterCase: .camel, replace: CharacterClass("[._ -]"))
        #expect(camel.member(of: "Settings.push notifications")?.name == "settingsPushNotifications")
        #expect(
            KeyTransform(letterCase: .pascal, replace: CharacterClass("[.]"), prefix: "L").member(of: "a.b")?.name
                == "LAB")
        #expect(
            KeyTransform(letterCase: .upper, replace: CharacterClass("[.]"), suffix: "_T").member(of: "a.b")?.name
                == "A_B_T")
        #expect(lowerUnderscores.member(of: "") == nil)
    }

    @Test func pluralFormsShareTheMemberOfTheirStem() {
        let telegram = KeyTransform(
            replace: CharacterClass("[.]"), pluralSuffixes: ["_0", "_1", "_2", "_3_10", "_many", "_any"])
        #expect(telegram.member(of: "Chat.Members_3_10")! == ("Chat_Members", true))
        #expect(telegram.member(of: "Chat.Members_any")! == ("Chat_Members", true))
        #expect(telegram.pluralSuffix(of: "Chat.Members_3_10") == "_3_10")
        // A key that is all ending is no plural form of anything.
        #expect(telegram.member(of: "_any")! == ("_any", false))
    }

    @Test func namesTheKeyThatMakesAMember() {
        #expect(lowerUnderscores.key(making: "cart_titel") == "cart_titel")
        // Upper case never comes out of a lower-case rule: no key makes it.
        #expect(lowerUnderscores.key(making: "Cart_titel") == nil)
        let prefixed = KeyTransform(replace: CharacterClass("[.]"), prefix: "s_")
        #expect(prefixed.key(making: "s_title") == "title")
        #expect(prefixed.key(making: "title") == nil)
    }

    @Test func characterClasses() {
        let others = CharacterClass("[^A-Za-z0-9]")!
        #expect(others.contains(".") && others.contains("-") && !others.contains("a") && !others.contains("7"))
        let listed = CharacterClass("[-._]")!
        #expect(listed.contains("-") && listed.contains("_") && !listed.contains("a"))
        #expect(CharacterClass("^a-z") == nil && CharacterClass("[]") == nil && CharacterClass("[z-a]") == nil)
    }

    @Test func asciiKeysMakeTheMembersTheirCharactersMake() {
        // What `member(of:)` made character by character before ASCII stems were done on bytes.
        func byCharacters(_ key: String, _ transform: KeyTransform) -> String? {
            let ending = transform.pluralSuffix(of: key)
            var body = ""
            for character in key.dropLast(ending?.count ?? 0) {
                body += transform.replace?.contains(character) ?? false ? transform.with : String(character)
            }
            body =
                transform.letterCase == .lower
                ? body.lowercased() : transform.letterCase == .upper ? body.uppercased() : body
            return body.isEmpty ? nil : transform.prefix + body + transform.suffix
        }
        let classes = ["[^A-Za-z0-9]", "[.]", "[-._]", "[^a-z]", "[ -~]", "[]a]", "[^é-ü]"].map { CharacterClass($0)! }
        for characterClass in classes {
            for scalar in 0..<128 {
                let character = Character(UnicodeScalar(UInt8(scalar)))
                #expect(characterClass.containsASCII(UInt8(scalar)) == characterClass.contains(character))
            }
        }
        let keys = [
            "common.button.sign-out", "Chat.Members_3_10", "A.b C-d_E", "Ünïcode.key", "line\r\nbreak", "tab\tkey",
            "x", "_any", "MiXeD.CaSe.9", "",
        ]
        for characterClass in classes + [nil] {
            for letterCase in [KeyTransform.LetterCase.keep, .lower, .upper] {
                for with in ["_", "", "·"] {
                    let transform = KeyTransform(
                        letterCase: letterCase, replace: characterClass, with: with, prefix: "p", suffix: "S",
                        pluralSuffixes: ["_3_10", "_any"])
                    for key in keys {
                        #expect(transform.member(of: key)?.name == byCharacters(key, transform), "\(key) \(transform)")
                    }
                }
            }
        }
    }

    @Test func describesItselfAsTheConfigurationDoes() {
        #expect(lowerUnderscores.description == #"{case: lower, replace: "[^A-Za-z0-9]", with: "_"}"#)
        #expect(
            KeyTransform(letterCase: .camel, replace: CharacterClass("[.]"), pluralSuffixes: ["_one", "_other"])
                .description
                == #"{case: camel, replace: "[.]", plural_suffixes: [_one, _other]}"#)
    }
}
