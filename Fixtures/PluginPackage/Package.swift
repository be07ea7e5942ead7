// swift-tools-version: 6.1
// A package that checks its localizations with LinzaPlugin on every build.
// Scripts/test-integrations.sh builds it next to a `linza` link to this repository.
import PackageDescription

let package = Package(
    name: "DeliveryTracker",
    defaultLocalization: "en",
    products: [.library(name: "DeliveryTracker", targets: ["DeliveryTracker"])],
    dependencies: [.package(path: "../linza")],
    targets: [
        .target(
            name: "DeliveryTracker",
            resources: [.process("Resources")],
            plugins: [.plugin(name: "LinzaPlugin", package: "linza")]
        ),
    ]
)
