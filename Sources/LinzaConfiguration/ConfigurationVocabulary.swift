import LinzaBase

/// What reading `.linza.yml` must know about the floors above this one: which rules exist,
/// which options each takes, and which reporters there are. The facade hands it down, so
/// the configuration floor imports neither the rules nor the reporters.
public struct ConfigurationVocabulary: Sendable {
    public var rules: [RuleDeclaration]
    public var reporterNames: [String]

    public init(rules: [RuleDeclaration], reporterNames: [String]) {
        self.rules = rules
        self.reporterNames = reporterNames
    }

    public var ruleIDs: [String] { rules.map(\.id) }

    func rule(id: String) -> RuleDeclaration? {
        rules.first { $0.id == id }
    }
}

/// A rule as the configuration sees it.
public struct RuleDeclaration: Sendable {
    public var id: String
    public var defaultSeverity: Severity
    /// Opt-in rules are off unless `opt_in_rules:` names them.
    public var isOptIn: Bool
    /// Settings the rule takes besides `severity`, `ignore_keys` and `ignore_tables`.
    public var options: [RuleOption]

    public init(id: String, defaultSeverity: Severity, isOptIn: Bool, options: [RuleOption] = []) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.options = options
    }

    /// The severity the rule runs with under `configuration`, or nil when it is off.
    public func severity(in configuration: Configuration) -> Severity? {
        if let level = configuration.settings(for: id).level { return level.severity }
        if isOptIn && !configuration.optInRules.contains(id) { return nil }
        return defaultSeverity
    }
}

/// One setting a rule takes under `rules: <id>:`, checked when the configuration is read.
public struct RuleOption: Sendable {
    public enum Kind: Sendable {
        case text
        /// A regular expression, compiled once to check it.
        case regularExpression
    }

    public var name: String
    public var kind: Kind
    /// The rule would check nothing without it: switching the rule on without it is an error.
    public var isRequired: Bool

    public init(name: String, kind: Kind, isRequired: Bool = false) {
        self.name = name
        self.kind = kind
        self.isRequired = isRequired
    }
}
