// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Linza",
    platforms: [.macOS(.v13)],
    products: [
        // Linza is a tool, not a library: its modules share `package` declarations only.
        .executable(name: "linza", targets: ["linza"]),
        .plugin(name: "LinzaPlugin", targets: ["LinzaPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // The system libyaml, found through pkg-config. Named CLibYAML because Yams owns `CYaml`.
        .systemLibrary(
            name: "CLibYAML",
            path: "Sources/CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // The only importer of CLibYAML: YAML text -> node tree with 1-based positions.
        .target(name: "LinzaYAML", dependencies: ["CLibYAML"]),
        // The engine, in floors that import only the floors below them (docs/ARCHITECTURE.md).
        // None of them prints or exits.
        // Locations, diagnostics, files, JSON, concurrency.
        .target(name: "LinzaBase"),
        // Swift and Objective-C lexers and call recognition.
        .target(name: "LinzaSources", dependencies: ["LinzaBase"]),
        // Table models and the .strings, .stringsdict and .xcstrings readers.
        .target(name: "LinzaTables", dependencies: ["LinzaBase"]),
        // `.linza.yml` and which files it selects.
        .target(name: "LinzaConfiguration", dependencies: ["LinzaBase", "LinzaSources", "LinzaTables", "LinzaYAML"]),
        // The rules, the project index they read, and the passes that run them.
        .target(name: "LinzaRules", dependencies: ["LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration"]),
        // Reporters and listings: findings in, text out.
        .target(name: "LinzaReporting", dependencies: ["LinzaBase", "LinzaSources", "LinzaTables", "LinzaRules"]),
        // The lint pipeline: discovery, scanning (and its cache), binding accessors and
        // bundles, the rules' passes, baselines, status.
        .target(
            name: "LinzaLint",
            dependencies: [
                "LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaRules", "LinzaReporting",
            ]),
        // The writers' planners: sync, prune, rename, move.
        .target(
            name: "LinzaWriting",
            dependencies: [
                "LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaRules", "LinzaLint",
            ]),
        // `linza init`: the survey of a project and the configuration inferred from it.
        .target(
            name: "LinzaSetup",
            dependencies: [
                "LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaRules", "LinzaLint",
            ]),
        // The facade the CLI, the plugin and the benchmarks import: it only re-exports.
        .target(
            name: "LinzaKit",
            dependencies: [
                "LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaRules", "LinzaReporting",
                "LinzaLint", "LinzaWriting", "LinzaSetup",
            ]),
        // Entry points for fuzzing the parsers and writers (Scripts/fuzz.sh); the linza
        // product does not depend on it.
        .target(
            name: "LinzaFuzzing",
            dependencies: [
                "LinzaBase", "LinzaSources", "LinzaTables", "LinzaConfiguration", "LinzaKit",
            ]),
        .executableTarget(
            name: "linza",
            dependencies: [
                "LinzaKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Checks a target's localizations on every build (SwiftPM and Xcode).
        .plugin(name: "LinzaPlugin", capability: .buildTool(), dependencies: ["linza"]),
        // Benchmarks; the linza product does not depend on it.
        .executableTarget(
            name: "linza-bench",
            dependencies: [
                "LinzaKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "LinzaYAMLTests", dependencies: ["LinzaYAML"]),
        // What the unit tests share: temporary folders, marked text, the repository's folders.
        .target(name: "LinzaTestSupport", path: "Tests/Support"),
        .testTarget(name: "LinzaKitTests", dependencies: ["LinzaKit", "LinzaFuzzing", "LinzaTestSupport"]),
        .testTarget(name: "LinzaWritingTests", dependencies: ["LinzaWriting", "LinzaTestSupport"]),
        .testTarget(name: "LinzaSetupTests", dependencies: ["LinzaSetup", "LinzaTestSupport"]),
        // Runs the built `linza` (and `linza-bench`) binaries; the dependencies make `swift test` build them.
        .testTarget(name: "LinzaCLITests", dependencies: ["linza", "linza-bench"]),
    ]
)
