// swift-tools-version:5.5
import PackageDescription

let package = Package(
    name: "Postbox",
    products: [.library(name: "Postbox", targets: ["Postbox"])],
    targets: [
        .target(name: "Postbox", path: "Sources"),
    ]
)
