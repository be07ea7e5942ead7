import LinzaBase
import LinzaRules
import LinzaTables

extension ExportPlanner {
    /// `--include-missing`: the keys code uses that no table has, as units of the development
    /// table of the same name (a String Catalog's, else a `.strings`), by that table's path:
    /// the source is the call's `value:` (else the key), the note the call's comment and
    /// where the key is used (`path:line`, relative to the project). A key whose calls give
    /// different values or comments is left out with a warning, not guessed.
    func missingUnits(_ modules: [ExportModule], tables: [ExportTable], warnings: inout [String]) -> [String:
        [XLIFFUnit]]
    {
        var units: [String: [XLIFFUnit]] = [:]
        for module in modules where options.includes(module: module.name) {
            for (name, keys) in module.missing.sorted(by: { $0.key < $1.key }) {
                let candidates = tables.filter { $0.module == module.name && $0.name == name }
                guard
                    let table = candidates.first(where: { $0.format == .xcstrings })
                        ?? candidates.first(where: { $0.format == .strings })
                else {
                    warnings.append(
                        "\(keys.count) key\(keys.count == 1 ? "" : "s") code uses in table \(Messages.quoted(name))"
                            + "\(module.name.map { " of module \($0)" } ?? "") not exported: the table has no "
                            + "development-language .strings or String Catalog to export them with")
                    continue
                }
                for key in keys {
                    let values = Set(key.usages.compactMap(\.defaultValue))
                    let comments = Set(key.usages.compactMap(\.comment).filter { !$0.isEmpty })
                    guard values.count <= 1, comments.count <= 1 else {
                        warnings.append(
                            "\(Messages.quoted(key.key.value)) not exported: its calls give different "
                                + (values.count > 1 ? "values" : "comments") + "; make them agree")
                        continue
                    }
                    let places = key.usages.map {
                        "\(Path.relative($0.location.file, to: options.projectRoot) ?? $0.location.file):\($0.location.line)"
                    }
                    let note =
                        (comments.first.map { [$0] } ?? []) + [
                            "Not in any table yet; used at " + places.joined(separator: ", ")
                        ]
                    units[table.path, default: []].append(
                        XLIFFUnit(
                            id: key.key.value,
                            source: key.usages.lazy.compactMap(\.defaultValue).first ?? key.key.value,
                            note: note.joined(separator: "\n")))
                }
            }
        }
        return units
    }
}
