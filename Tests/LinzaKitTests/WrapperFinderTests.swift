import Testing
@testable import LinzaSources

@Suite struct ReceiverFormTests {
    let localized = LocalizationFunction(
        name: "localized", key: .receiver, comment: .label("comment"), languages: [.swift])

    @Test func literalBeforeTheMemberIsTheKey() {
        let found = usages(
            #"""
            let a = "hello".localized
            let b = "bye".localized(comment: "farewell")
            let c = "n\(x)".localized
            let d = title.localized
            let e = "x".uppercased()
            let f = "multi \("nested".localized) end".localized
            """#, functions: [localized])
        #expect(found.map(\.key.literal) == ["hello", "bye", nil, "nested", nil])
        #expect(found[1].comment == "farewell")
        #expect(found[2].key.prefix == "n")
    }

    /// Rectangle: `"Check for Updates…".localized(key: "HIK-3r-i7E.title")` is the method
    /// `localized(key:)`, whose key is its argument, not the property `localized`, whose key
    /// would be the literal it is called on.
    @Test func methodWithALabelledKeyIsNotTheReceiverForm() {
        let property = LocalizationFunction(
            name: "localized", key: .receiver, defaultTable: "Main", languages: [.swift])
        let method = LocalizationFunction(
            name: "localized", key: .label("key"), value: .receiver, defaultTable: "Main",
            languages: [.swift])
        let functions = LocalizationFunction.distinguishingSharedNames([property, method])
        let found = usages(
            #"""
            updatesMenuItem.title = "Check for Updates…".localized(key: "HIK-3r-i7E.title")
            button.title = pending ? "Update Available…".localized : "Check for Updates…".localized(key: "74m-kw-w1f.title")
            let other = title.localized(key: "abc.title")
            let bare = localized(key: "inside.extension")
            """#, functions: functions)
        #expect(
            found.map(\.key.literal) == [
                "HIK-3r-i7E.title", "Update Available…", "74m-kw-w1f.title", "abc.title",
                "inside.extension",
            ])
        #expect(
            found.map(\.function) == [
                "localized(key:)", "localized", "localized(key:)", "localized(key:)", "localized(key:)",
            ])
        #expect(found.map(\.defaultValue) == ["Check for Updates…", nil, "Check for Updates…", nil, nil])
        #expect(found.allSatisfy { $0.table == .named("Main") })
    }

    /// A plain wrapper of the same name stays a free function: a method of that name on any
    /// value is not a call of it.
    @Test func freeFunctionOfAReceiverFormsNameIsNoMethod() {
        let property = LocalizationFunction(name: "localized", key: .receiver, languages: [.swift])
        let free = LocalizationFunction(name: "localized", key: .position(0), languages: [.swift])
        let found = usages(
            #"""
            let a = localized("free")
            let b = "prop".localized
            let c = formatter.localized("no")
            """#, functions: [property, free])
        #expect(found.map(\.key.literal) == ["free", "prop"])
    }

    @Test func memberOfAnotherNameOrObjectiveCIsNoUse() {
        #expect(keys(#"let a = "hello".localizedCapitalized"#, functions: [localized]).isEmpty)
        #expect(scan(#"NSString *a = @"hello".localized;"#, functions: [localized], path: "A.m").usages.isEmpty)
    }
}

@Suite struct ConvertedKeyForwardingTests {
    /// The configured wrapper's own body converts its key before passing it on: that is its
    /// implementation, not a dynamic key at `String(localized:)`.
    @Test func wrapperBodyConvertingItsKeyIsNoUse() {
        let wrapper = LocalizationFunction(name: "localizeString", key: .position(0), languages: [.swift])
        let found = usages(
            #"""
            func localizeString(_ key: String, comment: String = "") -> String {
                return String(localized: String.LocalizationValue(key))
            }
            let title = localizeString("Install")
            let other = String(localized: String.LocalizationValue(name))
            """#, functions: [wrapper] + BuiltInFunctions.functions())
        #expect(found.map(\.function) == ["localizeString", "String(localized:)"])
        #expect(found.map(\.key) == [.literal("Install"), .dynamic(prefix: nil)])
    }
}

@Suite struct WrapperFinderTests {
    func wrappers(
        _ code: String, path: String = "Wrappers.swift",
        known: [LocalizationFunction] = BuiltInFunctions.functions()
    ) -> [LocalizationFunction] {
        WrapperFinder(known: known).wrappers(in: Array(code.utf8), path: path).map(\.function)
    }

    @Test func freeFunctionWithAKeyParameter() {
        let found = wrappers(
            #"""
            func BPFLocalizedString(_ key: String, comment: String = "") -> String {
                NSLocalizedString(key, tableName: "Pizza", comment: comment)
            }
            func title(for key: String) -> String { return NSLocalizedString(key, comment: "") }
            """#)
        #expect(found.map(\.name) == ["BPFLocalizedString", "title"])
        #expect(found[0].key == .position(0))
        #expect(found[0].defaultTable == "Pizza")
        #expect(found[0].comment == .label("comment"))
        #expect(found[1].key == .label("for"))
    }

    /// A wrapper that replaces `%0`, `%1` itself reads texts that are no printf formats; one
    /// that formats, or replaces something else, may read formats.
    @Test func aWrapperFillingItsOwnPlaceholdersFormatsNothing() {
        let found = wrappers(
            #"""
            public func localizedString(_ key: String, _ params: String..., comment: String = "") -> String {
                var string = NSLocalizedString(key, comment: comment)
                for (index, param) in params.enumerated() {
                    string = string.replacingOccurrences(of: "%\(index)", with: param)
                }
                return string
            }
            func formatted(_ key: String, _ params: String...) -> String {
                let text = NSLocalizedString(key, comment: "").replacingOccurrences(of: "%0", with: params[0])
                return String(format: text, params)
            }
            func tidied(_ key: String) -> String {
                NSLocalizedString(key, comment: "").replacingOccurrences(of: "\n", with: " ")
            }
            """#)
        #expect(found.map(\.name) == ["localizedString", "formatted", "tidied"])
        #expect(found.map(\.formatsText) == [false, true, true])
        let objectiveC = wrappers(
            #"""
            NSString *Filled(NSString *key, NSString *value) {
                return [NSLocalizedString(key, nil) stringByReplacingOccurrencesOfString:@"%1" withString:value];
            }
            """#, path: "Wrappers.m")
        #expect(objectiveC.map(\.formatsText) == [false])
    }

    @Test func swiftGenStaticMemberBecomesAMemberPath() {
        let found = wrappers(
            #"""
            // Generated using SwiftGen
            internal enum L10n {
              internal static let title = L10n.tr("Localizable", "settings.title", fallback: "Settings")
            }
            extension L10n {
              private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
                let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table)
                return String(format: format, locale: Locale.current, arguments: args)
              }
            }
            """#)
        #expect(found.count == 1)
        #expect(found.first?.name == "L10n.tr")
        #expect(found.first?.key == .position(1))
        #expect(found.first?.table == .position(0))
        #expect(found.first?.value == .label("fallback"))
    }

    @Test func stringExtensionLocalizesItsReceiver() {
        let found = wrappers(
            #"""
            extension String {
                var localized: String { NSLocalizedString(self, comment: "") }
                func localized(with arguments: CVarArg...) -> String {
                    String(format: NSLocalizedString(self, tableName: "Main", comment: ""), arguments: arguments)
                }
                var uppercasedTitle: String { self.uppercased() }
            }
            """#)
        #expect(found.map(\.name) == ["localized", "localized"])
        #expect(found.allSatisfy { $0.key == .receiver })
        #expect(found[1].defaultTable == "Main")
    }

    /// Rectangle's `StringExtension.swift`: the property localizes itself, the method its
    /// `key:` with itself as the text.
    @Test func stringMethodWhoseReceiverIsTheValue() {
        let found = wrappers(
            #"""
            extension String {
                var localized: String {
                    NSLocalizedString(self, tableName: "Main", comment: "")
                }
                func localized(key: String) -> String {
                    NSLocalizedString(key, tableName: "Main", value: self, comment: "")
                }
            }
            func outside(key: String, text: String) -> String { NSLocalizedString(key, value: self, comment: "") }
            """#)
        #expect(found.map(\.name) == ["localized", "localized", "outside"])
        #expect(found.map(\.key) == [.receiver, .label("key"), .label("key")])
        #expect(found.map(\.value) == [nil, .receiver, nil])
        #expect(found.map(\.defaultTable) == ["Main", "Main", nil])
    }

    @Test func passingSomethingElseIsNoWrapper() {
        #expect(
            wrappers(
                #"""
                func greet(_ name: String) -> String { NSLocalizedString("hello", comment: name) }
                func build(_ key: String) -> String { NSLocalizedString(key + ".title", comment: "") }
                protocol Localizing { func localize(_ key: String) -> String }
                extension Int { var localized: String { NSLocalizedString(self.description, comment: "") } }
                """#
            ).isEmpty)
    }

    /// XcodesApp's `localizeString(_:)` returns `String(localized: String.LocalizationValue(key))`:
    /// conversions that keep the text keep the parameter the key.
    @Test func keyPassedThroughAConversionThatKeepsItsText() {
        let found = wrappers(
            #"""
            func localizeString(_ key: String, comment: String = "") -> String {
                return String(localized: String.LocalizationValue(key))
            }
            func title(_ key: String) -> String { String(localized: LocalizedStringResource(stringLiteral: key)) }
            func label(key: String) -> String { NSLocalizedString(String(key), comment: "") }
            func bridged(_ key: NSString) -> String { NSLocalizedString(key as String, comment: "") }
            func nested(_ key: Substring) -> String { String(localized: String.LocalizationValue(String(key))) }
            extension String {
                var localizedValue: String { String(localized: String.LocalizationValue(self)) }
            }
            """#)
        #expect(found.map(\.name) == ["localizeString", "title", "label", "bridged", "nested", "localizedValue"])
        #expect(found.map(\.key) == [.position(0), .position(0), .label("key"), .position(0), .position(0), .receiver])
    }

    /// `String(n)` of a number is its digits, `String(describing:)` any description, and
    /// `key + "x"` another text: none passes the parameter on as the key.
    @Test func conversionsThatMayChangeTheTextAreNoWrapper() {
        #expect(
            wrappers(
                #"""
                func count(_ n: Int) -> String { NSLocalizedString(String(n), comment: "") }
                func anything(_ key: Any) -> String { NSLocalizedString(String(describing: key), comment: "") }
                func optional(_ key: String?) -> String { NSLocalizedString(String(key), comment: "") }
                func suffixed(_ key: String) -> String { String(localized: String.LocalizationValue(key + "x")) }
                func prefixed(_ key: String) -> String { String(localized: String.LocalizationValue("a." + key)) }
                func lowered(_ key: String) -> String { String(localized: String.LocalizationValue(key.lowercased())) }
                func cast(_ key: String) -> String { NSLocalizedString(key as? String ?? "", comment: "") }
                """#
            ).isEmpty)
    }

    @Test func wrapperOfAWrapper() {
        let first = wrappers(#"func L(_ key: String) -> String { NSLocalizedString(key, comment: "") }"#)
        let second = wrappers(
            #"func LL(_ key: String) -> String { L(key).uppercased() }"#,
            known: BuiltInFunctions.functions() + first)
        #expect(second.map(\.name) == ["LL"])
    }

    @Test func objectiveCMacrosAndFunctions() {
        let found = wrappers(
            #"""
            #define BPFLocalizedString(key, comment) NSLocalizedStringFromTable(key, @"Pizza", comment)
            #define NOT_A_FUNCTION_MACRO (x) NSLocalizedString(x, nil)
            NSString *BPFTitle(NSString *key) {
                return NSLocalizedString(key, nil);
            }
            """#, path: "Wrappers.m")
        #expect(found.map(\.name) == ["BPFLocalizedString", "BPFTitle"])
        #expect(found[0].defaultTable == "Pizza")
        #expect(found[0].comment == .position(1))
        #expect(found.allSatisfy { $0.languages == [.objc] })
    }
}
