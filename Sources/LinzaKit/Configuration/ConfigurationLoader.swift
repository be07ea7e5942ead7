import LinzaYAML

/// Reads `.linza.yml` (schema v1) into a `Configuration`.
///
/// Every problem is a `ConfigurationError` at the offending node's position: unknown keys
/// (with a did-you-mean), wrong types, invalid values, paths that do not exist.
public enum ConfigurationLoader {
    /// The top-level settings of schema v1.
    enum Key: String, CaseIterable {
        case included, excluded, resources
        case developmentLanguage = "development_language"
        case requiredLanguages = "required_languages"
        case defaultTable = "default_table"
        case languages, functions
        case disabledFunctions = "disabled_functions"
        case swiftUI = "swiftui"
        case rules
    }

    /// The settings of one `functions:` entry.
    enum FunctionKey: String, CaseIterable {
        case name, key, table, value
        case defaultTable = "default_table"
        case family
    }

    /// Loads the configuration file at the absolute `path`.
    public static func load(file path: String) throws -> Configuration {
        let start = Location(file: path, line: 1, column: 1)
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path)
        } catch {
            throw ConfigurationError(.unreadable((error as? FileReadError)?.reason ?? "\(error)"), at: start)
        }
        if let invalid = bytes.withUnsafeBufferPointer({ UTF8Validation.firstInvalidOffset($0) }) {
            let (line, column) = bytes.withUnsafeBufferPointer { LineIndex($0).position(of: invalid) }
            throw ConfigurationError(.unreadable("the file is not valid UTF-8"),
                                     at: Location(file: path, line: line, column: column))
        }
        return try load(text: String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// Parses configuration text that claims to come from the absolute `file` path.
    public static func load(text: String, file: String) throws -> Configuration {
        let reader = NodeReader(file: file)
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(text)
        } catch let error as YAMLError {
            throw reader.error(.syntax(error.message), at: error.mark)
        } catch {
            throw reader.error(.syntax("\(error)"), at: YAMLMark(line: 1, column: 1))
        }

        var configuration = Configuration(baseDirectory: Path.parent(file))
        configuration.file = file
        guard let root, !root.isNull else { return configuration }
        let settings = try reader.mapping(root, section: nil, keys: Key.allCases.map(\.rawValue))

        var resourcesSet = false
        var configuredFunctions: [LocalizationFunction] = []
        var disabledFunctions = Set<String>()
        var swiftUI = false
        for (name, pair) in settings {
            let value = pair.value
            switch Key(rawValue: name)! {
            case .included:
                configuration.included = try reader.nonEmptyStrings(value, key: name).map {
                    try reader.selector($0, key: name, base: configuration.baseDirectory)
                }
            case .excluded:
                configuration.excluded = try reader.strings(value, key: name).map {
                    GlobPattern($0.text, base: configuration.baseDirectory)
                }
            case .resources:
                resourcesSet = true
                configuration.resources = try reader.nonEmptyStrings(value, key: name).map {
                    try reader.existingFolder($0, key: name, base: configuration.baseDirectory)
                }
            case .developmentLanguage:
                configuration.developmentLanguage = try reader.language(try reader.scalar(value, key: name), key: name)
            case .requiredLanguages:
                configuration.requiredLanguages = try reader.nonEmptyStrings(value, key: name).map {
                    try reader.language($0, key: name)
                }
            case .defaultTable:
                configuration.defaultTable = try reader.nonEmpty(try reader.scalar(value, key: name), key: name)
            case .languages:
                configuration.languages = Set(try reader.strings(value, key: name).map { language in
                    guard let parsed = SourceLanguage(rawValue: language.text) else {
                        throw reader.error(.invalidValue(key: name, value: language.text, expected: "swift or objc"),
                                           at: language.mark)
                    }
                    return parsed
                })
            case .functions:
                configuredFunctions = try reader.sequence(value, key: name).flatMap { try functions($0, reader: reader) }
            case .disabledFunctions:
                disabledFunctions = Set(try reader.strings(value, key: name).map { id in
                    guard BuiltInFunctions.ids.contains(id.text) else {
                        throw reader.error(.invalidValue(key: name, value: id.text, expected: "one of "
                            + BuiltInFunctions.ids.joined(separator: ", ")), at: id.mark)
                    }
                    return id.text
                })
            case .swiftUI:
                swiftUI = try reader.bool(value, key: name)
            case .rules:
                configuration.ruleLevels = try rules(value, reader: reader)
            }
        }
        if !resourcesSet {
            configuration.resources = configuration.included.map { selector in
                Path.kind(selector.root) == .directory ? selector.root : Path.parent(selector.root)
            }
        }
        // Configured forms first: they may refine a built-in name.
        configuration.functions = configuredFunctions
            + BuiltInFunctions.functions(disabled: disabledFunctions, swiftUI: swiftUI)
        return configuration
    }

    /// One `functions:` entry: the form it names and, with `family: true`, its genstrings
    /// `-s` variants.
    private static func functions(_ node: YAMLNode, reader: NodeReader) throws -> [LocalizationFunction] {
        let section = "functions"
        let settings = try reader.mapping(node, section: section, keys: FunctionKey.allCases.map(\.rawValue))
        guard let namePair = settings.first(where: { $0.0 == FunctionKey.name.rawValue })?.1 else {
            throw reader.error(.missingSetting(key: "name", section: section), at: node.mark)
        }
        let name = try reader.scalar(namePair.value, key: "name")
        guard isMemberPath(name.text) else {
            throw reader.error(.invalidValue(key: "name", value: name.text,
                                             expected: "a function name or a member path such as L10n.tr"), at: name.mark)
        }
        var function = LocalizationFunction(name: name.text, key: .position(0))
        var family = false
        for (key, pair) in settings {
            switch FunctionKey(rawValue: key)! {
            case .name:
                break
            case .key:
                function.key = try reader.argument(pair.value, key: key)
            case .table:
                function.table = try reader.argument(pair.value, key: key)
            case .value:
                function.value = try reader.argument(pair.value, key: key)
            case .defaultTable:
                function.defaultTable = try reader.nonEmpty(try reader.scalar(pair.value, key: key), key: key)
            case .family:
                family = try reader.bool(pair.value, key: key)
                if family, name.text.contains(".") {
                    throw reader.error(.invalidValue(key: "family", value: "true",
                                                     expected: "false for a member path such as \(name.text)"),
                                       at: pair.value.mark)
                }
            }
        }
        return family ? [function] + function.family() : [function]
    }

    private static func rules(_ node: YAMLNode, reader: NodeReader) throws -> [String: RuleLevel] {
        guard case .mapping(let pairs) = node.content else {
            throw reader.error(.wrongType(key: "rules", expected: "a mapping of rule ids to error, warning or off",
                                          found: node.kindName), at: node.mark)
        }
        let known = RuleRegistry.ruleIDs
        var levels: [String: RuleLevel] = [:]
        for pair in pairs {
            let id = try reader.scalar(pair.key, key: "rules")
            guard known.contains(id.text) else {
                throw reader.error(.unknownRule(id.text, suggestion: DidYouMean.suggestion(for: id.text, among: known)),
                                   at: id.mark)
            }
            guard levels[id.text] == nil else { throw reader.error(.duplicateKey(id.text), at: id.mark) }
            let level = try reader.scalar(pair.value, key: id.text)
            guard let parsed = RuleLevel(rawValue: level.text) else {
                throw reader.error(.invalidValue(key: id.text, value: level.text, expected: "error, warning or off"),
                                   at: level.mark)
            }
            levels[id.text] = parsed
        }
        return levels
    }

    static func isMemberPath(_ text: String) -> Bool {
        let components = text.split(separator: ".", omittingEmptySubsequences: false)
        return !components.isEmpty && components.allSatisfy(isIdentifier)
    }

    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
        return text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
}
