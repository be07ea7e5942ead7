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

    /// Pocket Casts: `L10n.tr` (1,501 literal keys) calls `L10n.localizedFormat`, which code
    /// also calls with keys read from JSON (here four times: more than a few). Left out for having no literal call, its own
    /// body was the `dynamic_key` finding that blocked prune; configured as the chain's next
    /// link, its body forwards and its two JSON calls are reported where the keys are made.
    @Test func aWrapperAConfiguredWrapperCallsIsConfiguredToo() {
        let file = project.write(
            "Strings.swift",
            #"""
            extension L10n {
              static func localizedFormat(_ key: String, _ table: String?) -> String {
                Bundle.main.localizedString(forKey: key, value: nil, table: table)
              }
              static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
                let format = L10n.localizedFormat(key, table)
                return String(format: format, locale: Locale.current, arguments: args)
              }
            }
            let a = L10n.tr("Localizable", "hang_on")
            let b = L10n.tr("Localizable", "rating_submitted")
            let c = L10n.localizedFormat(review.title, nil)
            let d = L10n.localizedFormat(review.body, nil)
            let e = L10n.localizedFormat(page.title, nil)
            let f = L10n.localizedFormat(page.body, nil)
            """#)
        let found = WrapperInference.candidates(sources: [file], builtIn: BuiltInFunctions.functions())
        let format = found.first { $0.wrapper.function.name == "L10n.localizedFormat" }
        #expect(format?.literalCalls == 0 && format?.dynamicCalls == 4)
        #expect(format?.calledBy == "L10n.tr" && format?.isUseful == true)
        #expect(found.first { $0.wrapper.function.name == "L10n.tr" }?.calledBy == nil)
    }

    /// element-x-ios' `SASL10n.localizedDescription(for:)`, called once with a variable:
    /// configured, its call is the one `dynamic_key` finding (about table SAS only) instead of
    /// its chain's body, whose table is a variable too (blocking prune on every table). A
    /// wrapper called with variables only, more than a few times, is still left out.
    @Test func aWrapperCalledAFewTimesWithVariablesOnlyIsConfigured() {
        let file = project.write(
            "SAS.swift",
            #"""
            enum SASL10n {
                static func localizedDescription(for key: String) -> String { NSLocalizedString(key, tableName: "SAS", comment: "") }
            }
            enum Errors {
                static func text(_ key: String) -> String { NSLocalizedString(key, tableName: "Errors", comment: "") }
            }
            let a = SASL10n.localizedDescription(for: description.lowercased())
            let b = Errors.text(code1)
            let c = Errors.text(code2)
            let d = Errors.text(code3)
            let e = Errors.text(code4)
            """#)
        let found = WrapperInference.candidates(sources: [file], builtIn: BuiltInFunctions.functions())
        #expect(found.first { $0.wrapper.function.name == "SASL10n.localizedDescription" }?.isUseful == true)
        #expect(found.first { $0.wrapper.function.name == "Errors.text" }?.isUseful == false)
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
