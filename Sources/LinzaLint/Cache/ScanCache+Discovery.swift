import LinzaBase
import LinzaConfiguration

extension ScanCache {
    /// Discovery records, under the module's place in the configuration and a "scanner" of
    /// their own (the configuration's bytes are in the cache's key).
    private static let discoveryRecords = StableHash.fnv1a("discovery records 2")

    /// The files of the module `configuration` (the `module`th, counting from 0): from its
    /// record (`DiscoveryRecord`) when every folder it read has the signature it had, or
    /// found by reading the folders, and recorded when that walk may be.
    func discover(_ configuration: Configuration, module: Int) -> DiscoveredFiles {
        let key = ScanCacheFile.EntryKey(path: "\u{0}discovery \(module)", scanner: Self.discoveryRecords)
        if let entry = storedEntry(key), let record = try? DiscoveryRecord(decoding: entry.record),
            record.isCurrent(folderSignature)
        {
            keepDiscoveryRecord(key, entry, isHit: true)
            return record.files
        }
        var trace: DirectoryWalker.Trace? = DirectoryWalker.Trace(signature: folderSignature)
        let files = FileDiscovery.discover(configuration, trace: &trace)
        if let trace, trace.isComplete, files.failures.isEmpty,
            !trace.folders.contains(where: { $0.signature.isRacy(at: now) })
        {
            let record = DiscoveryRecord(folders: trace.folders, resolved: trace.resolved, files: files)
            keepDiscoveryRecord(
                key,
                ScanCacheFile.Entry(
                    signature: FileSignature(device: 0, inode: 0, size: 0, modified: 0, changed: 0),
                    contentHash: nil, record: record.encoded()[...]),
                isHit: false)
        }
        return files
    }
}
