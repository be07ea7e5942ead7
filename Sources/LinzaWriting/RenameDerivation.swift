import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// Proposes new keys from one language's values, the way the first Linza team moved from
/// phrase keys to identifiers: `"Order now"` → `orderNow`, `"%d items in cart"` →
/// `itemsInCartWithParam`. The result is a rename map, for review and for `RenamePlanner`.
package struct RenameDerivation {
    package struct Options: Sendable {
        /// The language whose values name the keys; nil for the development language.
        package var language: String?
        /// At most this many words of the value make the key.
        package var maxWords = 5
        /// Appended when the value has format specifiers (they are dropped from the name).
        package var formatSuffix = "WithParam"
        /// Wildcards (`*`, `?`) the keys to rename must match (all keys when empty).
        package var keyPatterns: [String] = []
        package var modules: Set<String> = []
        package var tables: Set<String> = []

        package init() {}
    }

    package let options: Options

    package init(options: Options) {
        self.options = options
    }

    /// The camelCase name `value` gives: format specifiers dropped (and `formatSuffix` added
    /// when there were any), apostrophes dropped inside words, every other character that is
    /// neither a letter nor a digit separating words; the first `maxWords` words, the first
    /// one lower-cased (wholly when it is all capitals: `SMS` → `sms`), each later one with
    /// its first letter upper-cased. Nil when no word is left.
    package static func name(for value: String, maxWords: Int, formatSuffix: String) -> String? {
        var text = value
        let specifiers = FormatSpecifier.parse(value)
        for specifier in specifiers {
            if let range = text.firstRange(of: specifier.text) { text.replaceSubrange(range, with: " ") }
        }
        var words: [String] = []
        var word = ""
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if character != "'" && character != "\u{2019}" {
                if !word.isEmpty { words.append(word) }
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard !words.isEmpty else { return nil }
        let chosen = words.prefix(max(1, maxWords)).enumerated().map { index, word -> String in
            if index == 0 {
                return word.allSatisfy({ !$0.isLowercase })
                    ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
            }
            return word.prefix(1).uppercased() + word.dropFirst()
        }
        return chosen.joined() + (specifiers.isEmpty ? "" : formatSuffix)
    }

    /// The proposed renames over `modules`, in table order, and a warning for each key given
    /// a numbered name because another key already had its name. A name is free when no
    /// table (in any module) that has the key, in any language, has it or has code reading it,
    /// and no other key was given it anywhere: `rename` refuses two keys renamed to one, and
    /// a key renamed onto one code reads.
    package func derive(_ modules: [Linter.LoadedModule]) -> (renames: [RenamePlanner.Rename], warnings: [String]) {
        var renames: [RenamePlanner.Rename] = []
        var warnings: [String] = []
        var proposed: [String: String] = [:]
        let scoped = modules.filter { options.modules.isEmpty || $0.name.map(options.modules.contains) == true }
        let (taken, tablesOf) = Self.keysByTable(scoped, tables: options.tables)
        // Every name given so far, in any module.
        var given = Set<String>()
        for (position, module) in scoped.enumerated() {
            let language = options.language ?? module.configuration.developmentLanguage
            // Keys `rename` would leave alone are not proposed either.
            let fixedKeys = RenamePlanner.tablesWithFixedKeys(module, named: options.tables)
            let files = module.tables.filter {
                $0.file.language == language && $0.failure == nil && !fixedKeys.contains($0.file.name)
                    && (options.tables.isEmpty || options.tables.contains($0.file.name))
            }
            for table in Set(files.map(\.file.name)).sorted() {
                let entries = files.filter { $0.file.name == table }.flatMap(\.entries)
                for entry in entries
                where proposed[entry.key] == nil
                    && (options.keyPatterns.isEmpty
                        || options.keyPatterns.contains { GlobPattern.matchesName($0, entry.key) })
                {
                    // A plural entry's format key (`%#@items@`) names nothing: its `other` form does.
                    let value =
                        entry.value.flatMap { FormatSpecifier.parse($0).contains { $0.type == .variable } ? nil : $0 }
                        ?? entry.texts.first { Self.isOtherForm($0.role) }?.text
                    guard let value,
                        let base = Self.name(
                            for: value, maxWords: options.maxWords, formatSuffix: options.formatSuffix),
                        base != entry.key
                    else { continue }
                    // The tables the key is renamed in: the new name must be free in each.
                    let scopes = tablesOf[entry.key] ?? [TableScope(module: position, table: table)]
                    func isTaken(_ name: String) -> Bool {
                        given.contains(name) || scopes.contains { taken[$0]?.contains(name) == true }
                    }
                    var name = base
                    var number = 0
                    while isTaken(name) {
                        number += 1
                        name = base + String(number)
                    }
                    if number > 0 {
                        warnings.append(Messages.derivedNameTaken(entry.key, base: base, table: table, proposed: name))
                    }
                    given.insert(name)
                    proposed[entry.key] = name
                    renames.append(RenamePlanner.Rename(old: entry.key, new: name))
                }
            }
        }
        return (renames, warnings)
    }

    /// One table of one module (by its position in the modules in scope).
    struct TableScope: Hashable {
        var module: Int
        var table: String
    }

    /// Per table in scope, the keys its files hold in any language and the literal keys code
    /// reads from it; per key, the tables that have it either way.
    private static func keysByTable(_ modules: [Linter.LoadedModule], tables: Set<String>)
        -> (keys: [TableScope: Set<String>], tablesOf: [String: [TableScope]])
    {
        var keys: [TableScope: Set<String>] = [:]
        for (position, module) in modules.enumerated() {
            for file in module.tables where file.failure == nil && (tables.isEmpty || tables.contains(file.file.name)) {
                keys[TableScope(module: position, table: file.file.name), default: []].formUnion(
                    file.entries.map(\.key))
            }
            for source in module.sources {
                for usage in source.usages {
                    guard let key = usage.key.literal, let table = usage.table.name,
                        tables.isEmpty || tables.contains(table)
                    else { continue }
                    keys[TableScope(module: position, table: table), default: []].insert(key)
                }
            }
        }
        var tablesOf: [String: [TableScope]] = [:]
        for (scope, names) in keys.sorted(by: { ($0.key.module, $0.key.table) < ($1.key.module, $1.key.table) }) {
            for key in names { tablesOf[key, default: []].append(scope) }
        }
        return (keys, tablesOf)
    }

    private static func isOtherForm(_ role: EntryText.Role) -> Bool {
        if case .plural(_, "other") = role { return true }
        return false
    }
}

extension Messages {
    /// A derived name another key has, or was given, in a table the key is renamed in.
    static func derivedNameTaken(_ key: String, base: String, table: String, proposed: String) -> String {
        "\(quoted(key)) would be \(quoted(base)), a key of \(table) already or the name proposed for another; proposed as \(quoted(proposed))"
    }
}
