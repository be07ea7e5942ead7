import LinzaBase
import LinzaConfiguration
import LinzaReporting
import LinzaRules
import LinzaSources
import LinzaTables

/// The configuration floor reads `.linza.yml` against the vocabulary it is handed; the
/// facade hands it Linza's rules and reporters.
extension ConfigurationVocabulary {
    /// Every rule and reporter Linza has.
    package static let linza = ConfigurationVocabulary(
        rules: RuleRegistry.declarations,
        reporterNames: ReporterRegistry.names)
}

extension ConfigurationLoader {
    /// Reads the `.linza.yml` at `path` with Linza's rules and reporters.
    package static func load(file path: String) throws -> Configuration {
        try load(file: path, vocabulary: .linza)
    }

    /// Reads `.linza.yml` text that claims to come from `file`, with Linza's rules and reporters.
    package static func load(text: String, file: String) throws -> Configuration {
        try load(text: text, file: file, vocabulary: .linza)
    }
}
