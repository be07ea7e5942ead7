/// The list of every rule Linza has. A test checks that each rule type is listed here,
/// that ids are unique and that every rule has examples.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        MissingKeyRule.self,
        DynamicKeyRule.self,
        StringsSyntaxRule.self,
        SourceSyntaxRule.self,
        InvalidSuppressionRule.self,
    ]

    public static var ruleIDs: [String] { all.map { $0.description.id } }

    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    /// The severity a rule runs with under `configuration`, or nil when it is off.
    public static func severity(of rule: any Rule.Type, in configuration: Configuration) -> Severity? {
        let description = rule.description
        if let level = configuration.ruleLevels[description.id] { return level.severity }
        return description.isOptIn ? nil : description.defaultSeverity
    }
}
