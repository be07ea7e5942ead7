import LinzaTables

/// How complete each language is: the share of the development language's keys it has,
/// over every table code reads (storyboard, InfoPlist and Settings tables left out).
package struct LanguageCoverage: Sendable {
    /// A language with at least this share is proposed as required.
    package static let requiredShare = 0.9

    /// Languages with their share of the development keys (0…1), development language first,
    /// then by share and code.
    package private(set) var shares: [(language: String, share: Double)]
    /// The number of development-language keys measured against.
    package private(set) var developmentKeys: Int
    package let developmentLanguage: String

    /// `developmentFolder` is `Base` when Base.lproj holds the development language's text.
    /// `codeKeys` (table and key, joined by a zero character) are keys code reads with their
    /// text (`value:`, or a key that reads as text), which count as development keys though
    /// no development table has them (`development_values_in_code`: KeePassium's 684 keys are in every translation and
    /// in no English table).
    init(
        tables: [LoadedTableFile], developmentLanguage: String, developmentFolder: String, interfaceNames: Set<String>,
        codeKeys: Set<String> = []
    ) {
        self.developmentLanguage = developmentLanguage
        var keys: [String: Set<String>] = [:]
        for file in tables where !interfaceNames.contains(file.file.name) && file.file.name != "InfoPlist" {
            guard let language = file.file.language else { continue }
            // Table and key together: the same key in two tables is two strings to translate.
            keys[language, default: []].formUnion(file.entries.map { file.file.name + "\u{0}" + $0.key })
        }
        // Base.lproj beside en.lproj: each holds some tables' development text (alt-tab-macos:
        // Sparkle's in Base, the app's own 322 keys in en), as the app reads them.
        let development = (keys[developmentFolder] ?? []).union(keys[developmentLanguage] ?? []).union(
            codeKeys.filter { !interfaceNames.contains(String($0.prefix { $0 != "\u{0}" })) })
        developmentKeys = development.count
        let languages = Set(keys.keys).subtracting([LanguageCode.base]).union([developmentLanguage])
        shares = languages.map { language in
            let share =
                language == developmentLanguage || development.isEmpty
                ? 1 : Double(keys[language, default: []].intersection(development).count) / Double(development.count)
            return (language, share)
        }.sorted { lhs, rhs in
            if (lhs.language == developmentLanguage) != (rhs.language == developmentLanguage) {
                return lhs.language == developmentLanguage
            }
            return lhs.share != rhs.share ? lhs.share > rhs.share : lhs.language < rhs.language
        }
    }

    /// The development language and every language with at least `requiredShare`, but a
    /// regional folder beside its language's own with fewer keys.
    package var required: [String] {
        shares.filter { $0.share >= Self.requiredShare && regionalBeside($0.language) == nil }.map(\.language)
    }
    /// The languages below `requiredShare`, and regional folders beside a fuller language.
    package var incomplete: [(language: String, share: Double)] {
        shares.filter { $0.share < Self.requiredShare || regionalBeside($0.language) != nil }
    }

    /// The language a regional folder (`hy-AM`) stands beside when that one (`hy`) is there
    /// with more of the keys: most often a folder left behind when the app moved to the
    /// plain code, which makes every key it lacks an error when it is required.
    package func regionalBeside(_ language: String) -> String? {
        guard let dash = language.firstIndex(of: "-"), language != developmentLanguage else { return nil }
        let base = String(language[..<dash])
        guard let own = shares.first(where: { $0.language == base }),
            let regional = shares.first(where: { $0.language == language }), own.share > regional.share
        else { return nil }
        return base
    }
}
