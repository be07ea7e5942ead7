import LinzaBase
import LinzaTables

/// One XLIFF `<file>` read as the two tables the rules compare: its sources as the
/// development language's table and its targets as the target language's, each text at
/// its `<trans-unit>`. Keys and places in an entry come from the unit ids
/// (`ExchangeUnitAddress`), as the table readers give them: a `.stringsdict` format key or
/// a catalog's own string is the entry's value, a plural form is its rule's category (a
/// catalog substitution is the rule of its name), a device variation is that device's text.
enum ExchangeTables {
    /// The two tables of `section`, read from the XLIFF file at `path`; `format` is the
    /// format of the table it stands for (its ids' form).
    static func tables(
        of section: XLIFFFile, path: String, format: TableFormat, name: String, developmentLanguage: String,
        language: String
    ) -> (development: LoadedTableFile, target: LoadedTableFile) {
        var development = Builder()
        var target = Builder()
        for unit in section.units {
            let address = ExchangeUnitAddress(id: unit.id, format: format) ?? ExchangeUnitAddress(key: unit.id)
            let location = Location(file: path, line: max(unit.line, 1), column: max(unit.column, 1))
            let (role, rule) = place(of: address.steps)
            development.add(
                address.key, text: unit.source, role: role, rule: rule, at: location, format: format,
                isTranslatable: unit.isTranslatable)
            if let text = unit.target {
                target.add(
                    address.key, text: text, role: role, rule: rule, at: location, format: format,
                    isTranslatable: unit.isTranslatable)
            }
        }
        let start = Location(file: path, line: max(section.line, 1), column: max(section.column, 1))
        func file(_ builder: Builder, _ language: String) -> LoadedTableFile {
            LoadedTableFile(
                file: TableFile(
                    path: path, language: language, name: name, format: format,
                    displayName: String(Path.lastComponent(path))),
                entries: builder.entries, endLocation: start)
        }
        return (file(development, developmentLanguage), file(target, language))
    }

    /// Which plural rule a form belongs to: its name (a variable, a substitution; nil for a
    /// catalog string's own plural) and the device whose variation holds it.
    struct RuleID: Hashable {
        var name: String?
        var device: String?
    }

    /// The text's role in its entry, and its plural rule when it is a plural form.
    static func place(of steps: [ExchangeUnitAddress.Step]) -> (EntryText.Role, RuleID?) {
        var name: String?
        var device: String?
        for step in steps {
            switch step {
            case .variable(let variable): name = variable
            case .substitution(let substitution): name = substitution
            case .device(let value): device = value
            case .plural(let category):
                return (.plural(rule: name, category: category), RuleID(name: name, device: device))
            case .formatKey: break
            }
        }
        if let device { return (.device(device), nil) }
        return (.value, nil)
    }

    /// Entries made unit by unit, a key's units gathered into one entry.
    private struct Builder {
        var entries: [TableEntry] = []
        var positions: [String: Int] = [:]
        /// Per entry, its plural rules' positions in `pluralRules`.
        var rules: [Int: [RuleID: Int]] = [:]

        mutating func add(
            _ key: String, text: String, role: EntryText.Role, rule: RuleID?, at location: Location,
            format: TableFormat, isTranslatable: Bool
        ) {
            let index: Int
            if let known = positions[key] {
                index = known
            } else {
                index = entries.count
                positions[key] = index
                var entry = TableEntry(key: key, location: location, format: format)
                entry.isTranslatable = isTranslatable
                entries.append(entry)
            }
            entries[index].texts.append(EntryText(text: text, role: role, location: location))
            guard let rule, case .plural(_, let category) = role else { return }
            if let ruleIndex = rules[index]?[rule] {
                entries[index].pluralRules[ruleIndex].categories[category] = location
            } else {
                rules[index, default: [:]][rule] = entries[index].pluralRules.count
                entries[index].pluralRules.append(
                    PluralRule(name: rule.name, categories: [category: location], location: location))
            }
        }
    }
}
