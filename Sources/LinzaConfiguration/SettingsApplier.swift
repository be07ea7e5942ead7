import LinzaBase
import LinzaSources
import LinzaTables
import LinzaYAML

/// Applies one mapping of settings (the top level, or a module) to a configuration.
struct SettingsApplier {
    typealias Key = ConfigurationLoader.Key

    let reader: NodeReader
    let vocabulary: ConfigurationVocabulary
    /// Rule settings a module starts from (the top level's); its own override per rule.
    var inheritedRules: [String: RuleSettings] = [:]

    /// The settings of one `functions:` entry.
    enum FunctionKey: String, CaseIterable {
        case name, key, table, value, comment
        case defaultTable = "default_table"
        case family
        case formats
    }

    /// The settings of one `accessors:` entry.
    enum AccessorKey: String, CaseIterable {
        case root, naming, file, table
        case onlyKeys = "only_keys"
    }

    /// The settings of a `naming:` written as a mapping (a `KeyTransform`).
    enum TransformKey: String, CaseIterable {
        case letterCase = "case"
        case replace, with, prefix, suffix
        case pluralSuffixes = "plural_suffixes"
    }

    /// The settings of one rule given as a mapping.
    enum RuleKey: String, CaseIterable {
        case severity
        case ignoreKeys = "ignore_keys"
        case ignoreTables = "ignore_tables"
    }

    func apply(_ settings: [(String, YAMLPair)], to configuration: inout Configuration) throws {
        let base = configuration.baseDirectory
        for (name, pair) in settings {
            let value = pair.value
            switch Key(rawValue: name)! {
            case .included:
                configuration.included = try reader.nonEmptyStrings(value, key: name).map {
                    try reader.selector($0, key: name, base: base)
                }
                if !settings.contains(where: { $0.0 == Key.resources.rawValue }) {
                    configuration.resources = configuration.included.map { selector in
                        Path.kind(selector.root) == .directory ? selector.root : Path.parent(selector.root)
                    }
                }
            case .shared:
                configuration.shared = try reader.nonEmptyStrings(value, key: name).map {
                    try reader.selector($0, key: name, base: base)
                }
            case .excluded:
                configuration.excluded = try reader.strings(value, key: name).map {
                    GlobPattern(try reader.glob($0, key: name).text, base: base)
                }
            case .resources:
                configuration.resources = try reader.nonEmptyStrings(value, key: name).flatMap {
                    try reader.resources($0, key: name, base: base)
                }
            case .developmentLanguage:
                configuration.developmentLanguage = try reader.language(try reader.scalar(value, key: name), key: name)
            case .baseLanguage:
                let text = try reader.scalar(value, key: name)
                guard text.text == LanguageCode.base else {
                    throw reader.error(.invalidValue(key: name, value: text.text, expected: "Base"), at: text.mark)
                }
                configuration.baseLanguage = LanguageCode.base
            case .requiredLanguages:
                configuration.requiredLanguages = try reader.nonEmptyStrings(value, key: name).map {
                    try reader.language($0, key: name)
                }
            case .developmentValuesInCode:
                configuration.developmentValuesInCode = try reader.bool(value, key: name)
            case .requireSources:
                configuration.requireSources = try reader.bool(value, key: name)
            case .requireDevelopmentTables:
                configuration.requireDevelopmentTables = try reader.bool(value, key: name)
            case .warnedLanguages:
                configuration.warnedLanguages = try reader.strings(value, key: name).map {
                    try reader.language($0, key: name)
                }
            case .defaultTable:
                configuration.defaultTable = try reader.nonEmpty(try reader.scalar(value, key: name), key: name)
            case .languages:
                configuration.languages = Set(
                    try reader.strings(value, key: name).map { language in
                        guard let parsed = SourceLanguage(rawValue: language.text) else {
                            throw reader.error(
                                .invalidValue(key: name, value: language.text, expected: "swift or objc"),
                                at: language.mark)
                        }
                        return parsed
                    })
            case .functions:
                configuration.customFunctions = LocalizationFunction.distinguishingSharedNames(
                    try reader.sequence(value, key: name).flatMap(functions))
            case .accessors:
                configuration.accessors = try reader.sequence(value, key: name).map { try accessor($0, base: base) }
            case .disabledFunctions:
                configuration.disabledFunctions = Set(
                    try reader.strings(value, key: name).map { id in
                        guard BuiltInFunctions.ids.contains(id.text) else {
                            throw reader.error(
                                .invalidValue(
                                    key: name, value: id.text,
                                    expected: "one of "
                                        + BuiltInFunctions.ids.joined(separator: ", ")), at: id.mark)
                        }
                        return id.text
                    })
            case .swiftUI:
                configuration.swiftUI = try reader.bool(value, key: name)
            case .checkInterfaceTables:
                configuration.checkInterfaceTables = try reader.bool(value, key: name)
            case .rules:
                configuration.ruleSettings = try rules(value)
            case .optInRules:
                configuration.optInRules = Set(try reader.strings(value, key: name).map(optInRule))
            case .modules, .reporter, .baseline, .findingsPerLanguage, .pruneLimit:
                break  // project-wide: handled by the loader
            }
        }
        try requireOptions(configuration, settings: settings)
        try checkLanguageLevels(configuration, settings: settings)
    }

    /// A language is either required or warned about, not both.
    private func checkLanguageLevels(_ configuration: Configuration, settings: [(String, YAMLPair)]) throws {
        guard
            let both = configuration.warnedLanguages.first(where: {
                configuration.requiredLanguages?.contains($0) == true
            }),
            let pair = settings.first(where: { $0.0 == Key.warnedLanguages.rawValue })
                ?? settings.first(where: { $0.0 == Key.requiredLanguages.rawValue })
        else { return }
        throw reader.error(
            .invalidValue(
                key: Key.warnedLanguages.rawValue, value: both,
                expected: "a language not in required_languages"), at: pair.1.key.mark)
    }

    /// A rule switched on without an option it needs (`key_style` without its `pattern`)
    /// would silently check nothing.
    private func requireOptions(_ configuration: Configuration, settings: [(String, YAMLPair)]) throws {
        guard let enabling = settings.first(where: { $0.0 == Key.optInRules.rawValue || $0.0 == Key.rules.rawValue })
        else { return }
        for rule in vocabulary.rules where rule.severity(in: configuration) != nil {
            let given = configuration.settings(for: rule.id).options
            if let missing = rule.options.first(where: { $0.isRequired && given[$0.name] == nil }) {
                throw reader.error(
                    .missingSetting(key: missing.name, section: "rules.\(rule.id)"), at: enabling.1.key.mark)
            }
        }
    }

    // MARK: - functions

    /// One `functions:` entry: the form it names and, with `family: true`, its genstrings
    /// `-s` variants.
    private func functions(_ node: YAMLNode) throws -> [LocalizationFunction] {
        let section = Key.functions.rawValue
        let settings = try reader.mapping(node, section: section, keys: FunctionKey.allCases.map(\.rawValue))
        let name = try memberPath(
            FunctionKey.name.rawValue, of: settings, in: node, section: section,
            expected: "a function name or a member path such as L10n.tr")
        var function = LocalizationFunction(name: name.text, key: .position(0))
        var family = false
        for (key, pair) in settings {
            switch FunctionKey(rawValue: key)! {
            case .name:
                break
            case .key:
                function.key = try reader.argument(pair.value, key: key, allowsReceiver: true)
                if function.key == .receiver {
                    // A member on a string literal is Swift; Objective-C has no such form.
                    guard !name.text.contains(".") else {
                        throw reader.error(
                            .invalidValue(
                                key: "name", value: name.text,
                                expected: "a member name such as localized when the key is the receiver"),
                            at: name.mark)
                    }
                    function.languages = [.swift]
                }
            case .table:
                function.table = try reader.argument(pair.value, key: key)
            case .value:
                // `value: receiver`: a `String` method whose string is its text, Swift only.
                function.value = try reader.argument(pair.value, key: key, allowsReceiver: true)
                if function.value == .receiver { function.languages = [.swift] }
            case .comment:
                function.comment = try reader.argument(pair.value, key: key)
            case .defaultTable:
                function.defaultTable = try reader.nonEmpty(try reader.scalar(pair.value, key: key), key: key)
            case .formats:
                function.formatsText = try reader.bool(pair.value, key: key)
            case .family:
                family = try reader.bool(pair.value, key: key)
                if family, name.text.contains(".") {
                    throw reader.error(
                        .invalidValue(
                            key: "family", value: "true",
                            expected: "false for a member path such as \(name.text)"),
                        at: pair.value.mark)
                }
            }
        }
        if family, function.key == .receiver {
            throw reader.error(
                .invalidValue(key: "family", value: "true", expected: "false when the key is the receiver"),
                at: node.mark)
        }
        return family ? [function] + function.family() : [function]
    }

    /// The required setting `key` of an entry of `section`: an identifier path (`L10n.tr`).
    private func memberPath(
        _ key: String, of settings: [(String, YAMLPair)], in node: YAMLNode, section: String,
        expected: String
    ) throws -> PositionedText {
        guard let pair = settings.first(where: { $0.0 == key })?.1 else {
            throw reader.error(.missingSetting(key: key, section: section), at: node.mark)
        }
        let value = try reader.scalar(pair.value, key: key)
        guard ConfigurationLoader.isMemberPath(value.text) else {
            throw reader.error(.invalidValue(key: key, value: value.text, expected: expected), at: value.mark)
        }
        return value
    }

    // MARK: - accessors

    /// One `accessors:` entry: a root, and how its paths lead to keys (`naming:`, or the
    /// generated `file:` whose declarations say it).
    private func accessor(_ node: YAMLNode, base: String) throws -> AccessorSet {
        let section = Key.accessors.rawValue
        let settings = try reader.mapping(node, section: section, keys: AccessorKey.allCases.map(\.rawValue))
        let root = try memberPath(
            AccessorKey.root.rawValue, of: settings, in: node, section: section,
            expected: "a type or member path such as L10n or R.string")
        var accessor = AccessorSet(root: root.text, naming: .declarations)
        var naming: PositionedText?
        for (key, pair) in settings {
            switch AccessorKey(rawValue: key)! {
            case .root:
                break
            case .naming:
                if case .mapping = pair.value.content {
                    accessor.naming = .transform
                    accessor.transform = try transform(pair.value)
                    naming = PositionedText(text: "transform", mark: pair.value.mark)
                    continue
                }
                let value = try reader.scalar(pair.value, key: key)
                guard let parsed = AccessorSet.Naming(rawValue: value.text), AccessorSet.Naming.words.contains(parsed)
                else {
                    throw reader.error(
                        .invalidValue(
                            key: key, value: value.text,
                            expected: "one of "
                                + AccessorSet.Naming.words.map(\.rawValue).joined(separator: ", ")
                                + ", or a mapping of case, replace, with, prefix, suffix, plural_suffixes"),
                        at: value.mark)
                }
                accessor.naming = parsed
                naming = value
            case .file:
                let value = try reader.scalar(pair.value, key: key)
                let path = Path.absolute(value.text, relativeTo: base)
                guard Path.kind(path) == .file else {
                    throw reader.error(.pathNotFound(key: key, path: value.text), at: value.mark)
                }
                accessor.file = path
            case .table:
                accessor.table = try reader.nonEmpty(try reader.scalar(pair.value, key: key), key: key)
            case .onlyKeys:
                accessor.onlyKeys = try reader.bool(pair.value, key: key)
            }
        }
        // Without the generated file, only a naming rule can lead from a path to its key.
        if accessor.naming == .declarations, accessor.file == nil {
            if let naming {
                throw reader.error(
                    .missingSetting(key: "file", section: "\(section) entry with naming: declarations"),
                    at: naming.mark)
            }
            throw reader.error(
                .missingSetting(key: "naming", section: "\(section) entry without a file"), at: node.mark)
        }
        return accessor
    }

    /// `naming: {case: lower, replace: "[^a-z0-9]", with: "_"}`.
    private func transform(_ node: YAMLNode) throws -> KeyTransform {
        let settings = try reader.mapping(node, section: "naming", keys: TransformKey.allCases.map(\.rawValue))
        var transform = KeyTransform()
        for (key, pair) in settings {
            switch TransformKey(rawValue: key)! {
            case .letterCase:
                let value = try reader.scalar(pair.value, key: key)
                guard let letterCase = KeyTransform.LetterCase(rawValue: value.text) else {
                    throw reader.error(
                        .invalidValue(
                            key: key, value: value.text,
                            expected: "one of "
                                + KeyTransform.LetterCase.allCases.map(\.rawValue).joined(separator: ", ")),
                        at: value.mark)
                }
                transform.letterCase = letterCase
            case .replace:
                let value = try reader.scalar(pair.value, key: key)
                guard let characters = CharacterClass(value.text) else {
                    throw reader.error(
                        .invalidValue(
                            key: key, value: value.text,
                            expected: "a character class such as \"[^A-Za-z0-9]\" or \"[._-]\""),
                        at: value.mark)
                }
                transform.replace = characters
            case .with: transform.with = try reader.scalar(pair.value, key: key).text
            case .prefix: transform.prefix = try reader.scalar(pair.value, key: key).text
            case .suffix: transform.suffix = try reader.scalar(pair.value, key: key).text
            case .pluralSuffixes:
                transform.pluralSuffixes = try reader.nonEmptyStrings(pair.value, key: key).map(\.text)
            }
        }
        return transform
    }

    // MARK: - rules

    private func rules(_ node: YAMLNode) throws -> [String: RuleSettings] {
        guard case .mapping(let pairs) = node.content else {
            throw reader.error(
                .wrongType(
                    key: "rules", expected: "a mapping of rule ids to their settings",
                    found: node.kindName), at: node.mark)
        }
        var result = inheritedRules
        var seen = Set<String>()
        for pair in pairs {
            let (id, rule) = try ruleID(pair.key)
            guard seen.insert(id.text).inserted else { throw reader.error(.duplicateKey(id.text), at: id.mark) }
            result[id.text] = try ruleSettings(pair.value, rule: rule)
        }
        return result
    }

    /// `missing_key: warning`, or a mapping with `severity`, `ignore_keys`, `ignore_tables`
    /// and the options the rule declares.
    private func ruleSettings(_ node: YAMLNode, rule: RuleDeclaration) throws -> RuleSettings {
        if case .scalar = node.content { return RuleSettings(level: try level(node, rule: rule.id)) }
        let section = "rules.\(rule.id)"
        var settings = RuleSettings()
        let options = rule.options.map(\.name)
        for (key, pair) in try reader.mapping(node, section: section, keys: RuleKey.allCases.map(\.rawValue) + options)
        {
            switch RuleKey(rawValue: key) {
            case .severity:
                settings.level = try level(pair.value, rule: rule.id)
            case .ignoreKeys:
                settings.ignoreKeys = try reader.strings(pair.value, key: key).map {
                    try reader.glob($0, key: key).text
                }
            case .ignoreTables:
                settings.ignoreTables = try reader.strings(pair.value, key: key).map(\.text)
            case nil:
                let option = rule.options.first { $0.name == key }!
                settings.options[key] = try optionValue(pair.value, option: option)
            }
        }
        return settings
    }

    private func optionValue(_ node: YAMLNode, option: RuleOption) throws -> String {
        let value = try reader.scalar(node, key: option.name)
        switch option.kind {
        case .text:
            break
        case .regularExpression:
            guard (try? Regex(value.text)) != nil else {
                throw reader.error(
                    .invalidValue(key: option.name, value: value.text, expected: "a regular expression"),
                    at: value.mark)
            }
        }
        return value.text
    }

    private func level(_ node: YAMLNode, rule: String) throws -> RuleLevel {
        let level = try reader.scalar(node, key: rule)
        guard let parsed = RuleLevel(rawValue: level.text) else {
            throw reader.error(
                .invalidValue(key: rule, value: level.text, expected: "error, warning or off"), at: level.mark)
        }
        return parsed
    }

    private func ruleID(_ node: YAMLNode) throws -> (PositionedText, RuleDeclaration) {
        let id = try reader.scalar(node, key: "rules")
        guard let rule = vocabulary.rule(id: id.text) else {
            throw reader.error(
                .unknownRule(id.text, suggestion: DidYouMean.suggestion(for: id.text, among: vocabulary.ruleIDs)),
                at: id.mark)
        }
        return (id, rule)
    }

    private func optInRule(_ id: PositionedText) throws -> String {
        let known = vocabulary.rules.filter(\.isOptIn).map(\.id)
        guard known.contains(id.text) else {
            if vocabulary.ruleIDs.contains(id.text) {
                throw reader.error(
                    .invalidValue(
                        key: Key.optInRules.rawValue, value: id.text,
                        expected: "an opt-in rule (\(known.joined(separator: ", ")))"), at: id.mark)
            }
            throw reader.error(
                .unknownRule(id.text, suggestion: DidYouMean.suggestion(for: id.text, among: known)), at: id.mark)
        }
        return id.text
    }
}
