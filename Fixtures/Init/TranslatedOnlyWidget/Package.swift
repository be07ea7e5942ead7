// swift-tools-version:5.9
import PackageDescription

// A menu module with English and German tables, and a widget whose English text lives in
// its calls' value: (exported from code): it ships only the German table.
let package = Package(
    name: "Pizza",
    defaultLocalization: "en",
    platforms: [.iOS(.v17)],
    products: [.library(name: "Pizza", targets: ["Menu", "OrderWidget"])],
    targets: [
        .target(name: "Menu", resources: [.process("Resources")]),
        .target(name: "OrderWidget", resources: [.process("Resources")]),
    ]
)
