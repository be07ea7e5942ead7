@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaLint
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
import LinzaTestSupport
import Testing

/// What `init` takes for a generator's output or use.
@Suite struct GeneratorDetectionTests {
    let project = TemporaryDirectory()

    @Test func rSwiftIsTheToolNotAFileNameEndingInIt() {
        #expect(GeneratedAccessors.mentionsRSwift("pod 'r.swift', '~> 5.4'"))
        #expect(GeneratedAccessors.mentionsRSwift("\"$pods_root/r.swift/rswift\" generate"))
        #expect(GeneratedAccessors.mentionsRSwift("name = \"r.swift\";"))
        #expect(!GeneratedAccessors.mentionsRSwift("path = bottombar.swift; path = safariextensionhandler.swift;"))
        // CotEditor's `Package.swift`: a product whose name ends in `rswift` is no mention.
        #expect(!GeneratedAccessors.mentionsRSwift(#".product(name: "treesitterswift", package: "tree-sitter-swift")"#))
    }

    @Test func swiftGenAssetOutputIsNoStringAccessor() {
        let assets = project.write(
            "Generated/Assets.swift",
            """
            // swiftlint:disable all
            // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
            internal enum Asset {
              internal enum Colors {
                internal static let primary = ColorAsset(name: "Colors/primary")
              }
            }
            """)
        let strings = project.write(
            "Generated/Strings.swift",
            """
            // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
            // MARK: - Strings
            internal enum L10n {
              internal static let title = L10n.tr("Localizable", "title", fallback: "Title")
            }
            """)
        let found = GeneratedAccessors.find(in: project.path, sources: [assets, strings], buildDescriptions: [])
        #expect(found.map(\.file) == [strings])
    }
}

/// home-assistant's SwiftGen output: `tr` reads through the app's own `Current.localized`, so
/// the declarations say nothing, and the table its members pass is the accessors' table.
@Suite struct SwiftGenTableTests {
    let project = TemporaryDirectory()

    func generated(_ name: String, members: String) -> String {
        project.write(
            "Swiftgen/\(name).swift",
            """
            // Generated using SwiftGen — https://github.com/SwiftGen/SwiftGen
            // MARK: - Strings
            public enum \(name) {
            \(members)
            }
            extension \(name) {
              private static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
                let format = Current.localized.string(key, table)
                return String(format: format, locale: Locale.current, arguments: args)
              }
            }
            """)
    }

    @Test func flatOutputReadingThroughTheAppGetsTheTableItsMembersPass() {
        let file = generated(
            "CoreStrings",
            members: """
                  /// Active
                  public static var commonStateActive: String { return CoreStrings.tr("Core", "common::state::active") }
                  public static func commonCount(_ p1: Int) -> String { return CoreStrings.tr("Core", "common::count", p1) }
                """)
        let accessor = GeneratedAccessors(tool: .swiftGen, file: file, evidence: "Swiftgen/CoreStrings.swift")
            .accessor(forms: BuiltInFunctions.functions())
        #expect(accessor == AccessorSet(root: "CoreStrings", naming: .swiftGenFlat, file: file, table: "Core"))
    }

    @Test func severalTablesOrNoneLeaveTheDefault() {
        let mixed = generated(
            "Mixed",
            members: """
                  public static var a: String { return Mixed.tr("Core", "a") }
                  public static var b: String { return Mixed.tr("Frontend", "b") }
                """)
        let dynamic = generated(
            "Dynamic",
            members: """
                  public static var a: String { return Dynamic.tr(table, "a") }
                """)
        let none = generated("Empty", members: "")
        for (root, file) in [("Mixed", mixed), ("Dynamic", dynamic), ("Empty", none)] {
            #expect(GeneratedAccessors.table(passedBy: root, in: file) == nil, "\(root)")
        }
    }
}

/// `init`'s wrappers: Rectangle's property and method both named `localized`.
@Suite struct WrapperInferenceTests {
    let project = TemporaryDirectory()

    @Test func twoFormsOfOneNameAreCountedApart() {
        let file = project.write(
            "StringExtension.swift",
            #"""
            extension String {
                var localized: String { NSLocalizedString(self, tableName: "Main", comment: "") }
                func localized(key: String) -> String { NSLocalizedString(key, tableName: "Main", value: self, comment: "") }
            }
            let a = "Update Available…".localized
            let b = "About".localized
            let c = "Check for Updates…".localized(key: "HIK-3r-i7E.title")
            """#)
        let found = WrapperInference.candidates(sources: [file], builtIn: BuiltInFunctions.functions())
        #expect(found.map(\.wrapper.function.displayName) == ["localized", "localized(key:)"])
        #expect(found.map(\.wrapper.function.value) == [nil, .receiver])
        #expect(found.map(\.literalCalls) == [2, 1])
    }

    /// element-x-ios: SwiftGen's `L10n.tr` forwards to `trIn`, called unqualified inside
    /// `extension L10n`; code calls `L10n.tr("Localizable", "key", …)` directly.
    @Test func aStaticMemberCalledUnqualifiedInsideItsTypeIsAWrapperToo() {
        let file = project.write(
            "Strings.swift",
            #"""
            nonisolated extension L10n {
              static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
                for language in languages {
                  if let translation = trIn(language, table, key, args) { return translation }
                }
                return key
              }
              private static func trIn(_ language: String, _ table: String, _ key: String, _ args: CVarArg...) -> String? {
                let format = NSLocalizedString(key, tableName: table, bundle: bundle(language), comment: "")
                return String(format: format, arguments: args)
              }
            }
            func trIn(_ key: String) -> String { key }
            let a = L10n.tr("Localizable", "screen_room_timeline_reaction_a11y", count, name)
            let b = L10n.tr("Localizable", "common_many_members", count)
            """#)
        let found = WrapperInference.candidates(sources: [file], builtIn: BuiltInFunctions.functions())
        let tr = found.first { $0.wrapper.function.name == "L10n.tr" }
        #expect(tr?.wrapper.function.key == .position(1))
        #expect(tr?.wrapper.function.table == .position(0))
        #expect(tr?.literalCalls == 2)
        // A free function of the member's name elsewhere is not the member.
        #expect(!found.contains { $0.wrapper.function.name == "trIn" })
    }
}

/// `init` trying the generators' rules on the members code reads.
@Suite struct AccessorNamingInferenceTests {
    func root(_ name: String, members: Set<String>, declared: Bool = false) -> UnseenAccessors.Root {
        var root = UnseenAccessors.Root(
            name: name, uses: members.count, keys: [], first: Location(file: "/a.swift", line: 1, column: 1),
            firstMember: members.first ?? "",
            declaration: declared ? Location(file: "/b.swift", line: 1, column: 1) : nil)
        root.members = members
        return root
    }

    @Test func picksTheRuleThatExplainsTheMostMembers() {
        let keys = ["common.button.share", "cart.title", "cart.empty_message"]
        let kiwix = AccessorNamingInference.choose(
            for: root(
                "LocalString",
                members: [
                    "common_button_share", "cart_title",
                    "cart_empty_message", "cart_gone",
                ]), keys: keys)
        #expect(kiwix.accessor.namingText == #"{case: lower, replace: "[^A-Za-z0-9]", with: "_"}"#)
        #expect(kiwix.explained == 3 && kiwix.members == 4 && kiwix.accessor.onlyKeys)
        let flat = AccessorNamingInference.choose(
            for: root("L10n", members: ["commonButtonShare", "cartTitle"], declared: true),
            keys: keys)
        #expect(flat.accessor.naming == .swiftGenFlat && !flat.accessor.onlyKeys)
    }

    @Test func pluralEndingsThatMoreKeysHaveWin() {
        let keys = ["Chat.Members_1", "Chat.Members_3_10", "Chat.Members_many", "Chat.Members_any", "Chat.Title"]
        let choice = AccessorNamingInference.choose(
            for: root("strings", members: ["Chat_Members", "Chat_Title"]), keys: keys)
        #expect(choice.accessor.transform?.pluralSuffixes == ["_0", "_1", "_2", "_3_10", "_many", "_any"])
        #expect(choice.keys == Set(keys))
        // A lower-case root may be any variable.
        #expect(!choice.accessor.onlyKeys)
    }

    @Test func lettersWhenNoExactRuleExplainsNearlyAsMuch() {
        // Each member spells its key in its own way: only `letters` explains them all.
        let keys = ["a.one", "b_two", "cThree", "d-four"]
        let choice = AccessorNamingInference.choose(
            for: root("S", members: ["A_One", "bTwo", "c_three", "dFour"]), keys: keys)
        #expect(choice.accessor.naming == .letters && choice.explained == 4)
    }
}
