import LinzaRules
import LinzaTables

extension ExchangeCurrentUnit {
    /// The units of the keys code uses in table `name` that the development `.strings` table lacks
    /// (`ExportModule.missingKeys`, what `export --include-missing` exports), by id: the
    /// source is the calls' `value:`, else the key. A key whose calls give different values
    /// has no one source and is left out (its units stay unknown keys).
    static func codeUnits(of name: String, in project: LintProject) -> [String: ExchangeCurrentUnit] {
        var units: [String: ExchangeCurrentUnit] = [:]
        for key in ExportModule.missingKeys(of: project)[name] ?? [] {
            let values = Set(key.usages.compactMap { $0.defaultValue })
            guard values.count <= 1 else { continue }
            units[key.key.value] = ExchangeCurrentUnit(
                key: key.key.value, path: [], source: values.first ?? key.key.value, translatable: true)
        }
        return units
    }

    /// The same for a String Catalog, each unit with the entry the catalog gains from the
    /// calls, as Xcode's extraction writes it (their `value:` and comment): keys whose calls
    /// agree on both, since the entry has one of each.
    static func catalogCodeUnits(of name: String, in project: LintProject) -> [String: ExchangeCurrentUnit] {
        var units: [String: ExchangeCurrentUnit] = [:]
        for key in ExportModule.missingKeys(of: project)[name] ?? [] {
            let values = Set(key.usages.compactMap { $0.defaultValue })
            let comments = Set(key.usages.compactMap(\.comment).filter { !$0.isEmpty })
            guard values.count <= 1, comments.count <= 1 else { continue }
            let entry = NewStringsEntry(
                key: key.key.value, value: values.first ?? key.key.value, comment: comments.first)
            units[key.key.value] = ExchangeCurrentUnit(
                key: entry.key, path: [], source: entry.value, translatable: true, extracted: entry)
        }
        return units
    }
}
