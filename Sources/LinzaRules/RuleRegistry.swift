import LinzaBase
import LinzaConfiguration

/// The list of every rule Linza has. A test checks that each rule type is listed here,
/// that ids are unique and that every rule has examples.
package enum RuleRegistry {
    package static let all: [any Rule.Type] = [
        MissingKeyRule.self,
        MissingLanguageRule.self,
        DynamicKeyRule.self,
        StringsSyntaxRule.self,
        SourceSyntaxRule.self,
        InvalidSuppressionRule.self,
        DuplicateKeyRule.self,
        PluralFormsRule.self,
        UnusedPluralCategoryRule.self,
        FormatMismatchRule.self,
        EmptyValueRule.self,
        CatalogStateRule.self,
        UntranslatedRule.self,
        UnusedKeyRule.self,
        KeyStyleRule.self,
        StaleSourceRule.self,
        ShouldNotTranslateRule.self,
    ]

    package static var ruleIDs: [String] { all.map { $0.description.id } }

    /// The rule id closest to a misspelt one, if any is close.
    package static func suggestion(for id: String) -> String? {
        DidYouMean.suggestion(for: id, among: ruleIDs)
    }

    package static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    /// Every rule as the configuration floor sees it (ids, options), for reading `.linza.yml`.
    package static var declarations: [RuleDeclaration] { all.map { $0.declaration } }

    /// The severity a rule runs with under `configuration`, or nil when it is off.
    package static func severity(of rule: any Rule.Type, in configuration: Configuration) -> Severity? {
        rule.declaration.severity(in: configuration)
    }
}
