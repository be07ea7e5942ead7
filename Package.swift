// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Linza",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "linza", targets: ["linza"]),
        .library(name: "LinzaKit", targets: ["LinzaKit"]),
        .plugin(name: "LinzaPlugin", targets: ["LinzaPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
        // The engine: no printing, no exit.
        .target(name: "LinzaKit", dependencies: ["LinzaYAML"]),
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
        .testTarget(name: "LinzaKitTests", dependencies: ["LinzaKit"]),
        // Runs the built `linza` (and `linza-bench`) binaries; the dependencies make `swift test` build them.
        .testTarget(name: "LinzaCLITests", dependencies: ["linza", "linza-bench"]),
    ]
)
