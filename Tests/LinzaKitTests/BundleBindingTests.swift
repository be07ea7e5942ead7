@testable import LinzaBase
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaWriting
import Testing

/// Binding's part of calls naming another module's bundle: which module's tables such a
/// call is checked against.
@Suite struct BundleBindingTests {
    /// Per module, per file (by name), the keys its records use after binding.
    func bound(_ modules: [[(file: String, code: String)]], names: [String?]) -> [[String: [String]]] {
        let scanned = modules.map { files in files.map { scan($0.code, path: $0.file) } }
        return BundleBinding.resolve(scanned, names: names).map { sources in
            var keys: [String: [String]] = [:]
            for source in sources {
                keys[String(Path.lastComponent(source.path)), default: []] += source.usages.compactMap(\.key.literal)
            }
            return keys.filter { !$0.value.isEmpty }
        }
    }

    @Test func callNamingAModuleMovesThere() {
        let result = bound(
            [
                [("Strings.swift", "public enum Localization { public static var bundle: Bundle { .module } }")],
                [
                    (
                        "View.swift",
                        #"""
                        let a = Localization.bundle.localizedString(forKey: "moved", value: nil, table: nil)
                        let b = NSLocalizedString("kept", comment: "")
                        """#
                    )
                ],
            ], names: ["Localization", "UI"])
        #expect(result == [["View.swift": ["moved"]], ["View.swift": ["kept"]]])
    }

    /// By declaration: a type giving a static `bundle`, a class for `Bundle(for:)`.
    @Test func callNamingADeclaredTypeMovesToItsModule() {
        let result = bound(
            [
                [
                    (
                        "Strings.swift",
                        """
                        enum Strings { static let bundle = Bundle.module }
                        final class Token {}
                        """
                    )
                ],
                [
                    (
                        "View.swift",
                        #"""
                        let a = Strings.bundle.localizedString(forKey: "a", value: nil, table: nil)
                        let b = NSLocalizedString("b", bundle: Bundle(for: Token.self), comment: "")
                        """#
                    )
                ],
            ], names: ["Core", "App"])
        #expect(result == [["View.swift": ["a", "b"]], [:]])
    }

    /// SwiftGen's private `BundleToken`, in every module with generated code: the caller's
    /// own wins. A class two other modules declare names neither; an unknown one, none.
    @Test func ownAmbiguousAndUnknownDeclarationsKeepTheCall() {
        let token = "private final class BundleToken {}"
        let result = bound(
            [
                [("A.swift", token)],
                [("B.swift", token)],
                [
                    (
                        "C.swift",
                        token + "\n"
                            + #"let a = NSLocalizedString("own", bundle: Bundle(for: BundleToken.self), comment: "")"#
                    ),
                    (
                        "D.swift",
                        #"let b = NSLocalizedString("unknown", bundle: Bundle(for: Elsewhere.self), comment: "")"#
                    ),
                ],
                [
                    (
                        "E.swift",
                        #"let c = NSLocalizedString("ambiguous", bundle: Bundle(for: BundleToken.self), comment: "")"#
                    )
                ],
            ], names: ["A", "B", "C", "D"])
        #expect(result == [[:], [:], ["C.swift": ["own"], "D.swift": ["unknown"]], ["E.swift": ["ambiguous"]]])
    }

    /// A moved call keeps its file's suppressions, so a `linza:disable` there still applies.
    @Test func movedRecordCarriesSuppressions() {
        let scanned = [
            [scan("enum L { static let bundle = Bundle.module }", path: "L.swift")],
            [
                scan(
                    #"""
                    // linza:disable:next missing_key
                    let a = L.bundle.localizedString(forKey: "a", value: nil, table: nil)
                    """#, path: "V.swift")
            ],
        ]
        let result = BundleBinding.resolve(scanned, names: [nil, nil])
        #expect(result[0].count == 2)
        #expect(result[0][1].usages.map(\.key.literal) == ["a"])
        #expect(result[0][1].suppressions == scanned[1][0].suppressions)
        #expect(result[1][0].usages.isEmpty)
    }
}
