import LinzaBase

/// The targets a `Package.swift` declares, read from its tokens (Linza does not run the
/// manifest): `.target(name: "Checkout", path: "Sources/Checkout")` and the like, what each
/// depends on, the products that expose them, plus the package's `defaultLocalization`.
/// A list given by name (`targets: publicLibraryTargets`) is read when `ManifestLists` can
/// settle it from the manifest's top level; otherwise it is empty, never guessed.
package struct PackageManifest: Sendable, Hashable {
    package struct Target: Sendable, Hashable {
        package var name: String
        /// `target`, `executableTarget`, `testTarget`, `macro`, …
        package var kind: String
        /// The `path:` argument, relative to the package folder; nil for the default
        /// (`Sources/<name>`, `Tests/<name>` for tests).
        package var path: String?
        /// Its `dependencies:`, in order.
        package var dependencies: [Dependency] = []

        package var isTest: Bool { kind == "testTarget" }

        /// Where the target's files are, relative to the package folder.
        package var folder: String {
            path ?? ((isTest ? "Tests/" : "Sources/") + name)
        }
    }

    /// One entry of a target's `dependencies:`: `"Name"` or `.target(name:)`/`.byName(name:)`
    /// (a target or product of the same package), or `.product(name:package:)`.
    package struct Dependency: Sendable, Hashable {
        package var name: String
        /// The package of a `.product(…)`; nil for a name in this package.
        package var package: String?
    }

    /// A `.library(…)`/`.executable(…)` product and the targets it is made of.
    package struct Product: Sendable, Hashable {
        package var name: String
        package var targets: [String]
    }

    /// The package's `name:`.
    package var name: String?
    package var defaultLocalization: String?
    package var targets: [Target]
    package var products: [Product]

    /// Reads the manifest's text.
    package init(_ bytes: [UInt8]) {
        var targets: [Target] = []
        var products: [Product] = []
        var defaultLocalization: String?
        var name: String?
        bytes.withUnsafeBufferPointer { buffer in
            let tokens = SwiftLexer.tokenize(buffer).tokens
            let source = TokenSource(tokens: tokens, bytes: buffer, language: .swift)
            let lists = ManifestLists(source)
            // A `.target(name:)` inside a declaration's arguments is a dependency, not a target.
            var declarationEnd = 0
            for index in tokens.indices where tokens[index].kind == .identifier && index + 1 < tokens.count {
                let word = source.string(index)
                if word == "defaultLocalization", tokens[index + 1].kind == .colon, index + 2 < tokens.count {
                    defaultLocalization = source.literalText(index + 2..<index + 3)
                }
                // `Package(name: "Shop", …)`: the first `name:` before any product's or target's.
                if word == "name", name == nil, targets.isEmpty, products.isEmpty, tokens[index + 1].kind == .colon,
                    index + 2 < tokens.count
                {
                    name = source.literalText(index + 2..<index + 3)
                }
                guard index >= declarationEnd, index >= 1, tokens[index - 1].kind == .period,
                    tokens[index + 1].kind == .leftParen,
                    Self.targetKinds.contains(word) || Self.productKinds.contains(word),
                    let arguments = source.arguments(afterOpenParen: index + 1),
                    let name = Self.literal("name", in: arguments, source)
                else { continue }
                declarationEnd = arguments.last.map(\.value.upperBound) ?? index
                if Self.productKinds.contains(word) {
                    let members = Self.value("targets", in: arguments, source).map { lists.elements($0) ?? [] } ?? []
                    products.append(Product(name: name, targets: members.compactMap { source.literalText($0) }))
                } else {
                    let dependencies =
                        Self.value("dependencies", in: arguments, source)
                        .map { (lists.elements($0) ?? []).compactMap { Self.dependency($0, source) } } ?? []
                    targets.append(
                        Target(
                            name: name, kind: word, path: Self.literal("path", in: arguments, source),
                            dependencies: dependencies))
                }
            }
        }
        self.targets = targets
        self.products = products
        self.name = name
        self.defaultLocalization = defaultLocalization
    }

    private static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget"]
    private static let productKinds: Set<String> = ["library", "executable"]

    /// The value tokens of the argument labelled `label`.
    private static func value(_ label: String, in arguments: [CallArgument], _ source: TokenSource) -> Range<Int>? {
        arguments.first { argument in argument.label.map { source.string($0.lowerBound) == label } ?? false }?.value
    }

    private static func literal(_ label: String, in arguments: [CallArgument], _ source: TokenSource) -> String? {
        value(label, in: arguments, source).flatMap { source.literalText($0) }
    }

    /// `"Name"`, `.target(name: "Name")`, `.byName(name: "Name")`, `.product(name: "Name", package: "P")`;
    /// a `condition:` does not matter for which targets a product may run in.
    private static func dependency(_ range: Range<Int>, _ source: TokenSource) -> Dependency? {
        if let name = source.literalText(range) { return Dependency(name: name, package: nil) }
        let first = range.lowerBound
        guard range.count >= 3, source.tokens[first].kind == .period, source.tokens[first + 1].kind == .identifier,
            source.tokens[first + 2].kind == .leftParen,
            let arguments = source.arguments(afterOpenParen: first + 2),
            let name = literal("name", in: arguments, source)
        else { return nil }
        switch source.string(first + 1) {
        case "product": return Dependency(name: name, package: literal("package", in: arguments, source))
        case "target", "byName": return Dependency(name: name, package: nil)
        default: return nil
        }
    }
}
