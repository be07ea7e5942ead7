import LinzaRules
import LinzaTables

extension ExchangeCurrentUnit {
    /// The units of the keys code uses in table `name` that the development table lacks
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
}
