// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Shop",
    defaultLocalization: "en",
    platforms: [.iOS(.v17)],
    products: [.library(name: "Shop", targets: ["Checkout", "Profile"])],
    targets: [
        .target(name: "Checkout", resources: [.process("Resources")]),
        .target(name: "Profile", path: "Features/Profile", resources: [.process("Resources")]),
        .testTarget(name: "CheckoutTests", dependencies: ["Checkout"]),
    ]
)
