import LinzaBase
import LinzaYAML

/// Reads `.linza.yml` (schema v1) into a `Configuration`.
///
/// Every problem is a `ConfigurationError` at the offending node's position: unknown keys
/// (with a did-you-mean), wrong types, invalid values, paths that do not exist.
package enum ConfigurationLoader {
    /// The top-level settings of schema v1.
    enum Key: String, CaseIterable {
        case included, excluded, resources
        case developmentLanguage = "development_language"
        case baseLanguage = "base_language"
        case requiredLanguages = "required_languages"
        case warnedLanguages = "warned_languages"
        case defaultTable = "default_table"
        case developmentValuesInCode = "development_values_in_code"
        case languages, functions, accessors
        /// A module's sources that an earlier module includes too (`Configuration.shared`).
        case shared
        case disabledFunctions = "disabled_functions"
        case swiftUI = "swiftui"
        case checkInterfaceTables = "check_interface_tables"
        case rules
        case optInRules = "opt_in_rules"
        case requireSources = "require_sources"
        case requireDevelopmentTables = "require_development_tables"
        case reporter, baseline
        case findingsPerLanguage = "findings_per_language"
        case pruneLimit = "prune_limit"
        case modules
    }

    /// The settings a module may set: its name, its files, and overrides.
    static let moduleKeys: [String] =
        ["name"]
        + [Key]([
            .included, .shared, .excluded, .resources, .developmentLanguage, .baseLanguage, .requiredLanguages,
            .warnedLanguages,
            .defaultTable, .developmentValuesInCode, .requireSources, .requireDevelopmentTables,
            .languages, .functions, .accessors, .disabledFunctions, .swiftUI, .rules, .optInRules,
        ]).map(\.rawValue)

    /// Loads the configuration file at the absolute `path`.
    package static func load(file path: String, vocabulary: ConfigurationVocabulary) throws -> Configuration {
        let start = Location(file: path, line: 1, column: 1)
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path)
        } catch {
            throw ConfigurationError(.unreadable((error as? FileReadError)?.reason ?? "\(error)"), at: start)
        }
        if let invalid = bytes.withUnsafeBufferPointer({ UTF8Validation.firstInvalidOffset($0) }) {
            let (line, column) = bytes.withUnsafeBufferPointer { LineIndex($0).position(of: invalid) }
            throw ConfigurationError(
                .unreadable("the file is not valid UTF-8"),
                at: Location(file: path, line: line, column: column))
        }
        return try load(text: String(decoding: bytes, as: UTF8.self), file: path, vocabulary: vocabulary)
    }

    /// Parses configuration text that claims to come from the absolute `file` path.
    package static func load(text: String, file: String, vocabulary: ConfigurationVocabulary) throws -> Configuration {
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
        // `shared:` says what a module shares with the modules before it: a module's setting only.
        let settings = try reader.mapping(
            root, section: nil, keys: Key.allCases.filter { $0 != .shared }.map(\.rawValue))
        try SettingsApplier(reader: reader, vocabulary: vocabulary).apply(
            settings.filter { $0.0 != Key.modules.rawValue }, to: &configuration)
        for (name, pair) in settings {
            switch Key(rawValue: name) {
            case .reporter:
                let value = try reader.scalar(pair.value, key: name)
                guard vocabulary.reporterNames.contains(value.text) else {
                    throw reader.error(
                        .invalidValue(
                            key: name, value: value.text,
                            expected: "one of " + vocabulary.reporterNames.joined(separator: ", ")),
                        at: value.mark)
                }
                configuration.reporter = value.text
            case .baseline:
                let value = try reader.scalar(pair.value, key: name)
                configuration.baseline = Path.absolute(value.text, relativeTo: configuration.baseDirectory)
            case .findingsPerLanguage:
                configuration.findingsPerLanguage = try reader.bool(pair.value, key: name)
            case .pruneLimit:
                configuration.pruneLimit = try reader.percentage(pair.value, key: name)
            default:
                break
            }
        }
        if let modules = settings.first(where: { $0.0 == Key.modules.rawValue })?.1.value {
            configuration.modules = try self.modules(
                modules, inheriting: configuration, reader: reader,
                vocabulary: vocabulary)
        }
        return configuration
    }

    private static func modules(
        _ node: YAMLNode, inheriting top: Configuration, reader: NodeReader,
        vocabulary: ConfigurationVocabulary
    ) throws -> [Module] {
        var modules: [Module] = []
        for item in try reader.sequence(node, key: Key.modules.rawValue) {
            let settings = try reader.mapping(item, section: Key.modules.rawValue, keys: moduleKeys)
            guard let namePair = settings.first(where: { $0.0 == "name" })?.1 else {
                throw reader.error(.missingSetting(key: "name", section: Key.modules.rawValue), at: item.mark)
            }
            let name = try reader.scalar(namePair.value, key: "name")
            guard !modules.contains(where: { $0.name == name.text }) else {
                throw reader.error(.duplicateKey(name.text), at: name.mark)
            }
            guard settings.contains(where: { $0.0 == Key.included.rawValue }) else {
                throw reader.error(
                    .missingSetting(key: Key.included.rawValue, section: "module \(name.text)"), at: item.mark)
            }
            var configuration = top
            try SettingsApplier(reader: reader, vocabulary: vocabulary, inheritedRules: top.ruleSettings)
                .apply(settings.filter { $0.0 != "name" }, to: &configuration)
            modules.append(Module(name: name.text, configuration: configuration))
        }
        return modules
    }

    package static func isMemberPath(_ text: String) -> Bool {
        let components = text.split(separator: ".", omittingEmptySubsequences: false)
        return !components.isEmpty && components.allSatisfy(isIdentifier)
    }

    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
        return text.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
}
