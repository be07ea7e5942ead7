import LinzaBase

/// The order of the reports that show the findings on a change's lines first: those on
/// changed lines (`ChangedLines`), then errors, then warnings, each in print order (file,
/// line, column). Without changed lines, errors then warnings.
package enum ChangedFirstOrder {
    /// `diagnostics` (in print order) reordered; the sort is stable, so print order holds
    /// within each group.
    package static func ordered(_ diagnostics: [Diagnostic], changed: ChangedLines?) -> [Diagnostic] {
        let ranked = diagnostics.map { diagnostic in
            (
                diagnostic,
                rank: (changed?.contains(diagnostic.location) == true ? 0 : 2)
                    + (diagnostic.severity == .error ? 0 : 1)
            )
        }
        return ranked.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
            .map(\.element.0)
    }

    /// The findings to annotate, at most `perSeverity` errors and as many warnings (GitHub
    /// shows no more per step), and the others, each in `ordered`'s order.
    package static func annotated(
        _ diagnostics: [Diagnostic], changed: ChangedLines?, perSeverity: Int
    ) -> (annotated: [Diagnostic], others: [Diagnostic]) {
        var annotated: [Diagnostic] = [], others: [Diagnostic] = []
        var taken: [Severity: Int] = [:]
        for diagnostic in ordered(diagnostics, changed: changed) {
            if taken[diagnostic.severity, default: 0] < perSeverity {
                taken[diagnostic.severity, default: 0] += 1
                annotated.append(diagnostic)
            } else {
                others.append(diagnostic)
            }
        }
        return (annotated, others)
    }
}
