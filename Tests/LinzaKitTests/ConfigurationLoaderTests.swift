import Foundation
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

@Suite struct ConfigurationLoaderTests {
    let project = TemporaryDirectory()

    init() {
        project.folder("App/Resources")
        project.folder("Modules/Checkout/Sources")
    }

    var file: String { project.path + "/.linza.yml" }

    func load(_ text: String) throws -> Configuration {
        try ConfigurationLoader.load(text: text, file: file)
    }

    /// Loads `marked` and expects an error at the `↓` marker whose message is `message`.
    func expectError(_ marked: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let text = MarkedText(marked)
        do {
            _ = try load(text.text)
            Issue.record("expected an error: \(message)", sourceLocation: sourceLocation)
        } catch let error as ConfigurationError {
            #expect(error.message == message, sourceLocation: sourceLocation)
            let position = MarkedText.Position(line: error.location.line, column: error.location.column)
            #expect([position] == text.markers, sourceLocation: sourceLocation)
            #expect(error.location.file == file, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func fullConfiguration() throws {
        let configuration = try load(
            """
            included: [App, "Modules/*/Sources"]
            excluded: ["**/Generated/**"]
            resources: [App/Resources]
            development_language: en
            required_languages: [en, pt_br, zh-hans]
            default_table: Main
            functions:
              - name: BPFLocalizedString
                key: 0
              - name: L10n.tr
                key: 1
                table: 0
                default_table: Vector
            rules:
              missing_key: warning
              dynamic_key: off
            """)
        #expect(configuration.included.map(\.root) == [project.path + "/App", project.path + "/Modules"])
        #expect(configuration.included[1].pattern?.matches(project.path + "/Modules/Checkout/Sources") == true)
        #expect(configuration.resources == [project.path + "/App/Resources"])
        #expect(configuration.requiredLanguages == ["en", "pt-BR", "zh-Hans"])
        #expect(configuration.defaultTable == "Main")
        #expect(
            configuration.functions.prefix(2) == [
                LocalizationFunction(name: "BPFLocalizedString", key: .position(0)),
                LocalizationFunction(name: "L10n.tr", key: .position(1), table: .position(0), defaultTable: "Vector"),
            ])
        #expect(configuration.functions.dropFirst(2).elementsEqual(BuiltInFunctions.functions()))
        #expect(
            configuration.ruleSettings == [
                "missing_key": RuleSettings(level: .warning),
                "dynamic_key": RuleSettings(level: .off),
            ])
    }

    @Test func warnedLanguagesAreNormalisedAndNeverAlsoRequired() throws {
        let configuration = try load("required_languages: [en]\nwarned_languages: [pt_BR, fr]\n")
        #expect(configuration.warnedLanguages == ["pt-BR", "fr"])
        expectError(
            "required_languages: [en, fr]\n↓warned_languages: [fr]\n",
            "'fr' is not a valid value for 'warned_languages'; expected a language not in required_languages")
    }

    @Test func emptyFileMeansDefaults() throws {
        let configuration = try load("# nothing configured yet\n")
        #expect(configuration.included == [PathSelector(root: project.path)])
        #expect(configuration.resources == [project.path])
        #expect(configuration.developmentLanguage == "en")
        #expect(configuration.requiredLanguages == nil)
    }

    @Test func resourcesDefaultToIncludedFolders() throws {
        let configuration = try load("included: [App, Modules]")
        #expect(configuration.resources == [project.path + "/App", project.path + "/Modules"])
    }

    @Test func existingPathWithGlobCharactersIsLiteral() throws {
        project.write("App/[x].swift", "")
        let configuration = try load("included: [\"App/[x].swift\"]")
        #expect(configuration.included == [PathSelector(root: project.path + "/App/[x].swift")])
    }

    /// A glob under `resources:` is read as the folders and table files it matches, as if
    /// each were listed: hidden entries, links to folders and other files are not matches.
    @Test func resourceGlobsStandForTheirMatches() throws {
        for language in ["en", "de", "pt-BR"] { project.folder("App/Resources/\(language).lproj") }
        project.folder("App/Resources/.hidden.lproj")
        project.write("App/Resources/notes.lproj.txt", "")
        project.write("App/Resources/Catalog.xcstrings", "{}")
        project.write("Modules/Checkout/Resources/ru.lproj/Checkout.strings", "")
        try FileManager.default.createSymbolicLink(
            atPath: project.path + "/App/Resources/fr.lproj", withDestinationPath: "en.lproj")
        let lproj = try load("resources: [App/Resources/*.lproj, \"Modules/**/*.lproj\", App/*/*.xcstrings]")
        #expect(
            lproj.resources
                == ["de", "en", "pt-BR"].map { project.path + "/App/Resources/\($0).lproj" } + [
                    project.path + "/Modules/Checkout/Resources/ru.lproj",
                    project.path + "/App/Resources/Catalog.xcstrings",
                ])
        // Without a slash, anchored at the configuration's folder (not any depth, as in excluded:).
        project.folder("top.lproj")
        #expect(try load("resources: [\"*.lproj\"]").resources == [project.path + "/top.lproj"])
        expectError(
            "resources: [↓App/*/*.nothing]\n",
            "'resources' names 'App/*/*.nothing', which matches no folder or table file")
        expectError("resources: [↓Nowhere/*.lproj]\n", "'resources' names 'Nowhere', which does not exist")
    }

    @Test func absolutePathsAreAccepted() throws {
        let configuration = try load("included: [\(project.path)/App]")
        #expect(configuration.included.map(\.root) == [project.path + "/App"])
    }

    @Test func malformedYAML() {
        expectError(
            "included: [App\nexcluded↓: - x\n",
            "invalid YAML: did not find expected ',' or ']' while parsing a flow sequence")
    }

    @Test func tabsAreNotIndentation() {
        expectError(
            "rules:\n↓\tmissing_key: error\n",
            "invalid YAML: found character that cannot start any token while scanning for the next token")
    }

    @Test func notAMapping() {
        expectError("↓- included\n", "the configuration must be a mapping of settings, found a list")
    }

    @Test func unknownKeyWithSuggestion() {
        expectError(
            "included: [App]\n↓requried_languages: [en]\n",
            "unknown key 'requried_languages'; did you mean 'required_languages'?")
    }

    @Test func unknownKeyWithoutSuggestion() {
        expectError("↓colour: blue\n", "unknown key 'colour'")
    }

    @Test func duplicateKey() {
        expectError("default_table: A\n↓default_table: B\n", "'default_table' is set twice")
    }

    @Test func wrongTypes() {
        expectError("excluded: ↓{a: b}\n", "'excluded' must be a list of strings, found a mapping")
        expectError("default_table: ↓[A]\n", "'default_table' must be a value, found a list")
        expectError("development_language:↓\n", "'development_language' must be a value, found an empty value")
        expectError("rules: ↓[missing_key]\n", "'rules' must be a mapping of rule ids to their settings, found a list")
        expectError("functions: ↓BPFLocalizedString\n", "'functions' must be a list, found a scalar")
    }

    @Test func pathsThatDoNotExist() {
        expectError("included: [App, ↓Missing]\n", "'included' names 'Missing', which does not exist")
        expectError("included: [↓Nowhere/*/Sources]\n", "'included' names 'Nowhere', which does not exist")
        expectError("resources: [↓App/Missing]\n", "'resources' names 'App/Missing', which does not exist")
    }

    @Test func emptyListsThatWouldCheckNothing() {
        expectError(
            "included: ↓[]\n",
            "'included' is empty, so Linza would check nothing; list at least one entry or remove the setting")
        expectError(
            "required_languages: ↓[]\n",
            "'required_languages' is empty, so Linza would check nothing; list at least one entry or remove the setting"
        )
    }

    @Test func unknownRuleWithSuggestion() {
        expectError(
            "rules:\n  ↓missing_keys: error\n",
            "unknown rule 'missing_keys'; did you mean 'missing_key'?; 'linza rules' lists them")
    }

    @Test func invalidRuleLevel() {
        expectError(
            "rules:\n  missing_key: ↓fatal\n",
            "'fatal' is not a valid value for 'missing_key'; expected error, warning or off")
    }

    @Test func invalidLanguage() {
        expectError(
            "required_languages: [en, ↓english!]\n",
            "'english!' in 'required_languages' is not a language code such as en, pt-BR or zh-Hans")
    }

    @Test func functionErrors() {
        expectError("functions:\n  - ↓key: 0\n", "'functions' needs 'name'")
        expectError(
            "functions:\n  - name: ↓1abc\n",
            "'1abc' is not a valid value for 'name'; expected a function name or a member path such as L10n.tr")
        expectError(
            "functions:\n  - name: tr\n    key: ↓-1\n",
            "'-1' is not a valid value for 'key'; expected a 0-based argument position, an argument label or receiver")
        expectError(
            "functions:\n  - name: tr\n    ↓tabel: 0\n", "unknown key 'tabel' in 'functions'; did you mean 'table'?")
        expectError(
            "functions:\n  - name: ↓Strings.localized\n    key: receiver\n",
            "'Strings.localized' is not a valid value for 'name'; expected a member name such as localized when the key is the receiver"
        )
        expectError(
            "functions:\n  - ↓name: localized\n    key: receiver\n    family: true\n",
            "'true' is not a valid value for 'family'; expected false when the key is the receiver")
    }

    @Test func receiverKeyIsASwiftMemberOnAStringLiteral() throws {
        let configuration = try ConfigurationLoader.load(
            text: "functions:\n  - name: localized\n    key: receiver\n    comment: comment\n",
            file: "/p/.linza.yml")
        let function = try #require(configuration.customFunctions.first)
        #expect(function.key == .receiver)
        #expect(function.comment == .label("comment"))
        #expect(function.languages == [.swift])
    }

    /// Rectangle's two wrappers named `localized`: the property (key: the receiver) and the
    /// method (key: `key:`, text: the receiver) are two forms, each with its own display name.
    @Test func valueOfAStringMethodIsTheReceiver() throws {
        let configuration = try load(
            """
            functions:
              - name: localized
                key: receiver
              - name: localized
                key: key
                value: receiver
            """)
        let functions = configuration.customFunctions
        #expect(functions.map(\.key) == [.receiver, .label("key")])
        #expect(functions.map(\.value) == [nil, .receiver])
        #expect(functions.map(\.displayName) == ["localized", "localized(key:)"])
        #expect(functions[1].languages == [.swift] && functions[1].isStringMethod)
    }

    @Test func callFormSettings() throws {
        let configuration = try load(
            """
            languages: [objc]
            swiftui: true
            disabled_functions: [LocalizedStringResource]
            functions:
              - name: MyLocalizedString
                key: 0
                value: 2
                family: true
            """)
        #expect(configuration.languages == [.objc])
        let names = configuration.functions.map(\.name)
        #expect(
            names.prefix(4) == [
                "MyLocalizedString", "MyLocalizedStringFromTable",
                "MyLocalizedStringFromTableInBundle", "MyLocalizedStringWithDefaultValue",
            ])
        #expect(configuration.functions.first?.value == .position(2))
        #expect(names.contains("Text") && !names.contains("LocalizedStringResource"))
    }

    @Test func callFormErrors() {
        expectError(
            "languages: [swift, ↓kotlin]\n", "'kotlin' is not a valid value for 'languages'; expected swift or objc")
        expectError("swiftui: ↓maybe\n", "'maybe' is not a valid value for 'swiftui'; expected true or false")
        expectError(
            "disabled_functions: [↓NSLocalizedStrings]\n",
            "'NSLocalizedStrings' is not a valid value for 'disabled_functions'; expected one of "
                + "NSLocalizedString, String(localized:), LocalizedStringResource, localizedString(forKey:)")
        expectError(
            "functions:\n  - name: L10n.tr\n    family: ↓true\n",
            "'true' is not a valid value for 'family'; expected false for a member path such as L10n.tr")
    }

    @Test func ruleMappingsAndOptInRules() throws {
        let configuration = try load(
            """
            opt_in_rules: [untranslated, key_style]
            rules:
              missing_key: warning
              unused_key:
                severity: error
                ignore_keys: ["debug.*"]
                ignore_tables: [Legacy]
              key_style:
                pattern: '^[a-z]+(\\.[a-z_]+)+$'
            """)
        #expect(configuration.optInRules == ["untranslated", "key_style"])
        #expect(configuration.settings(for: "unused_key").level == .error)
        #expect(configuration.settings(for: "unused_key").ignoreKeys == ["debug.*"])
        #expect(configuration.settings(for: "unused_key").ignoreTables == ["Legacy"])
        #expect(configuration.settings(for: "key_style").options["pattern"] == "^[a-z]+(\\.[a-z_]+)+$")
        #expect(RuleRegistry.severity(of: UntranslatedRule.self, in: configuration) == .warning)
        #expect(RuleRegistry.severity(of: MissingKeyRule.self, in: configuration) == .warning)
    }

    @Test func ruleSettingErrors() {
        expectError(
            "opt_in_rules: [↓missing_key]\n",
            "'missing_key' is not a valid value for 'opt_in_rules'; expected an opt-in rule (unused_plural_category, untranslated, key_style)"
        )
        expectError(
            "opt_in_rules: [↓untranslatd]\n",
            "unknown rule 'untranslatd'; did you mean 'untranslated'?; 'linza rules' lists them")
        expectError("↓opt_in_rules: [key_style]\n", "'rules.key_style' needs 'pattern'")
        expectError(
            "rules:\n  key_style:\n    pattern: ↓'[unclosed'\n",
            "'[unclosed' is not a valid value for 'pattern'; expected a regular expression")
        expectError("rules:\n  unused_key:\n    ↓pattern: x\n", "unknown key 'pattern' in 'rules.unused_key'")
        expectError(
            "rules:\n  unused_key:\n    ↓severty: error\n",
            "unknown key 'severty' in 'rules.unused_key'; did you mean 'severity'?")
    }

    @Test func baseLanguageAndInterfaceTables() throws {
        let configuration = try load("base_language: Base\ncheck_interface_tables: true\n")
        #expect(configuration.baseLanguage == "Base")
        #expect(configuration.checkInterfaceTables)
        expectError("base_language: ↓en\n", "'en' is not a valid value for 'base_language'; expected Base")
    }

    @Test func modulesInheritAndOverride() throws {
        let configuration = try load(
            """
            required_languages: [en, ru]
            swiftui: true
            rules:
              unused_key: off
            modules:
              - name: App
                included: [App]
              - name: Checkout
                included: [Modules/Checkout/Sources]
                required_languages: [en, ru, de]
                rules:
                  dynamic_key: off
            """)
        #expect(configuration.modules.map(\.name) == ["App", "Checkout"])
        let app = configuration.modules[0].configuration, checkout = configuration.modules[1].configuration
        #expect(app.included.map(\.root) == [project.path + "/App"])
        #expect(app.resources == [project.path + "/App"])
        #expect(app.requiredLanguages == ["en", "ru"])
        #expect(checkout.requiredLanguages == ["en", "ru", "de"])
        #expect(checkout.swiftUI)
        #expect(checkout.settings(for: "unused_key").level == .off)
        #expect(checkout.settings(for: "dynamic_key").level == .off)
        #expect(app.settings(for: "dynamic_key").level == nil)
    }

    @Test func moduleErrors() {
        expectError("modules:\n  - ↓included: [App]\n", "'modules' needs 'name'")
        expectError("modules:\n  - ↓name: App\n", "'module App' needs 'included'")
        expectError(
            "modules:\n  - name: App\n    included: [App]\n  - name: ↓App\n    included: [App]\n", "'App' is set twice")
        expectError(
            "modules:\n  - name: App\n    included: [App]\n    ↓modules: []\n",
            "unknown key 'modules' in 'modules'")
    }

    @Test func secondDocument() {
        expectError(
            "included: [App]\n↓---\nincluded: [Modules]\n",
            "invalid YAML: expected a single YAML document, found another one")
    }

    @Test func errorDescriptionIsCompilerStyle() {
        do {
            _ = try load("\n  included: [App]\n  ↓bogus: 1\n".replacingOccurrences(of: "↓", with: ""))
        } catch let error as ConfigurationError {
            #expect(error.description == "\(file):3:3: error: unknown key 'bogus'")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func invalidUTF8File() {
        let path = project.write(".linza.yml", bytes: Array("included: [App]\n# caf".utf8) + [0xE9] + [0x0A])
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(file: path) }
        do { _ = try ConfigurationLoader.load(file: path) } catch let error as ConfigurationError {
            #expect(error.location.line == 2 && error.location.column == 6)
        } catch {}
    }

    @Test func locatorWalksUpToTheNearestFile() {
        project.write(".linza.yml", "included: [App]\n")
        #expect(
            ConfigurationLocator.find(from: project.path + "/Modules/Checkout/Sources") == project.path + "/.linza.yml")
        #expect(ConfigurationLocator.find(from: project.path) == project.path + "/.linza.yml")
    }
}
