// swift-tools-version:5.5
import PackageDescription

let package = Package(
    name: "TelegramCore",
    products: [.library(name: "TelegramCore", targets: ["TelegramCore"])],
    dependencies: [.package(name: "Postbox", path: "../Postbox")],
    targets: [
        .target(
            name: "TelegramCore",
            dependencies: [.product(name: "Postbox", package: "Postbox")],
            path: "Sources"),
    ]
)
