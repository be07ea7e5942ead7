import LinzaBase

/// One `missing_key` finding per call site instead of one per language.
///
/// Rules check language by language (`LanguagePasses`), so a key new in code yields a
/// finding for each language that lacks it: 20 errors for one line of a 20-language app,
/// and GitHub shows only the first 10 annotations of a step. After the passes (and after
/// the baseline, which records findings per language) the findings of one call site, key,
/// table and severity become one that names every language, with a note per table that
/// lacks the key. A language that is only warned about stays in a separate warning.
package enum MissingKeyGrouping {
    /// `diagnostics` with the `missing_key` findings of each call site merged; other
    /// findings and lone languages are kept as they are. `checkedLanguages` is how many
    /// languages the module checks (the "3 of 20").
    package static func grouped(_ diagnostics: [Diagnostic], checkedLanguages: Int) -> [Diagnostic] {
        struct Site: Hashable {
            var location: Location
            var key: String
            var table: String?
            var severity: Severity
        }
        // Groups in order of their first finding, found by the whole site: generated code
        // puts thousands of findings at the same line and column of same-length paths, so
        // anything cheaper than the strings themselves collides and makes this quadratic.
        var groups: [(site: Site, members: [Diagnostic])] = []
        var groupOfSite: [Site: Int] = [:]
        var others: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard diagnostic.ruleID == MissingKeyRule.description.id, let key = diagnostic.key,
                diagnostic.language != nil
            else {
                others.append(diagnostic)
                continue
            }
            let site = Site(
                location: diagnostic.location, key: key, table: diagnostic.table, severity: diagnostic.severity)
            if let index = groupOfSite[site] {
                groups[index].members.append(diagnostic)
            } else {
                groupOfSite[site] = groups.count
                groups.append((site, [diagnostic]))
            }
        }
        return others
            + groups.map { group in
                merged(
                    group.members.sorted { $0.language! < $1.language! }, key: group.site.key,
                    checkedLanguages: checkedLanguages)
            }
    }

    /// The finding for `members` (one per language, sorted by language).
    private static func merged(_ members: [Diagnostic], key: String, checkedLanguages: Int) -> Diagnostic {
        guard members.count > 1 else { return members[0] }
        let languages = members.map { $0.language! }
        var message = Messages.missingKeyInLanguages(
            key, languages: languages, of: max(checkedLanguages, languages.count))
        // Advice a language's message carried: the default value (only the development
        // language gets it) or the export workflow (every language of the call gets it).
        if let withDefault = members.first(where: { $0.message.hasSuffix(Messages.defaultValueAdvice) }) {
            message += Messages.defaultValueAdvice(language: withDefault.language!)
        } else {
            // One call site: its members carry the same advice, or some none.
            for advice in [Messages.exportAdvice, Messages.exportKeyAdvice]
            where members.allSatisfy({ $0.message.hasSuffix(advice) }) {
                message += advice
            }
        }
        // Each language's notes name its table; a note every language shares (where the key
        // is defined) is said once, last. Notes are told apart by a cheap hash first (a call
        // site of a 50-language app has 50 of them, an app thousands of such sites).
        let shared = members[0].notes.filter { note in members.dropFirst().allSatisfy { $0.notes.contains(note) } }
        var notes: [DiagnosticNote] = []
        var seen: [UInt64: [Int]] = [:]
        for note in members.lazy.flatMap(\.notes) where !shared.contains(note) {
            let identity = Self.identity(of: note)
            guard !(seen[identity]?.contains { notes[$0] == note } ?? false) else { continue }
            seen[identity, default: []].append(notes.count)
            notes.append(note)
        }
        notes += shared
        var diagnostic = members[0]
        diagnostic.message = message
        diagnostic.notes = notes
        diagnostic.language = nil
        diagnostic.languages = languages
        return diagnostic
    }

    /// Equal notes have equal identities: lengths and the place, no byte read (two notes
    /// with one identity are compared whole).
    private static func identity(of note: DiagnosticNote) -> UInt64 {
        identity([
            note.message.utf8.count, note.location?.file.utf8.count ?? -1, note.location?.line ?? 0,
            note.location?.column ?? 0,
        ])
    }

    /// Numbers folded into one hash (FNV-1a's step, a number at a time): cheap, and only a
    /// first test, since equal identities are compared whole.
    private static func identity(_ parts: [Int]) -> UInt64 {
        parts.reduce(StableHash.initial) { ($0 ^ UInt64(truncatingIfNeeded: $1)) &* 0x100000001b3 }
    }
}
