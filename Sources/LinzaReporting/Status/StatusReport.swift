import LinzaBase

/// How one language stands against a set of development-language keys. Every development
/// key lands in exactly one bucket, so the buckets add up to `keys`.
public struct StatusCounts: Sendable, Equatable {
    /// The development-language keys counted (the base of the percentage).
    public var keys = 0
    /// Present, usable, not empty, not the development text, and (in a String Catalog) in
    /// state `translated` or without a state.
    public var translated = 0
    /// Missing keys that a literal call site of the module uses: the app shows the key or the
    /// development text there.
    public var missingUsed = 0
    /// Missing keys no literal call site uses (interface tables, dynamic keys, dead keys).
    public var missingUnused = 0
    /// Present, with an empty text (a value or a plural form).
    public var empty = 0
    /// Present and identical to the development text (as the `untranslated` rule sees it).
    public var untranslated = 0
    /// A String Catalog unit in state `needs_review`.
    public var needsReview = 0
    /// A String Catalog key Xcode marked stale (`extractionState: stale`), or a unit in
    /// state `stale`.
    public var stale = 0

    public init() {}

    public var missing: Int { missingUsed + missingUnused }

    /// Translated ÷ keys, in whole percent rounded down, so 99.6 % never shows as 100 %.
    /// No keys at all is complete: 100.
    public var percent: Int { keys == 0 ? 100 : translated * 100 / keys }

    /// Whether this is less complete than `other` (compared exactly, not by rounded percent).
    public func isLessComplete(than other: StatusCounts) -> Bool {
        let left = keys == 0 ? 1 : translated, leftBase = Swift.max(keys, 1)
        let right = other.keys == 0 ? 1 : other.translated, rightBase = Swift.max(other.keys, 1)
        return left * rightBase < right * leftBase
    }

    /// Whether the coverage is below `threshold` percent (exactly: 94.9 % is below 95).
    public func isBelow(_ threshold: Double) -> Bool {
        keys > 0 && Double(translated) * 100 < threshold * Double(keys)
    }

    public static func + (lhs: StatusCounts, rhs: StatusCounts) -> StatusCounts {
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
public struct MissingKey: Sendable, Equatable {
    public var key: String
    public var isUsed: Bool

    public init(key: String, isUsed: Bool) {
        self.key = key
        self.isUsed = isUsed
    }
}

/// One language of one table.
public struct TableLanguageStatus: Sendable, Equatable {
    public var language: String
    public var counts: StatusCounts
    /// The missing keys, sorted.
    public var missingKeys: [MissingKey]

    public init(language: String, counts: StatusCounts, missingKeys: [MissingKey] = []) {
        self.language = language
        self.counts = counts
        self.missingKeys = missingKeys
    }
}

/// What a report shows about a missing key besides its name.
public struct KeyDetail: Sendable, Equatable {
    /// The development language's text (its value, else its first plural form).
    public var developmentText: String?
    /// The literal call sites that use the key.
    public var callSites: [Location]

    public init(developmentText: String?, callSites: [Location]) {
        self.developmentText = developmentText
        self.callSites = callSites
    }
}

/// One table of a module: its development keys and every language of the module.
public struct TableStatus: Sendable {
    public var name: String
    /// A table of storyboards, xibs, InfoPlist or Settings.bundle, read by the system rather
    /// than by code (see `ProjectIndex.interfaceTables`): counted, and marked.
    public var isInterface: Bool
    /// Every language of the module, in code order.
    public var languages: [TableLanguageStatus]
    /// Details of the keys missing in some language.
    public var details: [String: KeyDetail]

    public init(name: String, isInterface: Bool, languages: [TableLanguageStatus], details: [String: KeyDetail] = [:]) {
        self.name = name
        self.isInterface = isInterface
        self.languages = languages
        self.details = details
    }

    public var keyCount: Int { languages.first?.counts.keys ?? 0 }
}

/// One module (the whole project when `.linza.yml` has no `modules:`).
public struct ModuleStatus: Sendable {
    /// The module's name; nil for a project without modules.
    public var name: String?
    public var developmentLanguage: String
    public var tables: [TableStatus]

    public init(name: String?, developmentLanguage: String, tables: [TableStatus]) {
        self.name = name
        self.developmentLanguage = developmentLanguage
        self.tables = tables
    }

    /// Every language of the module, in code order.
    public var languages: [String] {
        Array(Set(tables.flatMap { $0.languages.map(\.language) })).sorted()
    }

    /// The module's counts for `language`, over all its tables.
    public func counts(_ language: String) -> StatusCounts {
        tables.reduce(StatusCounts()) { sum, table in
            sum + (table.languages.first { $0.language == language }?.counts ?? StatusCounts())
        }
    }
}

/// The completeness of a project's translations, as `linza status` reports it.
public struct StatusReport: Sendable {
    /// The root configuration's development language.
    public var developmentLanguage: String
    public var modules: [ModuleStatus]
    /// The folder call sites are shown relative to.
    public var projectRoot: String
    /// A previous report's overall counts by language (`--compare`), for the changes.
    public var previous: StatusSnapshot?

    public init(developmentLanguage: String, modules: [ModuleStatus], projectRoot: String,
                previous: StatusSnapshot? = nil) {
        self.developmentLanguage = developmentLanguage
        self.modules = modules
        self.projectRoot = projectRoot
        self.previous = previous
    }

    /// Every language of every module, in code order.
    public var languages: [String] {
        Array(Set(modules.flatMap(\.languages))).sorted()
    }

    /// The counts of `language` over every module and table.
    public func counts(_ language: String) -> StatusCounts {
        modules.reduce(StatusCounts()) { $0 + $1.counts(language) }
    }

    /// Languages with their overall counts, most complete first (ties in code order).
    public var languagesByCompleteness: [(language: String, counts: StatusCounts)] {
        Self.byCompleteness(languages.map { ($0, counts($0)) })
    }

    /// `rows` sorted most complete first, ties in code order.
    public static func byCompleteness(_ rows: [(language: String, counts: StatusCounts)])
        -> [(language: String, counts: StatusCounts)] {
        rows.sorted { left, right in
            if right.counts.isLessComplete(than: left.counts) { return true }
            if left.counts.isLessComplete(than: right.counts) { return false }
            return left.language < right.language
        }
    }

    /// The number of tables and of development keys over every module.
    public var tableCount: Int { modules.reduce(0) { $0 + $1.tables.count } }
    public var keyCount: Int { modules.reduce(0) { $0 + $1.tables.reduce(0) { $0 + $1.keyCount } } }

    /// The change of `language` since the previous report; nil without `--compare`.
    public func change(_ language: String) -> StatusChange? {
        guard let previous else { return nil }
        let now = counts(language)
        guard let before = previous.languages[language] else { return .new }
        return .changed(translated: now.translated - before.translated, keys: now.keys - before.keys,
                        percent: now.percent - before.percent)
    }
}

/// A language's overall counts from an earlier `linza status --format json`.
public struct StatusSnapshot: Sendable, Equatable {
    public var languages: [String: StatusCounts]

    public init(languages: [String: StatusCounts]) {
        self.languages = languages
    }
}

/// What changed for a language since the compared report.
public enum StatusChange: Sendable, Equatable {
    /// The language was not in the compared report.
    case new
    /// Differences: now minus then (percent: of the rounded-down percentages).
    case changed(translated: Int, keys: Int, percent: Int)
}
