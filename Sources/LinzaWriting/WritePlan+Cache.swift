import LinzaBase
import LinzaLint
import LinzaSources

extension WritePlan {
    /// The plan `make` makes from the project `load` reads with `linter`, whose scan cache,
    /// when it has one, gives the sources it holds records for (read only: a writer adds
    /// nothing to it). A record is only ever a shortcut for a file the writer reads, never
    /// for one it edits or refuses to edit: when a source the plan edits does not scan, from
    /// the bytes the plan edits, as the cache answered for it, or a source a conflict names
    /// does not scan as it reads now (`Linter.scansMatch`), the project is loaded and planned
    /// again without the cache. Tables are always read (`Linter.load`).
    package static func planned(
        with linter: Linter, load: (Linter) throws -> [Linter.LoadedModule],
        _ make: ([Linter.LoadedModule]) throws -> WritePlan
    ) rethrows -> WritePlan {
        let plan = try make(try load(linter))
        guard linter.scanCache != nil, !plan.isPlannedFromCurrentSources(linter) else { return plan }
        var uncached = linter
        uncached.scanCache = nil
        return try make(try load(uncached))
    }

    /// Whether the sources the plan edits, and those its conflicts are in (a call the plan
    /// would rewrite but found no literal for), scan as `linter`'s cache answered for them.
    private func isPlannedFromCurrentSources(_ linter: Linter) -> Bool {
        let edited = sources.map { (path: $0.path, bytes: $0.bytes) }
        let named = Set(conflicts.map(\.location.file)).subtracting(edited.map(\.path))
            .filter { SourceScanner.language(ofFile: $0) != nil }.sorted()
        var read: [(path: String, bytes: [UInt8])] = []
        for path in named {
            // One that cannot be read now is planned again without the cache, which says so.
            guard let bytes = try? FileReader.read(path) else { return false }
            read.append((path, bytes))
        }
        return linter.scansMatch(edited + read)
    }
}
