import Foundation
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaLint
@testable import LinzaSources
import LinzaTestSupport
import Testing

/// SwiftGen's `L10n` extended by the app, its members named without the root inside the
/// extension (Pocket Casts' `extension L10n { static var plusCloudStorageLimit: String {
/// plusCloudStorageLimitFormat(…) } }`): a use of the key when the name is an accessor
/// whole, and nothing when it is any other name.
@Suite struct ImplicitAccessorTests {
    static func project() -> (directory: TemporaryDirectory, configuration: Configuration) {
        let directory = TemporaryDirectory()
        directory.write(
            "App/Strings+Generated.swift",
            """
            import Foundation
            internal enum L10n {
              internal static func storageLimitFormat(_ p1: Any) -> String {
                return L10n.tr("Localizable", "storage_limit_format", String(describing: p1))
              }
              internal static var title: String { return L10n.tr("Localizable", "title") }
              internal static var unusedTitle: String { return L10n.tr("Localizable", "unused_title") }
            }

            """)
        directory.write(
            "App/Settings.swift",
            """
            extension L10n {
                static var storageLimit: String {
                    let format = "%@"
                    return storageLimitFormat(String(format: format, "10 GB"))
                }
                static var shout: String { title.uppercased() }
            }
            func other() { _ = unusedTitle }

            """)
        directory.write(
            "App/en.lproj/Localizable.strings",
            "\"storage_limit_format\" = \"Up to %@\";\n\"title\" = \"Title\";\n\"unused_title\" = \"Unused\";\n")
        let file = directory.write(
            ".linza.yml",
            """
            included: [App]
            development_language: en
            accessors:
              - root: L10n
                file: App/Strings+Generated.swift
            functions:
              - name: L10n.tr
                key: 1
                table: 0

            """)
        return (directory, try! ConfigurationLoader.load(file: file))
    }

    @Test func aMemberNamedInsideAnExtensionOfTheRootIsAUse() {
        let (directory, configuration) = Self.project()
        let result = Linter(configuration: configuration).lint()
        let unused = result.diagnostics.filter { $0.ruleID == "unused_key" }.compactMap(\.key)
        // `unusedTitle` is named outside any extension of L10n: no use.
        #expect(unused == ["unused_title"])
        let usages = Linter(configuration: configuration).scanUsages().sources.flatMap(\.usages)
            .filter { $0.location.file.hasSuffix("Settings.swift") }
        #expect(usages.map(\.key.literal) == ["storage_limit_format", "title"])
        #expect(usages.map(\.location.line) == [4, 6])
        _ = directory
    }

    @Test func aRecordKeepsWhetherAReferenceNamedTheRoot() throws {
        let source = ScannedSource(
            path: "/p/A.swift",
            accessorReferences: [
                AccessorReference(
                    components: ["L10n", "a"], location: Location(file: "/p/A.swift", line: 1, column: 1)),
                AccessorReference(
                    components: ["L10n", "b"], location: Location(file: "/p/A.swift", line: 2, column: 3),
                    isImplicit: true),
            ])
        let decoded = try ScannedSource(path: source.path, decoding: source.encoded()[...])
        #expect(decoded.accessorReferences == source.accessorReferences)
    }
}
