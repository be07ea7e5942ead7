import LinzaRules
import LinzaTables

extension ExchangeCurrentUnit {
    /// The units of the keys code uses in table `name` that the development table lacks
    /// (`ExportModule.missingKeys`, what `export --include-missing` exports), by id: the
    /// source is the calls' `value:`, else the key. A key whose calls give different values
    /// has no one source and is left out (its units stay unknown keys). For a String Catalog
    /// (`extracting`), each unit carries the entry the catalog gains from the calls, as
    /// Xcode's extraction writes it (their `value:` and comment), and a key whose calls give
    /// different comments is left out too, since the entry has one.
    static func codeUnits(of name: String, in project: LintProject, extracting: Bool) -> [String: ExchangeCurrentUnit] {
        var units: [String: ExchangeCurrentUnit] = [:]
        for key in ExportModule.missingKeys(of: project)[name] ?? [] {
            let values = Set(key.usages.compactMap { $0.defaultValue })
            let comments = extracting ? Set(key.usages.compactMap(\.comment).filter { !$0.isEmpty }) : []
            guard values.count <= 1, comments.count <= 1 else { continue }
            let entry = NewStringsEntry(
                key: key.key.value, value: values.first ?? key.key.value, comment: comments.first)
            units[entry.key] = ExchangeCurrentUnit(
                key: entry.key, path: [], source: entry.value, translatable: true,
                extracted: extracting ? entry : nil)
        }
        return units
    }
}
