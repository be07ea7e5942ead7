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

@Suite struct ObjectiveCTests {
    func objcUsages(_ code: String, functions: [LocalizationFunction] = BuiltInFunctions.functions())
        -> [LocalizationUsage]
    {
        let scanner = SourceScanner(recognizer: CallRecognizer(functions: functions, defaultTable: "Localizable"))
        return scanner.scan(Array(code.utf8), path: "/project/Legacy.m").usages
    }

    @Test func macroFamily() {
        let found = objcUsages(
            #"""
            NSString *a = NSLocalizedString(@"a", @"comment");
            NSString *b = NSLocalizedStringFromTable(@"b", @"Settings", nil);
            NSString *c = NSLocalizedStringFromTableInBundle(@"c", @"Settings", [NSBundle mainBundle], nil);
            NSString *d = NSLocalizedStringWithDefaultValue(@"d", @"Settings", bundle, @"Default D", @"c");
            """#)
        #expect(found.map(\.key.literal) == ["a", "b", "c", "d"])
        #expect(found.map(\.table.name) == ["Localizable", "Settings", "Settings", "Settings"])
        #expect(found.map(\.defaultValue) == [nil, nil, nil, "Default D"])
        #expect(found.map(\.location.column) == [33, 42, 50, 49])
    }

    @Test func messageSends() {
        let found = objcUsages(
            #"""
            NSString *a = [[NSBundle mainBundle] localizedStringForKey:@"a" value:@"A" table:nil];
            NSString *b = [bundle localizedStringForKey:@"b"
                                                  value:nil
                                                  table:@"Settings"];
            NSString *c = [bundle localizedStringForKey:key value:nil table:nil];
            """#)
        #expect(found.map(\.key) == [.literal("a"), .literal("b"), .dynamic(prefix: nil)])
        #expect(found.map(\.table.name) == ["Localizable", "Settings", "Localizable"])
        #expect(found.map(\.defaultValue) == ["A", nil, nil])
    }

    @Test func commentsStringsAndCharacterLiteralsHideCalls() {
        let found = objcUsages(
            #"""
            // NSLocalizedString(@"hidden.line", nil);
            /* NSLocalizedString(@"hidden.block", nil); /* not nested in C */
            NSString *s = @"NSLocalizedString(@\"hidden.string\", nil)";
            char quote = '"'; NSString *a = NSLocalizedString(@"after.char", nil);
            // a comment continued \
            NSLocalizedString(@"hidden.continued", nil);
            """#)
        #expect(found.map(\.key.literal) == ["after.char"])
    }

    @Test func adjacentLiteralsAreOneKey() {
        let found = objcUsages(#"NSString *a = NSLocalizedString(@"settings." @"title" "\x21", nil);"#)
        #expect(found.map(\.key.literal) == ["settings.title!"])
    }

    @Test func escapesAreDecoded() {
        let found = objcUsages(#"NSString *a = NSLocalizedString(@"tab\there \"q\" caf\u00e9 \101", nil);"#)
        #expect(found.map(\.key.literal) == ["tab\there \"q\" café A"])
    }

    @Test func ifZeroBlocksAreNotCompiled() {
        let found = objcUsages(
            #"""
            #if 0
            NSString *a = NSLocalizedString(@"if.zero", nil); // don't
            #if DEBUG
            NSString *n = NSLocalizedString(@"nested", nil);
            #endif
            /* #endif in a comment
            */
            #else
            NSString *b = NSLocalizedString(@"else", nil);
            #endif
            #if 0 // disabled
            NSString *c = NSLocalizedString(@"if.zero.elif", nil);
            #elif TARGET_OS_IOS
            NSString *d = NSLocalizedString(@"elif", nil);
            #endif
            #if 0
            It's prose, with an apostrophe.
            #endif
            #if TARGET_OS_IOS
            NSString *f = NSLocalizedString(@"ios", nil);
            #elif 0
            NSString *g = NSLocalizedString(@"elif.zero", nil); It's prose too.
            #else
            NSString *h = NSLocalizedString(@"other", nil);
            #endif
            NSString *e = NSLocalizedString(@"after", nil);
            """#)
        #expect(found.map(\.key.literal) == ["else", "elif", "ios", "other", "after"])
    }

    /// Issue 37, item 10: after a branch that is always compiled (`#if 1`, `#elif 1`), the
    /// `#else` and `#elif` branches up to its `#endif` never are, nested conditionals and all.
    @Test func theElseOfIfOneIsNotCompiled() {
        let found = objcUsages(
            #"""
            #if 1
            NSString *a = NSLocalizedString(@"if.one", nil);
            #elif DEBUG
            NSString *b = NSLocalizedString(@"elif.after.one", nil); It's prose.
            #else
            #if DEBUG
            #else
            NSString *c = NSLocalizedString(@"nested.else", nil);
            #endif
            NSString *d = NSLocalizedString(@"else.of.one", nil);
            #endif
            #if 0
            NSString *e = NSLocalizedString(@"if.zero", nil);
            #elif 1
            NSString *f = NSLocalizedString(@"elif.one", nil);
            #else
            NSString *g = NSLocalizedString(@"else.of.elif.one", nil);
            #endif
            #if DEBUG
            #if 1 // on
            #else
            NSString *h = NSLocalizedString(@"inner.else", nil);
            #endif
            #else
            NSString *i = NSLocalizedString(@"outer.else", nil);
            #endif
            #if 1u || X
            #else
            NSString *j = NSLocalizedString(@"not.a.constant", nil);
            #endif
            NSString *k = NSLocalizedString(@"after", nil);
            """#)
        #expect(found.map(\.key.literal) == ["if.one", "elif.one", "outer.else", "not.a.constant", "after"])
    }

    @Test func preprocessorTextIsNotCode() {
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "L"))
        let source = scanner.scan(
            Array(
                #"""
                #import <Node's/Node.h>
                #include "it's.h" // NSLocalizedString(@"in.comment", nil)
                #pragma mark - Node's layout
                #  pragma mark Don't \
                   continue's here
                #error Can't build "this
                #warning Isn't ready
                #define QUOTE '
                #define TITLE NSLocalizedString(@"macro.body", nil)
                NSString *a = NSLocalizedString(@"after", nil);
                """#.utf8), path: "/p/A.m")
        #expect(source.syntaxProblems.isEmpty)
        #expect(source.usages.map(\.key.literal) == ["macro.body", "after"])
    }

    @Test func cppRawStringsAreOneToken() {
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "L"))
        let source = scanner.scan(
            Array(
                #"""
                auto json = R"js({"it's": "NSLocalizedString(@\"hidden\", nil)"})js";
                auto multi = u8R"sql(SELECT 'x
                )" still inside
                )sql";
                NSString *a = NSLocalizedString(@"after", nil);
                """#.utf8), path: "/p/A.mm")
        #expect(source.syntaxProblems.isEmpty)
        #expect(source.usages.map(\.key.literal) == ["after"])
    }

    @Test func unmatchedQuoteInCodeIsStillAnError() {
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "L"))
        let source = scanner.scan(Array("#define A 1\nchar c = 'x;\n#if 0\n/* open\n".utf8), path: "/p/A.m")
        #expect(source.syntaxProblems.map(\.kind) == [.unterminatedString, .unterminatedBlockComment])
        #expect(source.syntaxProblems.map(\.location.line) == [2, 3])
    }

    /// A `/*` in a `//` comment or on a `#pragma` line is text; taking it for a comment would
    /// skip real calls, whose keys would then look unused (and `prune` would delete them).
    @Test func slashStarInTextIsNoComment() {
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "L"))
        let cases = [
            "#if 0\n// reads Resources/*.json\n#endif\nNSString *k = NSLocalizedString(@\"k\", nil);\n",
            "#if 0 // Resources/*.json\n#endif\nNSString *k = NSLocalizedString(@\"k\", nil);\n",
            "#pragma mark - Loading Resources/*.json\nNSString *k = NSLocalizedString(@\"k\", nil);\n",
            "#if 0 /* x */ || 1\nNSString *k = NSLocalizedString(@\"k\", nil);\n#endif\n",
        ]
        for code in cases {
            let source = scanner.scan(Array(code.utf8), path: "/p/A.m")
            #expect(source.usages.map(\.key.literal) == ["k"], "\(code)")
            #expect(source.syntaxProblems.isEmpty, "\(code)")
        }
    }

    @Test func ifZeroWithoutEndifIsAProblem() {
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "L"))
        let source = scanner.scan(
            Array("int a;\n#if 0\nNSString *k = NSLocalizedString(@\"k\", nil);\n".utf8), path: "/p/A.m")
        #expect(source.syntaxProblems.map(\.kind) == [.unterminatedConditional])
        #expect(source.syntaxProblems.map(\.location.line) == [2])
    }

    @Test func definitionsAndPrototypesAreNotCalls() {
        let macro = LocalizationFunction(name: "TGLocalized", key: .position(0))
        let found = objcUsages(
            #"""
            #define TGLocalized(s) NSLocalizedString(s, nil)
            NSString *TGLocalized(NSString *key);
            static inline NSString * TGLocalized(NSString *key) { return key; }
            NSString *title = TGLocalized(@"Settings.Title");
            return TGLocalized(@"Settings.Back");
            """#, functions: [macro] + BuiltInFunctions.functions())
        // The macro's own body forwards its parameter: the wrapper's implementation, no use.
        #expect(found.map(\.key) == [.literal("Settings.Title"), .literal("Settings.Back")])
        #expect(found.map(\.function) == ["TGLocalized", "TGLocalized"])
    }

    @Test func swiftOnlyFormsAreNotObjectiveC() {
        #expect(objcUsages(#"id x = String(localized: @"k");"#).isEmpty)
    }

    @Test func unterminatedLiteralAndComment() {
        let scanner = SourceScanner(
            recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "L"))
        let source = scanner.scan(
            Array("NSString *s = @\"open\nNSLocalizedString(@\"k\", nil);\n/* open".utf8), path: "/p/A.m")
        #expect(source.syntaxProblems.map(\.kind) == [.unterminatedString, .unterminatedBlockComment])
        #expect(source.usages.map(\.key.literal) == ["k"])
    }
}
