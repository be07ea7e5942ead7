@testable import LinzaBase
@testable import LinzaKit
@testable import LinzaSources
import Testing

/// Literals outside calls that start keys built at run time (IINA's `"eq.preset." + name`):
/// which forms count, which texts are shaped like a key's start, and that a cached scan
/// keeps them.
@Suite struct KeyPrefixLiteralsTests {
    func prefixes(_ code: String, path: String = "File.swift") -> [String] {
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "Localizable"),
            collectsLiterals: true)
        return scanner.scan(Array(code.utf8), path: "/project/" + path).keyPrefixes.map(\.prefix)
    }

    @Test func swiftJoinsInterpolationsAndFormats() {
        #expect(
            prefixes(
                #"""
                self.localizationKey = "eq.preset." + name
                let a = "menu_item_".appending(id)
                let b = "onboarding-step-\(index)"
                let c = String(format: "alert.title.%@", kind)
                let d = String(format: "badge.count.%ld", count)
                """#) == ["eq.preset.", "menu_item_", "onboarding-step-", "alert.title.", "badge.count."])
    }

    @Test func objectiveCJoinsAndFormats() {
        #expect(
            prefixes(
                #"""
                NSString *a = [@"eq.preset." stringByAppendingString:name];
                NSString *b = [NSString stringWithFormat:@"menu.item.%@", name];
                """#, path: "File.m") == ["eq.preset.", "menu.item."])
    }

    /// Text that is no key's start, a literal nothing joins, and a call's own key.
    @Test func otherLiteralsStartNoKey() {
        #expect(
            prefixes(
                #"""
                let a = "Error: " + message
                let b = "a." + name
                let c = "title" + suffix
                let d = "\(count) items"
                let e = String(format: "%@.title", name)
                let f = String(format: "step.%d.of.%d", index, total)
                let g = "eq.preset."
                let h = "12." + minor
                let i = NSLocalizedString("onboarding.step.\(index)", comment: "")
                let j = NSLocalizedString("promo." + code, comment: "")
                """#) == [])
    }

    @Test func aCachedScanKeepsThem() throws {
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "Localizable"),
            collectsLiterals: true)
        let scan = scanner.scan(Array("let x = 1\nlet key = \"eq.preset.\" + name\n".utf8), path: "/project/P.swift")
        #expect(
            scan.keyPrefixes == [
                KeyPrefixLiteral(
                    prefix: "eq.preset.", location: Location(file: "/project/P.swift", line: 2, column: 11))
            ])
        #expect(try ScannedSource(path: scan.path, decoding: scan.encoded()[...]) == scan)
        // Without literals collected (`unused_key` off), none are kept.
        let plain = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "Localizable"))
        #expect(plain.scan(Array("let key = \"eq.preset.\" + name\n".utf8), path: "/project/P.swift").keyPrefixes == [])
    }
}
