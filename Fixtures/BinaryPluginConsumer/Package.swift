// swift-tools-version: 6.1
// A package that checks its localizations with the prebuilt Linza: it depends on the binary
// plugin package Scripts/release.sh writes (dist/LinzaPlugins), so building it builds nothing
// of Linza. Scripts/test-integrations.sh builds it next to a copy of that package; a real
// project depends on the published one: .package(url: "https://github.com/OWNER/LinzaPlugins", from: "0.1.0").
import PackageDescription

let package = Package(
    name: "CourierChat",
    defaultLocalization: "en",
    products: [.library(name: "CourierChat", targets: ["CourierChat"])],
    dependencies: [.package(path: "../LinzaPlugins")],
    targets: [
        .target(
            name: "CourierChat",
            resources: [.process("Resources")],
            plugins: [.plugin(name: "LinzaPlugin", package: "LinzaPlugins")]
        ),
    ]
)
