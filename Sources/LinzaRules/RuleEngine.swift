import LinzaBase
import LinzaConfiguration
import LinzaSources

/// Runs the registered rules over a project view, as their declarations say: only the
/// rules that are on, only in the passes that can hold their findings, minus what each
/// rule's settings ignore and what `linza:disable` comments switch off.
package enum RuleEngine {
    /// Every enabled rule over `project`. A language pass runs only the rules that read
    /// other languages' tables; the development pass and a whole-project view run all.
    package static func check(_ project: LintProject) -> [Diagnostic] {
        check(project, rules: RuleRegistry.all)
    }

    /// The rules that check exchange files (`RuleInputs.exchangeFiles`) over `project`, a
    /// view of one XLIFF `<file>` (`LintProject.exchange`); `rules` narrows them.
    package static func checkExchange(
        _ project: LintProject, rules: [any Rule.Type] = RuleRegistry.all
    ) -> [Diagnostic] {
        check(project, rules: rules.filter { $0.inputs.contains(.exchangeFiles) })
    }

    /// `check(_:)` with only `rules` (of `RuleRegistry.all`, in its order).
    ///
    /// The rules run on all cores, their findings joined in the rules' order: a project with
    /// one module and one or two languages (Telegram-iOS) otherwise checks its development
    /// pass, a rule after another, on one core.
    static func check(_ project: LintProject, rules: some Sequence<any Rule.Type>) -> [Diagnostic] {
        let isLanguagePass = !project.reportsCode
        let isExchange = project.exchange != nil
        let active = rules.filter { rule in
            if isLanguagePass && !rule.inputs.contains(.languageTables) && !isExchange { return false }
            // A rule of exchange files only has nothing to check in the project's own tables.
            if rule.inputs == .exchangeFiles && !isExchange { return false }
            return RuleRegistry.severity(of: rule, in: project.configuration) != nil
        }
        return active.concurrentMap { rule -> [Diagnostic] in
            guard let severity = RuleRegistry.severity(of: rule, in: project.configuration) else { return [] }
            let settings = project.configuration.settings(for: rule.description.id)
            return rule.init().check(project, severity: severity).filter { !settings.ignores($0) }
        }.flatMap { $0 }
    }

    /// Whether any rule that is on under `configuration` reads every string literal of
    /// the code, so that scanning keeps them.
    package static func needsSourceLiterals(_ configuration: Configuration) -> Bool {
        RuleRegistry.all.contains {
            $0.inputs.contains(.sourceLiterals) && RuleRegistry.severity(of: $0, in: configuration) != nil
        }
    }

    /// The rules that are on under `configuration` and add notes from language passes.
    static func languagePassNoteRules(_ configuration: Configuration) -> [any LanguagePassNotes.Type] {
        RuleRegistry.all.compactMap { $0 as? any LanguagePassNotes.Type }
            .filter { RuleRegistry.severity(of: $0, in: configuration) != nil }
    }

    /// Drops findings that `linza:disable` comments in their file switch off.
    package static func applySuppressions(_ diagnostics: [Diagnostic], sources: [ScannedSource]) -> [Diagnostic] {
        var indexes: [String: SuppressionIndex] = [:]
        for source in sources where !source.suppressions.isEmpty {
            indexes[source.path] = SuppressionIndex(source.suppressions)
        }
        if indexes.isEmpty { return diagnostics }
        return diagnostics.filter { diagnostic in
            guard let index = indexes[diagnostic.location.file] else { return true }
            return !index.isSuppressed(diagnostic.ruleID, line: diagnostic.location.line)
        }
    }
}
