import LinzaBase

/// The targets a `Package.swift` declares, read from its tokens (Linza does not run the
/// manifest): `.target(name: "Checkout", path: "Sources/Checkout")` and the like, plus
/// the package's `defaultLocalization`.
public struct PackageManifest: Sendable, Hashable {
    public struct Target: Sendable, Hashable {
        public var name: String
        /// `target`, `executableTarget`, `testTarget`, `macro`, …
        public var kind: String
        /// The `path:` argument, relative to the package folder; nil for the default
        /// (`Sources/<name>`, `Tests/<name>` for tests).
        public var path: String?

        public var isTest: Bool { kind == "testTarget" }

        /// Where the target's files are, relative to the package folder.
        public var folder: String {
            path ?? ((isTest ? "Tests/" : "Sources/") + name)
        }
    }

    /// The package's `name:`.
    public var name: String?
    public var defaultLocalization: String?
    public var targets: [Target]

    /// Reads the manifest's text.
    public init(_ bytes: [UInt8]) {
        var targets: [Target] = []
        var defaultLocalization: String?
        var name: String?
        bytes.withUnsafeBufferPointer { buffer in
            let tokens = SwiftLexer.tokenize(buffer).tokens
            let source = TokenSource(tokens: tokens, bytes: buffer, language: .swift)
            for index in tokens.indices where tokens[index].kind == .identifier && index + 1 < tokens.count {
                let word = source.string(index)
                if word == "defaultLocalization", tokens[index + 1].kind == .colon, index + 2 < tokens.count {
                    defaultLocalization = source.literalText(index + 2..<index + 3)
                }
                // `Package(name: "Shop", …)`: the first `name:` before any target's.
                if word == "name", name == nil, targets.isEmpty, tokens[index + 1].kind == .colon, index + 2 < tokens.count {
                    name = source.literalText(index + 2..<index + 3)
                }
                guard Self.targetKinds.contains(word), index >= 1, tokens[index - 1].kind == .period,
                      tokens[index + 1].kind == .leftParen,
                      let arguments = source.arguments(afterOpenParen: index + 1) else { continue }
                func argument(_ label: String) -> String? {
                    arguments.first { argument in argument.label.map { source.string($0.lowerBound) == label } ?? false }
                        .flatMap { source.literalText($0.value) }
                }
                guard let name = argument("name") else { continue }
                targets.append(Target(name: name, kind: word, path: argument("path")))
            }
        }
        self.targets = targets
        self.name = name
        self.defaultLocalization = defaultLocalization
    }

    private static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget"]
}
