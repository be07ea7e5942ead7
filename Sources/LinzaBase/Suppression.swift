/// A `linza:` directive found in a comment, in SwiftLint's spelling:
/// `linza:disable:next missing_key`, `linza:disable:this …`, `linza:disable:previous …`,
/// `linza:disable rule_a rule_b` … `linza:enable rule_a rule_b`; `all` names every rule.
/// Text after ` - ` or `--` is a free-form reason.
package struct SuppressionDirective: Hashable, Sendable {
    package enum Action: String, Hashable, Sendable {
        case disable
        case enable
    }

    /// Which lines the directive covers.
    package enum Scope: String, Hashable, Sendable {
        /// From the directive to the matching `enable` (or the end of the file).
        case region
        case next
        case this
        case previous
    }

    /// A rule id as written, with its position (for `invalid_suppression`).
    package struct RuleName: Hashable, Sendable {
        package var id: String
        package var location: Location

        package init(id: String, location: Location) {
            self.id = id
            self.location = location
        }
    }

    package var action: Action
    package var scope: Scope
    package var rules: [RuleName]
    /// Where the directive's comment starts, and the line its comment ends on.
    package var location: Location
    package var endLine: Int
    /// Set when the directive could not be understood; it then suppresses nothing.
    package var malformation: String?

    /// The id that stands for every rule.
    package static let allRules = "all"

    func names(_ rule: String) -> Bool {
        rules.contains { $0.id == rule || $0.id == Self.allRules }
    }

    package init(
        action: Action, scope: Scope, rules: [RuleName], location: Location, endLine: Int, malformation: String? = nil
    ) {
        self.action = action
        self.scope = scope
        self.rules = rules
        self.location = location
        self.endLine = endLine
        self.malformation = malformation
    }
}

/// Answers whether a finding in one file is suppressed by that file's directives.
package struct SuppressionIndex: Sendable {
    private let lineDirectives: [SuppressionDirective]
    private let regionDirectives: [SuppressionDirective]

    package init(_ directives: [SuppressionDirective]) {
        let valid = directives.filter { $0.malformation == nil }
        lineDirectives = valid.filter { $0.scope != .region }
        regionDirectives = valid.filter { $0.scope == .region }.sorted { $0.location.line < $1.location.line }
    }

    /// True when `rule` is switched off at `line`. A single-line directive wins over a
    /// region; within regions the later directive wins.
    package func isSuppressed(_ rule: String, line: Int) -> Bool {
        for directive in lineDirectives where directive.names(rule) && covers(directive, line) {
            return directive.action == .disable
        }
        var allDisabled = false
        var disabled = Set<String>()
        var reenabled = Set<String>()
        for directive in regionDirectives {
            guard directive.location.line <= line else { break }
            for name in directive.rules.map(\.id) {
                switch (directive.action, name == SuppressionDirective.allRules) {
                case (.disable, true): allDisabled = true; reenabled = []
                case (.disable, false): disabled.insert(name); reenabled.remove(name)
                case (.enable, true): allDisabled = false; disabled = []; reenabled = []
                case (.enable, false): disabled.remove(name); if allDisabled { reenabled.insert(name) }
                }
            }
        }
        return disabled.contains(rule) || (allDisabled && !reenabled.contains(rule))
    }

    private func covers(_ directive: SuppressionDirective, _ line: Int) -> Bool {
        switch directive.scope {
        case .this: return (directive.location.line...directive.endLine).contains(line)
        case .next: return line == directive.endLine + 1
        case .previous: return line == directive.location.line - 1
        case .region: return false
        }
    }
}
