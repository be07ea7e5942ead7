// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Toast",
    defaultLocalization: "en",
    targets: [.target(name: "Toast", resources: [.process("Resources")])]
)
