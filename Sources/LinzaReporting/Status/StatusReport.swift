import LinzaBase

/// How one language stands against a set of development-language keys. Every development
/// key lands in exactly one bucket, so the buckets add up to `keys`.
package struct StatusCounts: Sendable, Equatable {
    /// The development-language keys counted (the base of the percentage).
    package var keys = 0
    /// Present, usable, not empty, not the development text, and (in a String Catalog) in
    /// state `translated` or without a state.
    package var translated = 0
    /// Missing keys that a literal call site of the module uses: the app shows the key or the
    /// development text there.
    package var missingUsed = 0
    /// Missing keys no literal call site uses (interface tables, dynamic keys, dead keys).
    package var missingUnused = 0
    /// Present, with an empty text (a value or a plural form).
    package var empty = 0
    /// Present and identical to the development text (as the `untranslated` rule sees it).
    package var untranslated = 0
    /// A String Catalog unit in state `needs_review`.
    package var needsReview = 0
    /// A String Catalog key Xcode marked stale (`extractionState: stale`), or a unit in
    /// state `stale`.
    package var stale = 0

    package init() {}

    package var missing: Int { missingUsed + missingUnused }

    /// Translated ÷ keys, in whole percent rounded down, so 99.6 % never shows as 100 %.
    /// No keys at all is complete: 100.
    package var percent: Int { keys == 0 ? 100 : translated * 100 / keys }

    /// Whether this is less complete than `other` (compared exactly, not by rounded percent).
    package func isLessComplete(than other: StatusCounts) -> Bool {
        let left = keys == 0 ? 1 : translated, leftBase = Swift.max(keys, 1)
        let right = other.keys == 0 ? 1 : other.translated, rightBase = Swift.max(other.keys, 1)
        return left * rightBase < right * leftBase
    }

    /// Whether the coverage is below `threshold` percent (exactly: 94.9 % is below 95).
    package func isBelow(_ threshold: Double) -> Bool {
        keys > 0 && Double(translated) * 100 < threshold * Double(keys)
    }

    package static func + (lhs: StatusCounts, rhs: StatusCounts) -> StatusCounts {
        var sum = lhs
        sum.keys += rhs.keys
        sum.translated += rhs.translated
        sum.missingUsed += rhs.missingUsed
        sum.missingUnused += rhs.missingUnused
        sum.empty += rhs.empty
        sum.untranslated += rhs.untranslated
        sum.needsReview += rhs.needsReview
        sum.stale += rhs.stale
        return sum
    }
}

/// A missing key of one language: the key and whether code uses it.
package struct MissingKey: Sendable, Equatable {
    package var key: String
    package var isUsed: Bool

    package init(key: String, isUsed: Bool) {
        self.key = key
        self.isUsed = isUsed
    }
}

/// One language of one table.
package struct TableLanguageStatus: Sendable, Equatable {
    package var language: String
    package var counts: StatusCounts
    /// The missing keys, sorted.
    package var missingKeys: [MissingKey]

    package init(language: String, counts: StatusCounts, missingKeys: [MissingKey] = []) {
        self.language = language
        self.counts = counts
        self.missingKeys = missingKeys
    }
}

/// What a report shows about a missing key besides its name.
package struct KeyDetail: Sendable, Equatable {
    /// The development language's text (its value, else its first plural form).
    package var developmentText: String?
    /// The literal call sites that use the key.
    package var callSites: [Location]

    package init(developmentText: String?, callSites: [Location]) {
        self.developmentText = developmentText
        self.callSites = callSites
    }
}

/// One table of a module: its development keys and every language of the module.
package struct TableStatus: Sendable {
    package var name: String
    /// A table of storyboards, xibs, InfoPlist or Settings.bundle, read by the system rather
    /// than by code (see `ProjectIndex.interfaceTables`): counted, and marked.
    package var isInterface: Bool
    /// Every language of the module, in code order.
    package var languages: [TableLanguageStatus]
    /// Details of the keys missing in some language.
    package var details: [String: KeyDetail]

    package init(name: String, isInterface: Bool, languages: [TableLanguageStatus], details: [String: KeyDetail] = [:])
    {
        self.name = name
        self.isInterface = isInterface
        self.languages = languages
        self.details = details
    }

    package var keyCount: Int { languages.first?.counts.keys ?? 0 }
}

/// One module (the whole project when `.linza.yml` has no `modules:`).
package struct ModuleStatus: Sendable {
    /// The module's name; nil for a project without modules.
    package var name: String?
    package var developmentLanguage: String
    package var tables: [TableStatus]

    package init(name: String?, developmentLanguage: String, tables: [TableStatus]) {
        self.name = name
        self.developmentLanguage = developmentLanguage
        self.tables = tables
    }

    /// Every language of the module, in code order.
    package var languages: [String] {
        Array(Set(tables.flatMap { $0.languages.map(\.language) })).sorted()
    }

    /// The module's counts for `language`, over all its tables.
    package func counts(_ language: String) -> StatusCounts {
        tables.reduce(StatusCounts()) { sum, table in
            sum + (table.languages.first { $0.language == language }?.counts ?? StatusCounts())
        }
    }
}

/// The completeness of a project's translations, as `linza status` reports it.
package struct StatusReport: Sendable {
    /// The root configuration's development language.
    package var developmentLanguage: String
    package var modules: [ModuleStatus]
    /// The folder call sites are shown relative to.
    package var projectRoot: String
    /// A previous report's overall counts by language (`--compare`), for the changes.
    package var previous: StatusSnapshot?

    package init(
        developmentLanguage: String, modules: [ModuleStatus], projectRoot: String,
        previous: StatusSnapshot? = nil
    ) {
        self.developmentLanguage = developmentLanguage
        self.modules = modules
        self.projectRoot = projectRoot
        self.previous = previous
    }

    /// Every language of every module, in code order.
    package var languages: [String] {
        Array(Set(modules.flatMap(\.languages))).sorted()
    }

    /// The counts of `language` over every module and table.
    package func counts(_ language: String) -> StatusCounts {
        modules.reduce(StatusCounts()) { $0 + $1.counts(language) }
    }

    /// Languages with their overall counts, most complete first (ties in code order).
    package var languagesByCompleteness: [(language: String, counts: StatusCounts)] {
        Self.byCompleteness(languages.map { ($0, counts($0)) })
    }

    /// `rows` sorted most complete first, ties in code order.
    package static func byCompleteness(_ rows: [(language: String, counts: StatusCounts)])
        -> [(language: String, counts: StatusCounts)]
    {
        rows.sorted { left, right in
            if right.counts.isLessComplete(than: left.counts) { return true }
            if left.counts.isLessComplete(than: right.counts) { return false }
            return left.language < right.language
        }
    }

    /// The number of tables and of development keys over every module.
    package var tableCount: Int { modules.reduce(0) { $0 + $1.tables.count } }
    package var keyCount: Int { modules.reduce(0) { $0 + $1.tables.reduce(0) { $0 + $1.keyCount } } }

    /// The change of `language` since the previous report; nil without `--compare`.
    package func change(_ language: String) -> StatusChange? {
        guard let previous else { return nil }
        let now = counts(language)
        guard let before = previous.languages[language] else { return .new }
        return .changed(
            translated: now.translated - before.translated, keys: now.keys - before.keys,
            percent: now.percent - before.percent)
    }
}

/// A language's overall counts from an earlier `linza status --format json`.
package struct StatusSnapshot: Sendable, Equatable {
    package var languages: [String: StatusCounts]

    package init(languages: [String: StatusCounts]) {
        self.languages = languages
    }
}

/// What changed for a language since the compared report.
package enum StatusChange: Sendable, Equatable {
    /// The language was not in the compared report.
    case new
    /// Differences: now minus then (percent: of the rounded-down percentages).
    case changed(translated: Int, keys: Int, percent: Int)
}
