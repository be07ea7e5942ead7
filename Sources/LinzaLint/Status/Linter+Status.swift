import LinzaBase
import LinzaConfiguration
import LinzaReporting

extension Linter {
    /// The completeness of every module's translations, for `linza status`: the same
    /// configuration, files, tables and call sites as `lint`, counted instead of checked.
    /// Modules are counted on all cores at once, as `lint` checks them.
    ///
    /// - Parameter projectRoot: the folder call sites are shown relative to.
    package func status(projectRoot: String) -> (report: StatusReport, failures: [InputFailure]) {
        let names: [String?] = configuration.modules.isEmpty ? [nil] : configuration.modules.map(\.name)
        let discovered = discover()
        let scanned = Self.scanModules(discovered, names: moduleNames, collectsLiterals: false, cache: scanCache)
        let counted = Array(zip(zip(names, discovered), scanned).enumerated()).concurrentMap { index, named in
            let ((name, found), sources) = named
            let (status, failures) = ModuleStatusPasses(
                name: name, configuration: found.module, sources: sources,
                tableFiles: found.files.tables,
                interfaceNames: found.files.interfaceNames,
                store: scanCache.map { ($0, "module \(index)") }
            ).run()
            return (status: status, failures: found.files.failures + sources.compactMap(\.failure) + failures)
        }
        let report = StatusReport(
            developmentLanguage: configuration.developmentLanguage,
            modules: counted.map(\.status), projectRoot: projectRoot)
        return (report, counted.flatMap(\.failures).sorted { $0.location < $1.location })
    }
}
