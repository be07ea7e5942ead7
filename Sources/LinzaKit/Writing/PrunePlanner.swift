/// Plans `linza prune`: the keys `unused_key` reports, deleted from every language's
/// `.strings` and `.stringsdict` files of their table, each with its comment block. What `unused_key` keeps
/// stays: keys a dynamic key's literal start covers, keys written anywhere in code,
/// catalog keys Xcode found in code, Interface Builder and InfoPlist tables, and keys the
/// configuration's `ignore_keys` and `ignore_tables` exclude.
public struct PrunePlanner {
    public let options: SyncPlanner.Options

    public init(options: SyncPlanner.Options) {
        self.options = options
    }

    /// `configuration` with `unused_key` on in every module, so that scanning keeps the string
    /// literals that mark a key as used even where the project switched the rule off: load
    /// the project with this before planning.
    public static func preparing(_ configuration: Configuration) -> Configuration {
        var prepared = configuration
        let id = UnusedKeyRule.description.id
        prepared.ruleSettings[id, default: RuleSettings()].level = .warning
        prepared.modules = prepared.modules.map { module in
            var module = module
            module.configuration.ruleSettings[id, default: RuleSettings()].level = .warning
            return module
        }
        return prepared
    }

    /// The plan for `modules`, loaded with a `preparing` configuration.
    public func plan(_ modules: [Linter.LoadedModule]) -> WritePlan {
        var plan = WritePlan()
        var documents = DocumentCache()
        for module in modules {
            let project = module.project
            let settings = module.configuration.settings(for: UnusedKeyRule.description.id)
            let unused = UnusedKeyRule().check(project, severity: .warning).filter { !settings.ignores($0) }
            var byTable: [String: Set<String>] = [:]
            for finding in unused {
                guard let key = finding.key, let table = finding.table,
                      options.includes(module: module.name, table: table, key: key) else { continue }
                byTable[table, default: []].insert(key)
            }
            for (table, keys) in byTable.sorted(by: { $0.key < $1.key }) {
                for file in module.tables where file.file.name == table {
                    let present = keys.filter { key in file.entries.contains { $0.key == key } }
                    guard !present.isEmpty else { continue }
                    guard file.file.format != .xcstrings else {
                        plan.skipped.append("\(present.count) unused key\(present.count == 1 ? "" : "s") left in "
                            + "\(file.file.displayName) (\(file.language)): String Catalogs are not written yet")
                        continue
                    }
                    do {
                        try documents.change(file.file.path, format: file.file.format, language: file.language,
                                             table: table) { change in
                            let keys = change.document.keys
                            let indices = Set(keys.indices.filter { present.contains(keys[$0]) })
                            change.removed = keys.filter(present.contains).reduce(into: []) {
                                if !$0.contains($1) { $0.append($1) }
                            }
                            change.edits = change.document.deletions(of: indices)
                        }
                    } catch {
                        plan.conflicts.append(DocumentCache.refusal(error, file: file.file.path))
                    }
                }
            }
        }
        plan.files = documents.changes.filter { !$0.edits.isEmpty }
        return plan
    }
}
