@testable import LinzaBase
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaWriting
import Testing

/// The scanner's part of calls naming another module's bundle: which bundle a call names,
/// and what a file declares that a bundle can be named by.
@Suite struct BundleReferenceTests {
    func bundles(_ code: String) -> [BundleReference?] {
        usages(code).map(\.bundle)
    }

    @Test func receiverOfLocalizedStringForKey() {
        #expect(
            bundles(
                #"""
                let a = MastodonLocalization.bundle.localizedString(forKey: "k", value: nil, table: "Localizable")
                let b = Bundle(for: Token.self).localizedString(forKey: "k", value: nil, table: nil)
                let c = Foundation.Bundle(for: App.Token.self)
                    .localizedString(forKey: "k", value: nil, table: nil)
                let d = Core.Strings.bundle.localizedString(forKey: "k", value: nil, table: nil)
                """#) == [
                    .provided(by: "MastodonLocalization"), .holding("Token"), .holding("App.Token"),
                    .provided(by: "Core.Strings"),
                ])
    }

    @Test func bundleArgumentOfEveryForm() {
        #expect(
            bundles(
                #"""
                NSLocalizedString("a", tableName: nil, bundle: Strings.bundle, value: "", comment: "")
                String(localized: "b", bundle: Bundle(for: Token.self))
                LocalizedStringResource("c", bundle: Strings.bundle)
                """#) == [.provided(by: "Strings"), .holding("Token"), .provided(by: "Strings")])
        let swiftUI = BuiltInFunctions.functions(swiftUI: true)
        #expect(
            usages(#"Text("d", bundle: Strings.bundle)"#, functions: swiftUI).map(\.bundle) == [
                .provided(by: "Strings")
            ])
    }

    /// The main bundle, the package's own, and whatever Linza cannot follow keep the call
    /// with its own module's tables.
    @Test func ownAndUnknownBundlesAreNoReference() {
        #expect(
            bundles(
                #"""
                NSLocalizedString("a", bundle: .main, comment: "")
                NSLocalizedString("b", bundle: Bundle.main, comment: "")
                String(localized: "c", bundle: .module)
                String(localized: "d", bundle: Bundle.module)
                NSLocalizedString("e", bundle: bundle, comment: "")
                NSLocalizedString("f", bundle: Bundle(for: type(of: self)), comment: "")
                NSLocalizedString("g", bundle: Bundle(for: Self.self), comment: "")
                NSLocalizedString("h", bundle: self.bundle, comment: "")
                NSLocalizedString("i", bundle: Bundle.bundle, comment: "")
                NSLocalizedString("j", bundle: .bundle, comment: "")
                NSLocalizedString("k", bundle: Bundle(path: p)!, comment: "")
                Bundle.main.localizedString(forKey: "l", value: nil, table: nil)
                bundle.localizedString(forKey: "m", value: nil, table: nil)
                self.bundle.localizedString(forKey: "n", value: nil, table: nil)
                makeBundle().localizedString(forKey: "o", value: nil, table: nil)
                NSLocalizedString("p", comment: "")
                """#) == Array(repeating: nil, count: 16))
    }

    @Test func objectiveCBundleForClass() {
        let scanned = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "Localizable")
        )
        .scan(
            Array(
                #"""
                NSString *a = NSLocalizedStringFromTableInBundle(@"k", @"T", [NSBundle bundleForClass:[Token class]], @"");
                NSString *b = NSLocalizedStringFromTableInBundle(@"k", @"T", [NSBundle mainBundle], @"");
                """#.utf8), path: "/p/A.m")
        #expect(scanned.usages.map(\.bundle) == [.holding("Token"), nil])
    }

    @Test func declaredClassesAndBundleProviders() {
        let scanned = scan(
            #"""
            public enum MastodonLocalization {
                public static var bundle: Bundle { Bundle.module }
            }
            final class Token {}
            open class Base: NSObject {
                class func make() -> Base { Base() }
                class var shared: Base { Base() }
                private final class Inner {}
            }
            actor Store {}
            protocol P: class {}
            struct NotAClass { static let bundle = Bundle.main }
            extension Core.Strings { static public var bundle: Bundle { .module } }
            var bundle: Bundle { .main }
            """#)
        #expect(scanned.declaredClasses == ["Token", "Base", "Inner", "Store"])
        #expect(scanned.bundleProviders == ["MastodonLocalization", "NotAClass", "Strings"])
    }

    /// A cached scan reads as the scan it was made from, bundles and declarations included.
    @Test func cacheRecordKeepsBundles() throws {
        let scanned = scan(
            #"""
            final class Token {}
            enum L { static let bundle = Bundle.module }
            let a = L.bundle.localizedString(forKey: "a", value: nil, table: nil)
            let b = NSLocalizedString("b", bundle: Bundle(for: Token.self), comment: "")
            """#)
        #expect(scanned.usages.map(\.bundle) == [.provided(by: "L"), .holding("Token")])
        let decoded = try ScannedSource(path: scanned.path, decoding: scanned.encoded()[...])
        #expect(decoded == scanned)
    }
}
