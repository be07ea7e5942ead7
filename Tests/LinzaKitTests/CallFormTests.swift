@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
@testable import LinzaWriting
import Testing

/// The built-in Swift call forms beyond NSLocalizedString, SwiftUI's opt-in forms and the
/// options of configured functions.
@Suite struct CallFormTests {
    let withSwiftUI = BuiltInFunctions.functions(swiftUI: true)

    func found(_ code: String, functions: [LocalizationFunction] = BuiltInFunctions.functions())
        -> [(function: String, key: UsageKey, table: String?, value: String?)]
    {
        usages(code, functions: functions).map { ($0.function, $0.key, $0.table.name, $0.defaultValue) }
    }

    /// The translators' note is what `sync` writes above a new entry, as genstrings does.
    @Test func commentsAreRead() {
        let swift = usages(
            #"""
            NSLocalizedString("a", comment: "Title of the menu")
            String(localized: "b", comment: "Pay \("button")")
            NSLocalizedString("c", comment: "")
            LocalizedStringResource("d", comment: "Resource")
            """#)
        #expect(swift.map(\.comment) == ["Title of the menu", nil, "", "Resource"])
        let objc = SourceScanner(recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "L"))
            .scan(
                Array(
                    #"""
                    NSLocalizedString(@"a", @"Objective-C note");
                    NSLocalizedStringFromTable(@"b", @"Menu", @"From a table");
                    NSLocalizedStringWithDefaultValue(@"c", @"Menu", bundle, @"Value", @"With a value");
                    NSLocalizedString(@"d", nil);
                    """#.utf8), path: "/p/A.m"
            ).usages
        #expect(objc.map(\.comment) == ["Objective-C note", "From a table", "With a value", nil])
    }

    @Test func localizedStringResource() {
        let result = found(
            #"LocalizedStringResource("onboarding.title", defaultValue: "Welcome", table: "Onboarding")"#)
        #expect(result.map(\.function) == ["LocalizedStringResource"])
        #expect(result.map(\.key) == [.literal("onboarding.title")])
        #expect(result.map(\.table) == ["Onboarding"])
        #expect(result.map(\.value) == ["Welcome"])
    }

    @Test func bundleLocalizedStringOnAnyBundleExpression() {
        let result = found(
            #"""
            Bundle.main.localizedString(forKey: "a", value: "A", table: nil)
            Bundle(for: Self.self).localizedString(forKey: "b", value: nil, table: "Settings")
            bundle.localizedString(forKey: "c", value: nil, table: nil)
            Locale.current.localizedString(forRegionCode: "DE")
            """#)
        #expect(result.map(\.key) == [.literal("a"), .literal("b"), .literal("c")])
        #expect(result.map(\.table) == ["Localizable", "Settings", "Localizable"])
        #expect(result.map(\.value) == ["A", nil, nil])
    }

    @Test func defaultValues() {
        #expect(found(#"NSLocalizedString("k", value: "Pay now", comment: "")"#).map(\.value) == ["Pay now"])
        #expect(found(#"String(localized: "k", defaultValue: "Hello")"#).map(\.value) == ["Hello"])
        #expect(found(#"NSLocalizedString("k", value: text, comment: "")"#).map(\.value) == [nil])
    }

    @Test func swiftUIFormsAreOptIn() {
        #expect(found(#"Text("profile.title")"#).isEmpty)
        #expect(found(#"Text("profile.title")"#, functions: withSwiftUI).map(\.key) == [.literal("profile.title")])
    }

    @Test func swiftUILiteralsOnly() {
        let result = found(
            #"""
            Text("a")
            Text("b", tableName: "Profile")
            Text(verbatim: "not.a.key")
            Text(title)
            Text("Hi \(name)")
            Button("c") { save() }
            Button(action: save) { Text("d") }
            Label("e", systemImage: "star")
            Toggle("f", isOn: $on)
            TextField("g", text: $text)
            Picker("h", selection: $choice) {}
            List {}.navigationTitle("i")
            List {}.navigationTitle(title)
            LocalizedStringKey("j")
            LocalizedStringKey(title)
            """#, functions: withSwiftUI)
        #expect(
            result.map(\.key) == [
                .literal("a"), .literal("b"), .dynamic(prefix: "Hi "), .literal("c"), .literal("d"), .literal("e"),
                .literal("f"), .literal("g"), .literal("h"), .literal("i"), .literal("j"), .dynamic(prefix: nil),
            ])
        #expect(result[1].table == "Profile")
    }

    @Test func builtInFormsCanBeSwitchedOff() {
        let functions = BuiltInFunctions.functions(disabled: ["LocalizedStringResource", "String(localized:)"])
        let result = found(
            #"""
            LocalizedStringResource("a")
            String(localized: "b")
            NSLocalizedString("c", comment: "")
            """#, functions: functions)
        #expect(result.map(\.key) == [.literal("c")])
    }

    @Test func configuredValueArgument() {
        let function = LocalizationFunction(name: "L", key: .label("key"), value: .label("fallback"))
        #expect(found(#"L(key: "k", fallback: "Text")"#, functions: [function]).map(\.value) == ["Text"])
    }

    @Test func configuredFamilyFollowsApplesLayout() {
        let base = LocalizationFunction(name: "MyLocalizedString", key: .position(0))
        let result = found(
            #"""
            MyLocalizedString("a", "comment")
            MyLocalizedStringFromTable("b", "Settings", "comment")
            MyLocalizedStringFromTableInBundle("c", "Settings", bundle, "comment")
            MyLocalizedStringWithDefaultValue("d", "Settings", bundle, "Default", "comment")
            """#, functions: [base] + base.family())
        #expect(result.map(\.key) == [.literal("a"), .literal("b"), .literal("c"), .literal("d")])
        #expect(result.map(\.table) == ["Localizable", "Settings", "Settings", "Settings"])
        #expect(result.map(\.value) == [nil, nil, nil, "Default"])
    }
}

@Suite struct RegexLiteralTests {
    @Test func bareRegexHidesQuotesAndSlashes() {
        #expect(
            keys(
                #"""
                let quoted = /"[^"]*"/
                let url = /https?:\/\/(.+)/
                let a = NSLocalizedString("after.regex", comment: "")
                """#) == ["after.regex"])
    }

    @Test func regexAfterKeywordsAndInArguments() {
        #expect(
            keys(
                #"""
                func f() -> Regex<Substring> { return /"x"/ }
                let m = s.firstMatch(of: /"/)
                let a = NSLocalizedString("after", comment: "")
                """#) == ["after"])
    }

    @Test func divisionIsNotARegex() {
        #expect(
            keys(
                #"""
                let half = total / 2; let q = (a + b) / c / d
                let r = value! / 2 / count
                let s = f(x) /2
                let a = NSLocalizedString("k", comment: "/") // "/"
                """#) == ["k"])
    }

    @Test func slashFollowedByBlankIsAnOperator() {
        #expect(keys(#"let x = [a, b].reduce(0, / )  ; let k = NSLocalizedString("k", comment: "")"#) == ["k"])
    }
}

@Suite struct KeyTemplateTests {
    func template(_ code: String) -> KeyTemplate? {
        usages(code, functions: BuiltInFunctions.functions(swiftUI: true)).first?.template
    }

    @Test func segmentsAroundInterpolations() {
        #expect(
            template(#"String(localized: "\(count) new posts from \(name)")"#)?.segments == [
                "", " new posts from ", "",
            ])
        #expect(template(#"Text("Hi \(user.name(for: "x")), \(n)!")"#)?.segments == ["Hi ", ", ", "!"])
        #expect(template("Text(\"\"\"\n    Line \\(n)\n    two\n    \"\"\")")?.segments == ["Line ", "\ntwo"])
        #expect(template(#"NSLocalizedString("a.\(n)", comment: "")"#) == nil)
    }

    @Test func matchesKeysWithAnySpecifierInPlace() {
        let posts = KeyTemplate(segments: ["", " new posts from ", ""])
        #expect(posts.matches("%lld new posts from %@"))
        #expect(posts.matches("%1$lld new posts from %2$@"))
        #expect(!posts.matches("%lld new posts from"))
        #expect(!posts.matches("new posts from %@"))
        #expect(KeyTemplate(segments: ["Hi ", "!"]).matches("Hi %@!"))
        #expect(!KeyTemplate(segments: ["Hi ", "!"]).matches("Hi there!"))
    }
}
