import LinzaBase
import LinzaConfiguration
import LinzaRules

extension Linter {
    /// Whether each of `files`, a source with the bytes a writer read to edit it, scans as
    /// what this run's `scanCache` answered for it: then the plan, made from that answer, is
    /// the plan a scan of those very bytes gives (and the write itself refuses a file that no
    /// longer holds them, `FileTransaction`). True without a cache, and for a file the
    /// cache did not answer for (one that is not a regular file is scanned directly).
    ///
    /// A writer uses the cache's records as `lint` does for every file it only reads: a
    /// record stands for a file whose signature (and, within the racy window, content) is
    /// the one it had when it was scanned. A file it edits is checked here against the
    /// bytes it edits, so that no record, even one a file system's clock made wrong
    /// (docs/CACHE.md, "Limits"), decides where an edit goes; a caller plans again without
    /// the cache when this is false.
    package func scansMatch(_ files: [(path: String, bytes: [UInt8])]) -> Bool {
        guard let scanCache else { return true }
        let configurations =
            configuration.modules.isEmpty ? [configuration] : configuration.modules.map(\.configuration)
        return files.allSatisfy { file in
            configurations.allSatisfy { module in
                // The settings `load()` scans with: literals as the rules need them.
                let literals = RuleEngine.needsSourceLiterals(module)
                guard
                    let answer = scanCache.answer(
                        for: file.path, fingerprint: ScanCache.fingerprint(of: module, collectsLiterals: literals))
                else { return true }
                return Self.scanner(for: module, collectsLiterals: literals).scan(file.bytes, path: file.path)
                    .encoded() == answer
            }
        }
    }
}
