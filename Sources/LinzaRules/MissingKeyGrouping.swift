import LinzaBase

/// One `missing_key` finding per call site instead of one per language.
///
/// Rules check language by language (`LanguagePasses`), so a key new in code yields a
/// finding for each language that lacks it: 20 errors for one line of a 20-language app,
/// and GitHub shows only the first 10 annotations of a step. After the passes (and after
/// the baseline, which records findings per language) the findings of one call site, key,
/// table and severity become one that names every language, with a note per table that
/// lacks the key. A language that is only warned about stays in a separate warning.
public enum MissingKeyGrouping {
    /// `diagnostics` with the `missing_key` findings of each call site merged; other
    /// findings and lone languages are kept as they are. `checkedLanguages` is how many
    /// languages the module checks (the "3 of 20").
    public static func grouped(_ diagnostics: [Diagnostic], checkedLanguages: Int) -> [Diagnostic] {
        struct Site: Hashable {
            var location: Location
            var key: String
            var table: String?
            var severity: Severity
        }
        var groups: [Site: [Diagnostic]] = [:]
        var order: [Site] = []
        var others: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard diagnostic.ruleID == MissingKeyRule.description.id, let key = diagnostic.key,
                  diagnostic.language != nil else {
                others.append(diagnostic)
                continue
            }
            let site = Site(location: diagnostic.location, key: key, table: diagnostic.table, severity: diagnostic.severity)
            if groups[site] == nil { order.append(site) }
            groups[site, default: []].append(diagnostic)
        }
        return others + order.map { site in
            merged(groups[site]!.sorted { $0.language! < $1.language! }, key: site.key, checkedLanguages: checkedLanguages)
        }
    }

    /// The finding for `members` (one per language, sorted by language).
    private static func merged(_ members: [Diagnostic], key: String, checkedLanguages: Int) -> Diagnostic {
        guard members.count > 1 else { return members[0] }
        let languages = members.map { $0.language! }
        var message = Messages.missingKeyInLanguages(key, languages: languages, of: max(checkedLanguages, languages.count))
        // Advice a language's message carried: the default value (only the development
        // language gets it) or the export workflow (every language of the call gets it).
        if let withDefault = members.first(where: { $0.message.hasSuffix(Messages.defaultValueAdvice) }) {
            message += Messages.defaultValueAdvice(language: withDefault.language!)
        } else if members.allSatisfy({ $0.message.hasSuffix(Messages.exportAdvice) }) {
            message += Messages.exportAdvice
        }
        // Each language's notes name its table; a note every language shares (where the key
        // is defined) is said once, last.
        let shared = members.dropFirst().reduce(Set(members[0].notes)) { $0.intersection($1.notes) }
        var notes: [DiagnosticNote] = []
        var seen = shared
        for note in members.lazy.flatMap(\.notes) where seen.insert(note).inserted { notes.append(note) }
        notes += members[0].notes.filter { shared.contains($0) }
        var diagnostic = members[0]
        diagnostic.message = message
        diagnostic.notes = notes
        diagnostic.language = nil
        diagnostic.languages = languages
        return diagnostic
    }
}
