import ArgumentParser
import LinzaKit

/// `--key` and `--table` for `keys` and `usages` (`keys` adds `--language`): a real app's
/// listing is tens of thousands of lines (20,556 on one), and a person looks for one key or
/// table. Each option may repeat; an entry must match one value of every option given.
struct ListingFilter: ParsableArguments {
    @Option(name: .long, help: "Only keys matching this wildcard pattern, * and ? (repeatable).")
    var key: [String] = []

    @Option(name: .long, help: "Only this table (repeatable).")
    var table: [String] = []

    /// Whether `key` passes `--key`.
    func includes(key: String) -> Bool {
        self.key.isEmpty || self.key.contains { GlobPattern.matchesName($0, key) }
    }

    /// The table files of `languages` (all when empty) and the tables asked for, holding
    /// only the keys asked for.
    func filtered(_ files: [LoadedTableFile], languages: [String]) -> [LoadedTableFile] {
        files.compactMap { file in
            guard languages.isEmpty || languages.contains(file.language),
                table.isEmpty || table.contains(file.file.name)
            else { return nil }
            guard !key.isEmpty else { return file }
            var kept = file
            kept.entries = file.entries.filter { includes(key: $0.key) }
            return kept
        }
    }

    /// The call sites of the tables and keys asked for; a dynamic key or table passes a
    /// filter on it only through its literal start (`pizza.size.` for `--key 'pizza.*'`).
    func filtered(_ usages: [LocalizationUsage]) -> [LocalizationUsage] {
        usages.filter { usage in
            let keyPasses: Bool
            switch usage.key {
            case .literal(let text): keyPasses = includes(key: text)
            case .dynamic(let prefix):
                keyPasses =
                    key.isEmpty
                    || key.contains { pattern in
                        guard let prefix, !prefix.isEmpty else { return false }
                        return GlobPattern.matchesName(pattern, prefix)
                            || GlobPattern.matchesName(pattern, prefix + "*")
                    }
            }
            return keyPasses && (table.isEmpty || usage.table.name.map(table.contains) == true)
        }
    }
}
