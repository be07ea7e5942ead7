// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "BrowserKit",
    defaultLocalization: "en",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "SharedUI", targets: ["SharedUI"]),
        .library(name: "MacSupport", targets: ["MacSupport"]),
    ],
    targets: [
        .target(name: "Formatting"),
        .target(name: "SharedUI", dependencies: ["Formatting"]),
        .target(name: "MacSupport", dependencies: [.target(name: "Formatting"), "UpdateKit"]),
        .testTarget(name: "SharedUITests", dependencies: ["SharedUI"]),
    ]
)
