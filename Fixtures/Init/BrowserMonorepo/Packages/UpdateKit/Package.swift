// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "UpdateKit",
    platforms: [.macOS(.v14)],
    products: [.library(name: "UpdateKit", targets: ["UpdateKit"])],
    targets: [.target(name: "UpdateKit")]
)
