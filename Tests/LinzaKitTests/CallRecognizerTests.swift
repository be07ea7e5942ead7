@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
import LinzaTestSupport
@testable import LinzaWriting
import Testing

@Suite struct CallRecognizerTests {
    func tables(_ code: String, functions: [LocalizationFunction] = BuiltInFunctions.functions()) -> [String?] {
        usages(code, functions: functions).map(\.table.name)
    }

    @Test func nsLocalizedStringTables() {
        #expect(tables(#"NSLocalizedString("a", comment: "")"#) == ["Localizable"])
        #expect(tables(#"NSLocalizedString("a", tableName: "Checkout", comment: "")"#) == ["Checkout"])
        #expect(
            tables(#"NSLocalizedString("a", tableName: nil, bundle: .main, value: "v", comment: "")"#) == [
                "Localizable"
            ])
        #expect(tables(#"NSLocalizedString("a", tableName: tableVariable, comment: "")"#) == [nil])
    }

    @Test func stringLocalized() {
        #expect(keys(#"String(localized: "profile.title")"#) == ["profile.title"])
        #expect(tables(#"String(localized: "a", table: "Profile", bundle: .module, comment: "c")"#) == ["Profile"])
        #expect(keys(#"String.init(localized: "init.form")"#) == ["init.form"])
        #expect(keys(#"Swift.String(localized: "qualified")"#) == ["qualified"])
        // Attributed text, the same initializer (CotEditor's help views).
        #expect(
            keys(#"Text(AttributedString(localized: "**Bold** reference", table: "Help"))"#) == ["**Bold** reference"])
        #expect(tables(#"AttributedString(localized: "k", table: "Help", comment: "c")"#) == ["Help"])
    }

    @Test func stringWithoutLocalizedLabelIsNotACall() {
        #expect(keys(#"String("plain")"#).isEmpty)
        #expect(keys(#"String(format: "%d", 3)"#).isEmpty)
        #expect(keys(#"String(describing: value)"#).isEmpty)
    }

    @Test func moduleQualifiedNSLocalizedString() {
        #expect(keys(#"Foundation.NSLocalizedString("qualified", comment: "")"#) == ["qualified"])
    }

    @Test func configuredFunctionByPosition() {
        let wrapper = LocalizationFunction(name: "BPFLocalizedString", key: .position(0))
        #expect(keys(#"BPFLocalizedString("wrapped")"#, functions: [wrapper]) == ["wrapped"])
        #expect(tables(#"BPFLocalizedString("wrapped")"#, functions: [wrapper]) == ["Localizable"])
    }

    @Test func configuredFunctionByLabelWithTableAndDefault() {
        let function = LocalizationFunction(
            name: "Loc", key: .label("key"), table: .label("table"), defaultTable: "Vector")
        #expect(keys(#"Loc(key: "k1")"#, functions: [function]) == ["k1"])
        #expect(tables(#"Loc(key: "k1")"#, functions: [function]) == ["Vector"])
        #expect(tables(#"Loc(table: "Other", key: "k2")"#, functions: [function]) == ["Other"])
        #expect(keys(#"Loc("no label")"#, functions: [function]).isEmpty)
    }

    @Test func memberPathMatchesLongerPathsEndingInIt() {
        let tr = LocalizationFunction(name: "L10n.tr", key: .position(1), table: .position(0))
        let found = usages(
            #"""
            L10n.tr("Main", "a")
            App.L10n.tr("Main", "b")
            tr("Main", "c")
            other.tr("Main", "d")
            foo().tr("Main", "e")
            """#, functions: [tr])
        #expect(found.map(\.key.literal) == ["a", "b"])
        #expect(found.map(\.table.name) == ["Main", "Main"])
    }

    @Test func dynamicKeysCarryTheirStaticPrefix() {
        let found = usages(
            #"""
            NSLocalizedString("onboarding.step.\(index)", comment: "")
            NSLocalizedString("promo." + code, comment: "")
            NSLocalizedString(key, comment: "")
            NSLocalizedString("\(section).title", comment: "")
            """#)
        #expect(
            found.map(\.key) == [
                .dynamic(prefix: "onboarding.step."),
                .dynamic(prefix: "promo."),
                .dynamic(prefix: nil),
                .dynamic(prefix: ""),
            ])
    }

    @Test func argumentsContainingClosuresAndCommas() {
        #expect(keys(#"NSLocalizedString(["a", "b"].joined(separator: ","), comment: "")"#) == [nil])
        #expect(keys(#"NSLocalizedString("k", comment: f(x, { a, b in a }))"#) == ["k"])
    }

    /// A key picked with the conditional operator between literals is a use of each
    /// literal's key, at that literal (Cryptomator's `getValue(isEditing ? "…done" : "…edit")`),
    /// not a key Linza cannot see; anything else in a branch leaves the key dynamic.
    @Test func conditionalBetweenLiteralsReadsEachKey() {
        let code = #"""
            NSLocalizedString(isEditing ? "button.done" : "button.edit", comment: "Header")
            NSLocalizedString((count > 1) ? "items" : count == 1 ? "item" : "none", comment: "")
            NSLocalizedString(isEditing ? "button.done" : other, comment: "")
            NSLocalizedString(flag ?? "fallback", comment: "")
            NSLocalizedString(a?.b ?? "x", comment: "")
            """#
        let found = usages(code)
        #expect(
            found.map(\.key) == [
                .literal("button.done"), .literal("button.edit"), .literal("items"), .literal("item"),
                .literal("none"), .dynamic(prefix: nil), .dynamic(prefix: nil), .dynamic(prefix: nil),
            ])
        #expect(found.prefix(2).map(\.location.column) == [31, 47])
        #expect(found.prefix(2).map(\.comment) == ["Header", "Header"])
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "L"))
        let objectiveC = scanner.scan(
            Array(#"NSString *a = NSLocalizedString(editing ? @"done" : @"edit", nil);"#.utf8), path: "/p/A.m")
        #expect(objectiveC.usages.map(\.key) == [.literal("done"), .literal("edit")])
    }

    /// App Intents give a `LocalizedStringResource` declaration a literal (Maccy's
    /// `static var title: LocalizedStringResource = "Clear Clipboard History"`): its key, as
    /// Xcode extracts it. A literal given to a `String` is none.
    @Test func aLiteralGivenToALocalizedStringResourceIsItsKey() {
        let found = usages(
            #"""
            static var title: LocalizedStringResource = "Clear Clipboard History"
            static var other: String = "Not a key"
            let explicit = LocalizedStringResource("explicit.resource")
            """#)
        #expect(found.map(\.key) == [.literal("Clear Clipboard History"), .literal("explicit.resource")])
        #expect(found.first?.location.column == 45)
        #expect(found.first?.table.name == "Localizable")
    }

    @Test func callWithoutClosingParenthesisIsIgnored() {
        #expect(keys(#"NSLocalizedString("k", comment: """#).isEmpty)
    }

    @Test func commasInGenericArgumentsDoNotSplitArguments() {
        let tr = LocalizationFunction(name: "L10n.tr", key: .position(1), table: .position(0))
        let found = usages(
            #"""
            L10n.tr(Dictionary<String, Int>.name, "k9")
            L10n.tr(Array<Set<Int>>.name, "k10")
            L10n.tr("Main", a < b, "not a generic")
            """#, functions: [tr])
        #expect(found.map(\.key) == [.literal("k9"), .literal("k10"), .dynamic(prefix: nil)])
    }

    @Test func veryLongCallsAreStillRead() {
        let elements = Array(repeating: "1", count: 10_001).joined(separator: ", ")
        #expect(keys("NSLocalizedString(\"long\", comment: [\(elements)].description)") == ["long"])
    }

    @Test func keyLocationIsTheOpeningQuote() {
        let text = MarkedText(##"NSLocalizedString(↓#"raw"#, comment: "")"##)
        #expect(usages(text.text).map(\.position) == text.markers)
    }
}

@Suite struct FormatSpecifierTests {
    func signature(_ text: String) -> [Int: FormatSpecifier.ArgumentType]? {
        FormatSpecifier.signature(text)
    }

    @Test func conversionsAndPositions() {
        #expect(signature("%@ has %d items, %ld total, %.2f %%") == [1: .object, 2: .int32, 3: .int64, 4: .double])
        #expect(signature("%2$@ before %1$@") == [1: .object, 2: .object])
        #expect(signature("%*d") == [1: .int32, 2: .int32])
        #expect(
            signature("%lld %llu %zd %c %s %p") == [
                1: .int64, 2: .int64, 3: .int64, 4: .character, 5: .cString, 6: .pointer,
            ])
        #expect(signature("%#@items@ in %@") == [1: .variable, 2: .object])
        #expect(FormatSpecifier.variableReferences(in: "%1$#@items@ and %#@boxes@") == ["items", "boxes"])
    }

    /// CoreFoundation's own numbering, measured with String(format:): non-positional
    /// specifiers count from 1 whatever positional ones say.
    @Test func nonPositionalSpecifiersCountOnTheirOwn() {
        #expect(signature("%2$@ %3$@ %d") == [2: .object, 3: .object, 1: .int32])
        #expect(FormatSpecifier.parse("%2$d %d %d").map(\.argument) == [2, 1, 2])
        #expect(FormatSpecifier.parse("%d %2$d %d").map(\.argument) == [1, 2, 2])
        #expect(FormatSpecifier.parse("%1#@count@ %2$@").map(\.argument) == [1, 2])
        #expect(FormatSpecifier.variableReferences(in: "%1#@count@") == ["count"])
    }

    /// CoreFoundation reads `%D`, `%U` and `%O` as `%d`, `%u` and `%o` (session-ios' Nepali
    /// "%D सन्देशहरू मेटाउनुहोस्" for "Delete %d Messages"), lengths as for the others.
    @Test func capitalIntegerConversionsAreInts() {
        #expect(signature("%D %U %O") == [1: .int32, 2: .int32, 3: .int32])
        #expect(signature("%lD %lU") == [1: .int64, 2: .int64])
    }

    @Test func percentagesInTextAreNotSpecifiers() {
        #expect(signature("20% off your first order") == [:])
        #expect(signature("Von % @") == [1: .object])  // CoreFoundation formats it
        #expect(signature("% d items") == [1: .int32])
        #expect(signature("100%") == [:])
        #expect(signature("50%% off") == [:])
    }

    @Test func oneArgumentReadAsTwoTypesIsDetected() {
        #expect(signature("%1$@ %1$d") == nil)
    }
}
