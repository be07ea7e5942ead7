import LinzaBase

/// What reading `.linza.yml` must know about the floors above this one: which rules exist,
/// which options each takes, and which reporters there are. The facade hands it down, so
/// the configuration floor imports neither the rules nor the reporters.
package struct ConfigurationVocabulary: Sendable {
    package var rules: [RuleDeclaration]
    package var reporterNames: [String]

    package init(rules: [RuleDeclaration], reporterNames: [String]) {
        self.rules = rules
        self.reporterNames = reporterNames
    }

    package var ruleIDs: [String] { rules.map(\.id) }

    func rule(id: String) -> RuleDeclaration? {
        rules.first { $0.id == id }
    }
}

/// A rule as the configuration sees it.
package struct RuleDeclaration: Sendable {
    package var id: String
    package var defaultSeverity: Severity
    /// Opt-in rules are off unless `opt_in_rules:` names them.
    package var isOptIn: Bool
    /// Settings the rule takes besides `severity`, `ignore_keys` and `ignore_tables`.
    package var options: [RuleOption]

    package init(id: String, defaultSeverity: Severity, isOptIn: Bool, options: [RuleOption] = []) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.options = options
    }

    /// The severity the rule runs with under `configuration`, or nil when it is off.
    package func severity(in configuration: Configuration) -> Severity? {
        if let level = configuration.settings(for: id).level { return level.severity }
        if isOptIn && !configuration.optInRules.contains(id) { return nil }
        return defaultSeverity
    }
}

/// One setting a rule takes under `rules: <id>:`, checked when the configuration is read.
package struct RuleOption: Sendable {
    package enum Kind: Sendable {
        case text
        /// A regular expression, compiled once to check it.
        case regularExpression
    }

    package var name: String
    package var kind: Kind
    /// The rule would check nothing without it: switching the rule on without it is an error.
    package var isRequired: Bool

    package init(name: String, kind: Kind, isRequired: Bool = false) {
        self.name = name
        self.kind = kind
        self.isRequired = isRequired
    }
}
