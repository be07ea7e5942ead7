import LinzaReporting
import LinzaRules
import LinzaTables

/// The one bucket a development key lands in for a language (see `StatusCounts`).
enum StatusBucket: CaseIterable {
    case translated, missing, empty, untranslated, needsReview, stale

    /// Classifies `entry`, a language's effective entry for a development key (nil when the
    /// language lacks it). The checks run in this order, and the first that applies wins:
    /// stale, missing, empty, needs review, untranslated, translated. Stale comes first
    /// because it describes the key, not the translation: code no longer uses it, so it is
    /// neither missing nor done in any language.
    static func of(
        _ entry: TableEntry?, development: TableEntry, isDevelopmentLanguage: Bool,
        comparesText: Bool
    ) -> StatusBucket {
        if development.extractionState == "stale" || entry?.state == "stale" { return .stale }
        // A catalog unit in state `new` has no translation yet, whatever text it holds; the
        // development language's own text is the source, so it is never missing.
        guard let entry, !entry.texts.isEmpty, isDevelopmentLanguage || entry.state != "new" else { return .missing }
        if entry.texts.contains(where: \.text.isEmpty) { return .empty }
        if entry.state == "needs_review" { return .needsReview }
        if comparesText, entry.texts.contains(where: { UntranslatedRule.repeatsDevelopmentText($0, of: development) }) {
            return .untranslated
        }
        return .translated
    }

    /// Adds one key in this bucket to `counts`; `isUsed` says whether code uses a missing key.
    func count(into counts: inout StatusCounts, isUsed: Bool) {
        counts.keys += 1
        switch self {
        case .translated: counts.translated += 1
        case .missing: if isUsed { counts.missingUsed += 1 } else { counts.missingUnused += 1 }
        case .empty: counts.empty += 1
        case .untranslated: counts.untranslated += 1
        case .needsReview: counts.needsReview += 1
        case .stale: counts.stale += 1
        }
    }
}
