import LinzaSources

/// Usages checked with another module than the one whose file makes them: a use of an
/// accessor generated in another module (`AccessorResolver`), a call naming another
/// module's bundle (`BundleBinding`). Each reads that module's tables, so it joins that
/// module's sources as a record under the using file's path, with the file's suppressions
/// (a `linza:disable` comment there still applies), one record per file and module.
struct MovedUsages {
    private var byModule: [[ScannedSource]]
    /// Per module, the position in `byModule` of each file's record.
    private var positions: [[String: Int]]

    init(moduleCount: Int) {
        byModule = Array(repeating: [], count: moduleCount)
        positions = Array(repeating: [:], count: moduleCount)
    }

    /// Moves `usages` of `source` to `module`.
    mutating func move(_ usages: [LocalizationUsage], of source: ScannedSource, to module: Int) {
        guard !usages.isEmpty else { return }
        if let position = positions[module][source.path] {
            byModule[module][position].usages = (byModule[module][position].usages + usages).sorted {
                $0.location < $1.location
            }
        } else {
            positions[module][source.path] = byModule[module].count
            byModule[module].append(ScannedSource(path: source.path, usages: usages, suppressions: source.suppressions))
        }
    }

    /// `modules` with the moved records after each module's own sources.
    func appended(to modules: [[ScannedSource]]) -> [[ScannedSource]] {
        zip(modules, byModule).map { $0 + $1 }
    }
}
