@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaLint
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
import LinzaTestSupport
import Testing

/// Who embeds whom, as `init` reads it from `Package.swift` and `project.pbxproj`, and the
/// modules it makes of that (Fixtures/Init/BrowserMonorepo: an iOS app embedding an
/// extension, a macOS app embedding a login item, a package both link, a tool no app embeds).
@Suite struct TargetGraphTests {
    static let fixture = Repository.fixtures + "/Init/BrowserMonorepo"

    @Test func manifestProductsAndDependencies() {
        let manifest = PackageManifest(
            Array(
                """
                let package = Package(
                    name: "Kit",
                    products: [.library(name: "UI", type: .dynamic, targets: ["UI", "Icons"]), .executable(name: "tool", targets: ["Tool"])],
                    targets: [
                        .target(name: "UI", dependencies: ["Icons", .target(name: "Core"), .byName(name: "Log"),
                                                           .product(name: "Collections", package: "swift-collections",
                                                                    condition: .when(platforms: [.iOS]))]),
                        .target(name: "Icons", dependencies: names),
                        .executableTarget(name: "Tool", path: "Tools/Main"),
                    ]
                )
                """.utf8))
        #expect(manifest.name == "Kit")
        #expect(
            manifest.products == [.init(name: "UI", targets: ["UI", "Icons"]), .init(name: "tool", targets: ["Tool"])])
        // `.target(name: "Core")` in a dependency list is no target of the package.
        #expect(manifest.targets.map(\.name) == ["UI", "Icons", "Tool"])
        #expect(
            manifest.targets[0].dependencies == [
                .init(name: "Icons", package: nil), .init(name: "Core", package: nil),
                .init(name: "Log", package: nil),
                .init(name: "Collections", package: "swift-collections"),
            ])
        // A computed list cannot be read: no dependencies rather than wrong ones.
        #expect(manifest.targets[1].dependencies.isEmpty)
        #expect(manifest.targets[2].folder == "Tools/Main")
    }

    /// mastodon-ios's `MastodonSDK/Package.swift`: `.library(name: "MastodonSDKDynamic",
    /// targets: publicLibraryTargets)` with the list in a top-level `let`.
    @Test func manifestListsNamedAtTopLevelAreResolved() {
        let manifest = PackageManifest(
            Array(
                """
                // swift-tools-version:5.9
                import PackageDescription

                let publicTargets = [
                    "Core", // the model
                    "UI",
                ]
                var extras: [String] = ["Icons"]
                let common: [Target.Dependency] = ["Core", .product(name: "Nuke", package: "Nuke")]
                let computed = publicTargets.map { $0 + "Kit" }
                var grown = ["Core"]
                grown.append("UI")
                #if os(Linux)
                let platformTargets = ["Linux"]
                #else
                let platformTargets = ["Darwin"]
                #endif
                let empty: [String] = []

                let package = Package(
                    name: "Kit",
                    products: [
                        .library(name: "Kit", type: .dynamic, targets: publicTargets),
                        .library(name: "All", targets: publicTargets + extras + ["Tool"] + empty),
                        .library(name: "Computed", targets: computed),
                        .library(name: "Grown", targets: grown),
                        .library(name: "Platform", targets: platformTargets),
                        .library(name: "Unknown", targets: undeclared),
                        .library(name: "Called", targets: publicTargets.filter { $0 != "UI" }),
                    ],
                    targets: [
                        .target(name: "UI", dependencies: common + ["Icons"]),
                        .target(name: "Icons", dependencies: common),
                    ]
                )
                """.utf8))
        let products = Dictionary(uniqueKeysWithValues: manifest.products.map { ($0.name, $0.targets) })
        #expect(products["Kit"] == ["Core", "UI"])
        // A `var` nothing changes is as good as a `let`; `+` joins lists and literals.
        #expect(products["All"] == ["Core", "UI", "Icons", "Tool"])
        // What only running the manifest settles stays unresolved: no targets, not a guess.
        #expect(products["Computed"] == [])
        #expect(products["Grown"] == [])
        #expect(products["Platform"] == [])
        #expect(products["Unknown"] == [])
        #expect(products["Called"] == [])
        #expect(manifest.targets.map(\.name) == ["UI", "Icons"])
        #expect(
            manifest.targets[0].dependencies == [
                .init(name: "Core", package: nil), .init(name: "Nuke", package: "Nuke"),
                .init(name: "Icons", package: nil),
            ])
        #expect(
            manifest.targets[1].dependencies == [
                .init(name: "Core", package: nil), .init(name: "Nuke", package: "Nuke"),
            ])
    }

    @Test func truncatedManifestsDoNotCrash() {
        let text =
            #"let names: [String] = ["UI"] + ["Icons"]; let package = Package(name: "Kit", products: [.library(name: "UI", targets: names + ["UI""#
            + #"]), targets: [.target(name: "UI", dependencies: [.product(name: "X", package: "#
        for end in text.indices {
            _ = PackageManifest(Array(text[..<end].utf8))
        }
        // Each line doubles the list: 2^60 elements if nothing stopped it.
        let doubling =
            "let l0 = [\"A\"]\n" + (1...60).map { "let l\($0) = l\($0 - 1) + l\($0 - 1)\n" }.joined()
            + #"let package = Package(name: "Kit", products: [.library(name: "Kit", targets: l60), .library(name: "Few", targets: l3)])"#
        let manifest = PackageManifest(Array(doubling.utf8))
        #expect(
            manifest.products == [
                .init(name: "Kit", targets: []), .init(name: "Few", targets: Array(repeating: "A", count: 8)),
            ])
    }

    @Test func anXcodeTargetEmbedsWhatItsPhasesAndDependenciesName() throws {
        let project = try XcodeProject(path: Self.fixture + "/Browser.xcodeproj")
        let byID = Dictionary(uniqueKeysWithValues: project.targets.map { ($0.id, $0.name) })
        func embedded(_ name: String) -> [String] {
            project.targets.first { $0.name == name }!.embeds.compactMap { byID[$0.target] }.sorted()
        }
        // Through a target dependency's proxy and the copy-files phase's product: once.
        #expect(embedded("Browser iOS") == ["ShareExtension"])
        #expect(embedded("Browser macOS") == ["Updater"])
        #expect(embedded("TestServer").isEmpty)
        #expect(project.targets.first { $0.name == "Browser iOS" }!.packageProducts == ["SharedUI"])
        #expect(project.targets.first { $0.name == "Browser macOS" }!.packageProducts == ["SharedUI", "MacSupport"])
    }

    @Test func aTargetWithoutTablesReadsOnlyTheTablesOfTheAppThatEmbedsIt() {
        let survey = ProjectSurvey(surveying: Self.fixture)
        let modules = Dictionary(uniqueKeysWithValues: survey.modules.map { ($0.name, $0) })
        #expect(modules.keys.sorted() == ["Browser iOS", "Browser macOS"])
        func sources(_ name: String) -> [String] {
            modules[name]!.sources.map { Path.relative($0, to: Self.fixture)! }.sorted()
        }
        // UpdateKit, a product of another package that MacSupport names by its bare name, too.
        #expect(
            sources("Browser macOS") == [
                "Packages/BrowserKit/Sources/MacSupport/PreferencesWindow.swift",
                "Packages/UpdateKit/Sources/UpdateKit/RestartPrompt.swift",
                "macOS/App/MainWindowController.swift", "macOS/Updater/UpdateNotifier.swift",
            ])
        // The package both apps link is checked with the first module that embeds it.
        #expect(
            sources("Browser iOS") == [
                "Packages/BrowserKit/Sources/Formatting/Titles.swift",
                "Packages/BrowserKit/Sources/SharedUI/DoneButton.swift",
                "iOS/App/BrowserViewController.swift", "iOS/ShareExtension/ShareViewController.swift",
            ])
        #expect(survey.sharedTargets.map(\.name) == ["Formatting", "SharedUI"])
        #expect(survey.sharedTargets.allSatisfy { $0.modules == ["Browser iOS", "Browser macOS"] })
        #expect(survey.unembeddedTargets.map(\.origin) == ["target TestServer (tool) in Browser.xcodeproj"])
        #expect(
            survey.uncompiledSources.map { Path.relative($0, to: Self.fixture)! } == ["iOS/App/Legacy/OldBanner.swift"])
    }

    @Test func noModuleIncludesAnotherTargetsCodeOrCodeNoTargetCompiles() {
        let text = StarterConfiguration(surveying: Self.fixture).text()
        // Each module lists only its targets' code: the tool's folder and iOS/App/Legacy are in none.
        #expect(
            text.contains(
                """
                  - name: "Browser iOS"   # target Browser iOS (application) in Browser.xcodeproj and 3 more
                    included:
                      - Packages/BrowserKit/Sources/Formatting
                      - Packages/BrowserKit/Sources/SharedUI
                      - iOS/App/BrowserViewController.swift
                      - iOS/ShareExtension
                    resources: [iOS]
                  - name: "Browser macOS"   # target Browser macOS (application) in Browser.xcodeproj and 3 more
                    included: [Packages/BrowserKit/Sources, Packages/UpdateKit/Sources, macOS]
                    resources: [macOS]
                """))
        #expect(!text.contains("included: [.]"))
    }
}
