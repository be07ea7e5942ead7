import LinzaBase
import LinzaConfiguration
import LinzaTables

/// What makes a run check almost nothing while looking clean: a module in which discovery
/// found no source file (Linza run in the wrong folder, `excluded:` too wide), or tables
/// in which the development language has none (every language is compared with it) while
/// its text is not exported from code. Each is an error unless the module opts out
/// (`require_sources: false`, `require_development_tables: false`).
package enum ProjectShapeCheck {
    static func problems(_ discovered: [(module: Configuration, files: DiscoveredFiles)], root: Configuration)
        -> [String]
    {
        // A build phase's declared inputs may cover some modules only; the phase has its own check.
        guard root.inputFiles == nil else { return [] }
        let names: [String?] = root.modules.isEmpty ? [nil] : root.modules.map(\.name)
        var problems: [String] = []
        for ((module, files), name) in zip(discovered, names) {
            let prefix = name.map { "module '\($0)': " } ?? ""
            if module.requireSources && files.sources.isEmpty {
                let folders = module.included.map {
                    Path.relative($0.root, to: root.baseDirectory).map { $0.isEmpty ? "." : $0 } ?? $0.root
                }
                problems.append(
                    prefix + "no Swift or Objective-C source file in \(folders.joined(separator: ", ")); "
                        + "check included: and excluded:, or run Linza in the project's folder "
                        + "(require_sources: false for a module of tables only)")
            }
            let tables = files.tables.filter { !files.interfaceNames.contains($0.name) }
            // Text exported from the calls' values needs no development table.
            if module.requireDevelopmentTables, !module.developmentValuesInCode,
                lacksDevelopmentTable(tables, developmentLanguage: module.developmentLanguage)
            {
                let languages = Set(tables.compactMap(\.language)).sorted()
                problems.append(
                    prefix + "no table in the development language \(module.developmentLanguage) (tables "
                        + "found in \(languages.joined(separator: ", "))), so keys have nothing to be checked against; "
                        + "set development_language: to the language the keys are written in, or "
                        + "development_values_in_code: true if its text is in the calls' value: "
                        + "(require_development_tables: false to check without one)")
            }
        }
        return problems
    }

    /// Whether `tables` (interface tables left out) are some but none is in
    /// `developmentLanguage`, `Base` or a catalog: what stops a module's run, and what makes
    /// `init` look for text kept in code.
    package static func lacksDevelopmentTable(_ tables: [TableFile], developmentLanguage: String) -> Bool {
        let development: Set<String?> = [nil, developmentLanguage, LanguageCode.base]
        return !tables.isEmpty && !tables.contains { development.contains($0.language) }
    }
}
