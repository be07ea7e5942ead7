// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Weather",
    defaultLocalization: "en",
    platforms: [.iOS(.v17)],
    products: [.library(name: "Weather", targets: ["App"])],
    targets: [
        .target(name: "App", dependencies: ["Own"], resources: [.process("Resources")]),
        .target(name: "Own"),
    ]
)
