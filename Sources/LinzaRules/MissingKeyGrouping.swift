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
        guard isOrderedByPlace(diagnostics) else {
            return grouped(diagnostics, checkedLanguages: checkedLanguages, siteHash: siteHash)
        }
        // A module's check gives its findings in print order (`LanguagePasses.Result`), so a
        // site's findings are neighbours: only places with more than one finding are hashed,
        // and findings are told by their index until the result is made. A monolith's warm
        // run has 10,532 findings, each alone at its place; hashing and copying every one of
        // them was 37 M of its instructions.
        var others: [Int] = []
        var leaders: [(index: Int, merged: [Diagnostic]?)] = []
        var start = 0
        while start < diagnostics.count {
            var end = start + 1
            while end < diagnostics.count, diagnostics[end].location == diagnostics[start].location { end += 1 }
            if end == start + 1 {
                if isGrouped(diagnostics[start]) { leaders.append((start, nil)) } else { others.append(start) }
                start = end
                continue
            }
            var grouping: [Int] = []
            for index in start..<end {
                if isGrouped(diagnostics[index]) { grouping.append(index) } else { others.append(index) }
            }
            if grouping.count == 1 {
                leaders.append((grouping[0], nil))
            } else if let first = grouping.first {
                leaders.append(
                    (first, groupedAtOnePlace(grouping, of: diagnostics, checkedLanguages: checkedLanguages)))
            }
            start = end
        }
        // The usual case, nothing merged and no other finding after a grouped one: as it came.
        if leaders.allSatisfy({ $0.merged == nil }),
            others.isEmpty || leaders.isEmpty || others.last! < leaders[0].index
        {
            return diagnostics
        }
        return others.map { diagnostics[$0] } + leaders.flatMap { $0.merged ?? [diagnostics[$0.index]] }
    }

    /// `grouped` for the findings at `indices`, all at one place: a call site of a
    /// 39-language app has 38 of them, and thousands of such sites hashed finding by finding
    /// were a quarter of a real app's warm run. A place holds one call's key, or a few
    /// (a key picked by the conditional operator), so its sites are told apart by comparing
    /// each finding with the sites found so far; a place with more sites than
    /// `sitesComparedAtOnePlace` is left to hashing, which stays linear.
    private static func groupedAtOnePlace(
        _ indices: [Int], of diagnostics: [Diagnostic], checkedLanguages: Int
    ) -> [Diagnostic] {
        var sites: [[Int]] = []
        for index in indices {
            if let site = sites.firstIndex(where: { sameSite(diagnostics[$0[0]], diagnostics[index]) }) {
                sites[site].append(index)
            } else if sites.count < sitesComparedAtOnePlace {
                sites.append([index])
            } else {
                return grouped(indices.map { diagnostics[$0] }, checkedLanguages: checkedLanguages, siteHash: siteHash)
            }
        }
        return sites.map { site in
            site.count == 1
                ? diagnostics[site[0]]
                : merged(
                    site.map { diagnostics[$0] }.sorted { $0.language! < $1.language! }, key: diagnostics[site[0]].key!,
                    checkedLanguages: checkedLanguages)
        }
    }

    /// How many sites one place's findings are compared with before they are hashed instead.
    static let sitesComparedAtOnePlace = 8

    /// Whether findings at one place are neighbours: `diagnostics` is sorted by file (their
    /// UTF-8 bytes, which is print order for every path whose bytes are ASCII), line and
    /// column. False leaves the grouping to hashing, which takes any order: so does a path
    /// that is not ASCII, since two such paths can be one string (canonically equivalent)
    /// with other bytes, and fall apart in byte order.
    static func isOrderedByPlace(_ diagnostics: [Diagnostic]) -> Bool {
        for index in diagnostics.indices.dropFirst() {
            let (one, other) = (diagnostics[index - 1].location, diagnostics[index].location)
            let inOrder =
                one.file != other.file
                ? bytes(of: one.file, precede: other.file)
                : one.line != other.line ? one.line < other.line : one.column <= other.column
            if !inOrder { return false }
        }
        return true
    }

    /// Whether both paths are ASCII and `one`'s bytes come before `other`'s.
    private static func bytes(of one: String, precede other: String) -> Bool {
        var (one, other) = (one, other)
        return one.withUTF8 { first in
            other.withUTF8 { second in
                first.allSatisfy { $0 < 0x80 } && second.allSatisfy { $0 < 0x80 }
                    && first.lexicographicallyPrecedes(second)
            }
        }
    }

    /// `grouped`, sites hashed by `siteHash` (tests give one that makes every site collide).
    static func grouped(
        _ diagnostics: [Diagnostic], checkedLanguages: Int, siteHash: (Diagnostic) -> Int
    ) -> [Diagnostic] {
        // Groups in order of their first finding, found by a hash of the whole site and
        // compared whole: generated code puts thousands of findings at the same line and
        // column of same-length paths, so anything cheaper than the strings themselves
        // collides and makes this quadratic. Findings are told by their index, not copied
        // into a key and a list per group: a monolith's warm run groups 10,000 findings,
        // most of them alone in their group.
        let none = -1
        var others: [Int] = []
        var leaders: [Int] = []
        var leaderOfHash: [Int: Int] = [:]
        var nextLeaderOfHash: [Int: Int] = [:]
        var nextMember = [Int](repeating: none, count: diagnostics.count)
        var lastMember = [Int](repeating: none, count: diagnostics.count)
        for index in diagnostics.indices {
            guard isGrouped(diagnostics[index]) else {
                others.append(index)
                continue
            }
            let hash = siteHash(diagnostics[index])
            var leader = leaderOfHash[hash] ?? none
            while leader != none && !sameSite(diagnostics[leader], diagnostics[index]) {
                leader = nextLeaderOfHash[leader] ?? none
            }
            if leader == none {
                if let first = leaderOfHash[hash] {
                    nextLeaderOfHash[index] = nextLeaderOfHash[first]
                    nextLeaderOfHash[first] = index
                } else {
                    leaderOfHash[hash] = index
                }
                leaders.append(index)
                lastMember[index] = index
            } else {
                nextMember[lastMember[leader]] = index
                lastMember[leader] = index
            }
        }
        var result: [Diagnostic] = []
        result.reserveCapacity(others.count + leaders.count)
        for index in others { result.append(diagnostics[index]) }
        for leader in leaders {
            guard nextMember[leader] != none else {
                result.append(diagnostics[leader])
                continue
            }
            var members: [Diagnostic] = []
            var member = leader
            while member != none {
                members.append(diagnostics[member])
                member = nextMember[member]
            }
            result.append(
                merged(
                    members.sorted { $0.language! < $1.language! }, key: diagnostics[leader].key!,
                    checkedLanguages: checkedLanguages))
        }
        return result
    }

    /// Whether `diagnostic` is a language's `missing_key` finding, which groups by its site.
    private static func isGrouped(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.ruleID == MissingKeyRule.description.id && diagnostic.key != nil && diagnostic.language != nil
    }

    /// A hash of what makes a call site's findings one: the place, key, table and severity.
    private static func siteHash(_ diagnostic: Diagnostic) -> Int {
        var hasher = Hasher()
        hasher.combine(diagnostic.location)
        hasher.combine(diagnostic.key)
        hasher.combine(diagnostic.table)
        hasher.combine(diagnostic.severity)
        return hasher.finalize()
    }

    private static func sameSite(_ one: Diagnostic, _ other: Diagnostic) -> Bool {
        one.location == other.location && one.key == other.key && one.table == other.table
            && one.severity == other.severity
    }

    /// The finding for `members` (one per language, sorted by language).
    private static func merged(_ members: [Diagnostic], key: String, checkedLanguages: Int) -> Diagnostic {
        guard members.count > 1 else { return members[0] }
        let languages = members.map { $0.language! }
        var message = Messages.missingKeyInLanguages(
            key, languages: languages, of: max(checkedLanguages, languages.count))
        // Advice a language's message carried: the default value (only the development
        // language gets it) or the export workflow (every language of the call gets it).
        if let withDefault = members.first(where: { endsWith($0.message, Messages.defaultValueAdvice) }) {
            message += Messages.defaultValueAdvice(language: withDefault.language!)
        } else {
            // One call site: its members carry the same advice, or some none.
            for advice in [Messages.exportAdvice, Messages.exportKeyAdvice]
            where members.allSatisfy({ endsWith($0.message, advice) }) {
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

    /// Whether `message` ends with the bytes of `advice`, which the rule appended. (The
    /// standard library's `hasSuffix` compares characters: about 2,000 instructions a call,
    /// three calls a language of every merged site.) An advice starts with "; ", which joins
    /// no character before it, so bytes and characters agree.
    private static func endsWith(_ message: String, _ advice: String) -> Bool {
        let (text, ending) = (message.utf8, advice.utf8)
        return text.count >= ending.count && text.suffix(ending.count).elementsEqual(ending)
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
