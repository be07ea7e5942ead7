import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// The naming rule of a generator Linza was not told about, found by trying the rules
/// generators use on the table keys and keeping the one that explains the most members
/// code reads through the root: SwiftGen's (structured, flat), the key itself, and
/// transforms (lower case with `_` for every other character, `.` -> `_`, camel case…), each
/// also with the plural endings of CLDR (`_one`, `_other`) and of Telegram-style tables
/// (`_1`, `_3_10`, `_any`). A rule that is exact is preferred to `letters` (which ignores case
/// and separators) unless `letters` explains clearly more.
enum AccessorNamingInference {
    /// The rule chosen for a root, and its evidence.
    struct Choice: Equatable {
        var accessor: AccessorSet
        /// Distinct members the rule maps to keys, of all distinct members read.
        var explained: Int
        var members: Int
        /// The keys those members read (every form of a plural text), in `accessor.table`.
        var keys: Set<String>
    }

    /// An exact rule is kept while it explains at least this share of what `letters` does.
    static let exactShare = 0.95

    static let pluralEndings: [[String]] = [[]] + KeyTransform.knownPluralEndings

    /// The transforms tried, simplest first (ties go to the earlier).
    static let transforms: [KeyTransform] = {
        let others = CharacterClass("[^A-Za-z0-9]")!, period = CharacterClass("[.]")!
        return [
            KeyTransform(letterCase: .lower, replace: others, with: "_"),
            KeyTransform(replace: period, with: "_"),
            KeyTransform(replace: others, with: "_"),
            KeyTransform(letterCase: .camel, replace: others),
            KeyTransform(letterCase: .pascal, replace: others),
            KeyTransform(letterCase: .upper, replace: others, with: "_"),
        ]
    }()

    /// The rule and the table for `root`, in a project whose development tables have
    /// `keysByTable` (table name → keys). A generator's root reads one table, so each table
    /// is tried and the one whose keys explain the most members is kept (`Localizable` first
    /// on a tie, then by name), named in `table:` unless it is `Localizable`, the default: keys
    /// pooled from every table explained the members and then were looked up in
    /// `Localizable`, which an app keeping them in `Strings.strings` does not have.
    static func choose(for root: UnseenAccessors.Root, keysByTable: [String: [String]]) -> Choice {
        let tables = keysByTable.keys.sorted { ($0 == defaultTable ? 0 : 1, $0) < ($1 == defaultTable ? 0 : 1, $1) }
        var best: Choice?
        for table in tables {
            var choice = choose(for: root, keys: keysByTable[table] ?? [])
            if table != defaultTable { choice.accessor.table = table }
            if choice.explained > best?.explained ?? -1 { best = choice }
        }
        return best ?? choose(for: root, keys: [])
    }

    /// The table a call naming none reads, and an accessor without `table:`.
    static let defaultTable = "Localizable"

    /// The rule for `root`, whose table has `keys`. `onlyKeys` is set for a type no
    /// source declares (a generated type has only key members); a lower-case root may be
    /// any variable, so its other members stay ordinary code.
    static func choose(for root: UnseenAccessors.Root, keys: [String]) -> Choice {
        let members = root.members
        var best: Choice?
        // Of two rules explaining as many members, the one whose plural endings more keys
        // have fits better (`_1`…`_any` over `_one`…`_other` when only `_many` is shared).
        var bestForms = 0
        func consider(_ accessor: AccessorSet, made: [String: [String]], forms: Int = 0) {
            let read = members.filter { made[$0] != nil }
            guard (read.count, forms) > (best?.explained ?? 0, bestForms) else { return }
            best = Choice(
                accessor: accessor, explained: read.count, members: members.count,
                keys: Set(read.flatMap { made[$0]! }))
            bestForms = forms
        }
        for naming in [AccessorSet.Naming.key, .swiftGenFlat, .swiftGen] {
            consider(
                AccessorSet(root: root.name, naming: naming),
                made: Dictionary(grouping: keys) {
                    AccessorNaming.path(of: $0, table: "", naming: naming)?.joined(separator: ".") ?? ""
                })
        }
        for transform in transforms {
            for endings in pluralEndings {
                var rule = transform
                rule.pluralSuffixes = endings
                let forms = keys.count { rule.pluralSuffix(of: $0) != nil }
                // A plural variant is tried only where some key ends so.
                if !endings.isEmpty, forms == 0 { continue }
                consider(
                    AccessorSet(root: root.name, transform: rule),
                    made: Dictionary(grouping: keys) { rule.member(of: $0)?.name ?? "" }, forms: forms)
            }
        }
        let letters = Dictionary(grouping: keys) { AccessorNaming.letters(of: Substring($0)) }
        let spelled = members.filter { letters[AccessorNaming.letters(of: Substring($0))] != nil }
        var choice =
            best
            ?? Choice(
                accessor: AccessorSet(root: root.name, naming: .letters), explained: 0,
                members: members.count, keys: [])
        if Double(choice.explained) < exactShare * Double(spelled.count) {
            choice = Choice(
                accessor: AccessorSet(root: root.name, naming: .letters), explained: spelled.count,
                members: members.count,
                keys: Set(spelled.flatMap { letters[AccessorNaming.letters(of: Substring($0))]! }))
        }
        choice.accessor.onlyKeys = root.declaration == nil && root.name.first?.isUppercase == true
        return choice
    }
}
