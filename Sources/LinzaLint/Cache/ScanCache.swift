import LinzaBase
import LinzaConfiguration
import LinzaReporting
import LinzaRules
import LinzaSources
import LinzaTables

/// What earlier runs learned from each source file, so that a run reads and scans only the
/// files that changed since (docs/CACHE.md). A file's record is used when its
/// `FileSignature` is the one it had when it was scanned, by the same scanner settings; a
/// file whose times were within `FileSignature.racyWindow` of that scan (it could have
/// changed again within one tick of the clock) is read and its content hash compared too.
///
/// Nothing here is trusted blindly: a cache file that is truncated, foreign or corrupt
/// (`ScanCacheFile`) is ignored and rebuilt, and a record that does not decode is a miss.
package final class ScanCache: @unchecked Sendable {
    /// The cache file, and what its records must have been made under (Linza's build and
    /// the configuration's contents): a file made under another key is ignored.
    package let path: String
    package let key: UInt64
    /// How a file's signature is had: `FileSignature.of`, or a coarser clock in tests.
    /// Set at `init` or by `takeSignatures`, before any scan: read without the lock.
    private var signature: @Sendable (String) -> FileSignature?
    /// `linza watch`'s answer, when signatures come from it: one fixed answer per path,
    /// asked without the lock and the memo `stat`s need (`signature(of:)`).
    private var watched: WatchedSignatures?
    /// How a folder's signature is had (`FileSignature.ofFolder`, or another clock in tests).
    private(set) var folderSignature: @Sendable (String) -> FileSignature?
    /// The run's start: files changed since within `racyWindow` are checked by content.
    package let now: Int64
    /// The records read. Set at `init`, or by `admit` for a file larger than 64 MiB, both
    /// before any scan: read without the lock afterwards.
    private var stored: [ScanCacheFile.EntryKey: ScanCacheFile.Entry]
    /// The size of a cache file larger than `minimumLimit`, left unread until `admit` knows
    /// the run's inputs (whether they allow a file that size).
    private var deferredSize: Int64?
    /// What reading the cache file found besides its records (`entries` left empty), for
    /// appending this run's changes to it (`save`); nil when no file was read.
    private var loaded: ScanCacheFile.Loaded?
    /// The size every cache file may have (`ScanCacheFile.minimumLimit`; smaller in tests).
    private let minimumLimit: Int

    private let lock = Lock()
    /// Each file's signature, had once per run (`signature(of:)`).
    private var signatures: [String: FileSignature] = [:]
    private var used: [ScanCacheFile.EntryKey: ScanCacheFile.Entry] = [:]
    private var changed = false
    /// The records of the files this run scanned anew, before and after, by path (`rescan(of:)`).
    private var replaced: [String: (before: ArraySlice<UInt8>, after: ArraySlice<UInt8>)] = [:]
    /// Files answered from the cache, and files scanned, this run.
    package private(set) var hits = 0
    package private(set) var misses = 0
    /// Language passes answered from the cache, and passes run, this run.
    package private(set) var passHits = 0
    package private(set) var passMisses = 0
    /// Modules whose whole check came from the cache, this run.
    package private(set) var moduleHits = 0
    /// Modules whose last check's findings were carried over edits that moved code (`ShiftedFindings`), this run.
    package private(set) var movedModuleHits = 0
    /// Modules whose files came from their discovery record, this run.
    package private(set) var discoveryHits = 0
    /// Files whose preview-helper mentions came from the cache, this run.
    package private(set) var mentionHits = 0
    /// Modules whose tables' keys the accessor map took from the cache, this run.
    package private(set) var accessorKeyHits = 0

    /// Opens the cache at `path` (a missing, unreadable or foreign file gives an empty cache).
    package init(
        path: String, key: UInt64, now: Int64 = FileSignature.now(),
        signature: @escaping @Sendable (String) -> FileSignature? = FileSignature.of,
        folderSignature: @escaping @Sendable (String) -> FileSignature? = FileSignature.ofFolder,
        minimumLimit: Int = ScanCacheFile.minimumLimit
    ) {
        self.path = path
        self.key = key
        self.now = now
        self.signature = signature
        self.folderSignature = folderSignature
        self.minimumLimit = minimumLimit
        if let size = ScanCacheFile.size(of: path), size > Int64(minimumLimit) {
            deferredSize = size
            stored = [:]
        } else {
            stored = [:]
            load(limit: minimumLimit)
        }
        // A run uses about as many records as it read: grown by doubling, the table hashed
        // every path again at each step.
        used.reserveCapacity(stored.count)
    }

    /// Takes files' and folders' signatures from `watched` (`linza watch`'s answer, asked
    /// while the cache file was read). Call before the cache is used by any other thread.
    package func takeSignatures(from watched: WatchedSignatures) {
        self.watched = watched
        signature = watched.signature(of:)
        folderSignature = watched.folderSignature(of:)
    }

    /// Reads a cache file larger than 64 MiB when the run's `inputs` (its sources and
    /// tables) are large enough to explain it (`ScanCacheFile.limit`); a smaller file was
    /// read when the cache was opened. Call before any scan: the records are read without
    /// the lock afterwards. Makes room for the inputs' signatures.
    package func admit(inputs: [String]) {
        lock.withLock { signatures.reserveCapacity(inputs.count) }
        guard let size = deferredSize else { return }
        deferredSize = nil
        let inputBytes = inputs.concurrentMap { signature(of: $0)?.size ?? 0 }.reduce(0, +)
        let limit = ScanCacheFile.limit(forInputBytes: inputBytes, minimum: minimumLimit)
        guard size <= Int64(limit) else { return }
        load(limit: limit)
    }

    private func load(limit: Int) {
        guard var file = ScanCacheFile.load(path, key: key, limit: limit) else { return }
        stored = file.entries
        file.entries = [:]
        loaded = file
    }

    /// The scan of `path` with `scanner`, from the cache when the file is unchanged since
    /// its record was made with a scanner of the same `fingerprint` (`fingerprint(of:)`).
    /// With `deferring`, a record is left undecoded (`ScannedSource.isDeferred`) unless it
    /// holds what is read outside its module's check (`RecordTraits.readOutsideTheCheck`).
    func scan(_ path: String, with scanner: SourceScanner, fingerprint: UInt64, deferring: Bool = false)
        -> ScannedSource
    {
        // A path that is not a regular file is not cached: the scanner says why it cannot read it.
        guard let signature = signature(of: path) else { return scanner.scanFile(at: path) }
        let entryKey = ScanCacheFile.EntryKey(path: path, scanner: fingerprint)
        var bytes: [UInt8]?
        if let entry = stored[entryKey], entry.signature == signature {
            if entry.contentHash != nil {
                bytes = try? FileReader.read(path)
            }
            if entry.contentHash == nil || bytes.map(StableHash.fnv1a) == entry.contentHash,
                let source = deferring
                    ? ScannedSource(deferring: path, record: entry.record, rescan: { scanner.scanFile(at: path) })
                        ?? (try? ScannedSource(path: path, decoding: entry.record))
                    : try? ScannedSource(path: path, decoding: entry.record)
            {
                // A record checked by content is kept without its hash once the file's
                // times are out of the racy window.
                let settled = entry.contentHash != nil && !signature.isRacy(at: now)
                record(
                    entryKey,
                    settled ? ScanCacheFile.Entry(signature: signature, contentHash: nil, record: entry.record) : entry,
                    isHit: true, changes: settled)
                return source
            }
        }
        let read: [UInt8]
        do {
            read = try bytes ?? FileReader.read(path)
        } catch {
            return scanner.scanFile(at: path)
        }
        var source = scanner.scan(read, path: path)
        // A file that could not be scanned (not UTF-8) is scanned again next time, and says so again.
        guard source.failure == nil else { return source }
        let made = source.encodedForCache()[...]
        if let earlier = stored[entryKey] { lock.withLock { replaced[path] = (earlier.record, made) } }
        record(
            entryKey,
            ScanCacheFile.Entry(
                signature: signature, contentHash: signature.isRacy(at: now) ? StableHash.fnv1a(read) : nil,
                record: made),
            isHit: false, changes: true)
        return source
    }

    /// Writes the cache when this run changed it: the records used this run, then those of
    /// other scanner settings (`linza status` scans without literals) while the file stays
    /// under half its limit (`ScanCacheFile.limit` of the files the records describe: never
    /// more than a later run of the same project reads). Records of files not seen this run
    /// are dropped. Or the records made or changed this run are appended to the file read
    /// (`ScanCacheFile.append`: a run after an edit wrote the whole file for a handful of
    /// records, a fifth of its time), the dropped ones left in it as replaced records (every
    /// record stands on its own: one of a file gone is a miss) until it is written anew. A
    /// failure to write is not an error of the run: the next run scans again.
    @discardableResult
    package func save() -> Bool {
        let fingerprints = Set(used.keys.map(\.scanner))
        // Records of this run's kinds it did not use: of files gone or changed (an edited
        // file's preview-helper mentions, say, are not recorded while it is recent).
        var droppedBytes = 0
        var dropped = false
        for (key, entry) in stored where fingerprints.contains(key.scanner) && used[key] == nil {
            dropped = true
            droppedBytes += entry.written?.count ?? 0
        }
        guard changed || dropped else { return true }
        // The sources and catalogs the records were made from, each once (a source's scan and
        // its preview-helper mentions share a file), told apart by device and inode rather
        // than by path (hashing every path again cost an edited run 21 M instructions);
        // language records carry no signature.
        struct FileIdentity: Hashable {
            var device: UInt64
            var inode: UInt64
        }
        var described = Set<FileIdentity>()
        var inputBytes: Int64 = 0
        for entry in used.values where entry.signature.size > 0 {
            if described.insert(FileIdentity(device: entry.signature.device, inode: entry.signature.inode)).inserted {
                inputBytes += entry.signature.size
            }
        }
        let limit = ScanCacheFile.limit(forInputBytes: inputBytes, minimum: minimumLimit)
        if changed, let loaded {
            // Only what this run made or changed; the rest is in the file as it was read, and
            // the records it dropped stay there as replaced ones until the file is written anew.
            let changes = used.filter { $0.value.written == nil }
            let replaced = changes.keys.reduce(droppedBytes) { $0 + (stored[$1]?.written?.count ?? 0) }
            if ScanCacheFile.append(Array(changes), replacing: replaced, to: path, loaded: loaded, limit: limit) {
                return true
            }
        }
        let others = stored.filter { !fingerprints.contains($0.key.scanner) }
        return ScanCacheFile.write(used, keeping: others, to: path, key: key, limit: limit)
    }

    /// Language pass records share the file with scan records, under keys no file path
    /// has (they start with a NUL byte) and a "scanner" of their own; the inputs they were
    /// made from (`LanguagePassInputs`) stand where a file's content hash does.
    private static let passRecords = StableHash.fnv1a("language pass records 1")

    private static func passEntryKey(_ key: String) -> ScanCacheFile.EntryKey {
        ScanCacheFile.EntryKey(path: "\u{0}" + key, scanner: passRecords)
    }

    /// String Catalogs' development parts, under the development language and the catalog's
    /// path, a "scanner" of their own and the catalog's signature.
    private static let catalogRecords = StableHash.fnv1a("catalog records 1")

    /// The stored record under `key`, for the kinds of record other files define.
    func storedEntry(_ key: ScanCacheFile.EntryKey) -> ScanCacheFile.Entry? {
        stored[key]
    }

    /// Keeps a discovery record for later runs: the stored one, used this run (`isHit`), or
    /// one made now.
    func keepDiscoveryRecord(_ key: ScanCacheFile.EntryKey, _ entry: ScanCacheFile.Entry, isHit: Bool) {
        lock.withLock {
            used[key] = entry
            if isHit { discoveryHits += 1 } else { changed = true }
        }
    }

    private func record(_ key: ScanCacheFile.EntryKey, _ entry: ScanCacheFile.Entry, isHit: Bool, changes: Bool) {
        lock.withLock {
            used[key] = entry
            if changes { changed = true }
            if isHit { hits += 1 } else { misses += 1 }
        }
    }

    /// The key a cache must have been made under for `configuration`: `build` (which Linza
    /// made it), the configuration file's path and its contents, so that editing
    /// `.linza.yml` or upgrading Linza starts afresh, and so does a cache folder shared by
    /// two copies of a project (`--cache-path` in two checkouts): a module's discovery
    /// record names its folders, which stay unchanged in the other copy, and the copy would
    /// be checked with the other's files.
    package static func key(for configuration: Configuration, build: String) -> UInt64 {
        key(forConfigurationFile: configuration.file, in: configuration.baseDirectory, build: build)
    }

    /// `key(for:build:)` of the configuration in `file` (nil: none, the defaults in
    /// `folder`), before it is parsed.
    package static func key(forConfigurationFile file: String?, in folder: String, build: String) -> UInt64 {
        let settings = file.flatMap { try? FileReader.read($0) } ?? []
        let origin = StableHash.adding((file ?? folder).utf8, to: StableHash.fnv1a(build + "\u{0}"))
        return StableHash.adding(settings, to: StableHash.adding(CollectionOfOne(0), to: origin))
    }

    /// What a scan depends on besides the file: the call forms, the default table, the
    /// accessors and whether literals are kept, as one stable hash.
    /// Spelled out field by field: a `Set`'s description is ordered by a per-process seed.
    static func fingerprint(of configuration: Configuration, collectsLiterals: Bool) -> UInt64 {
        // Spelling out sixty call forms takes half a millisecond, and a project's modules
        // mostly share theirs: each distinct set is spelt once per run.
        fingerprints.value(for: ScannerSettings(configuration, collectsLiterals: collectsLiterals)) {
            spelledFingerprint(of: configuration, collectsLiterals: collectsLiterals)
        }
    }

    private static let fingerprints = ScannerSettingsMemo<UInt64>()

    /// Every field of the call forms and accessors, each with its length before it (so that
    /// no two settings spell alike), hashed at once. (Spelt with `String(describing:)`, one
    /// set of sixty call forms took six million instructions.)
    private static func spelledFingerprint(of configuration: Configuration, collectsLiterals: Bool) -> UInt64 {
        var bytes: [UInt8] = []
        func add(_ text: String) {
            bytes.append(contentsOf: String(text.utf8.count).utf8)
            bytes.append(0x3A)
            bytes.append(contentsOf: text.utf8)
        }
        func add(_ flag: Bool) { bytes.append(flag ? 1 : 0) }
        func add(_ reference: ArgumentReference?) {
            switch reference {
            case nil: add("-")
            case .position(let index)?: add("p\(index)")
            case .label(let label)?: add("l" + label)
            case .receiver?: add("r")
            }
        }
        add(configuration.defaultTable)
        add(collectsLiterals)
        for function in configuration.functions {
            add("function")
            add(function.name)
            add(function.displayName)
            add(function.form == .call ? "call" : "message")
            for reference in [function.key, function.table, function.value, function.comment, function.bundle] {
                add(reference)
            }
            add(function.defaultTable.map { "t" + $0 } ?? "-")
            add(function.literalKeyOnly)
            add(function.interpolationFormsKey)
            add(function.languages.map(\.rawValue).sorted().joined(separator: ","))
        }
        for accessor in configuration.accessors {
            add("accessor")
            add(accessor.root)
            add(accessor.namingText)
            add(accessor.file.map { "f" + $0 } ?? "-")
            add(accessor.table.map { "t" + $0 } ?? "-")
            add(accessor.onlyKeys)
        }
        return StableHash.adding(bytes, to: StableHash.fnv1a("scanner settings 2\u{0}"))
    }
}

extension ScanCache {
    /// Which internal preview helpers' names a file mentions (`PreviewHelperBinding`), under
    /// the file's path, a "scanner" of their own and the file's signature; the hash of every
    /// name searched for stands where a content hash does, so another set of helpers is a miss.
    private static let mentionRecords = StableHash.fnv1a("preview helper mentions 1")

    private static func mentionKey(_ path: String) -> ScanCacheFile.EntryKey {
        ScanCacheFile.EntryKey(path: path, scanner: mentionRecords)
    }

    /// The names among `names` (whose hash is `searched`) that the file at `path` mentions,
    /// as recorded while it had `signature`; nil when there is no such record.
    func mentions(of path: String, signature: FileSignature, searched: UInt64, names: Set<String>) -> Set<String>? {
        let key = Self.mentionKey(path)
        guard let entry = stored[key], entry.signature == signature, entry.contentHash == searched else { return nil }
        // Most files mention no helper: an empty record is no names.
        let found =
            entry.record.isEmpty
            ? [] : Set(entry.record.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        guard found.isSubset(of: names) else { return nil }
        lock.withLock {
            used[key] = entry
            mentionHits += 1
        }
        return found
    }

    /// Records what `mentions(of:…)` answers next time; not for a file whose times are
    /// within the racy window (it could change again without its signature moving).
    func storeMentions(_ found: Set<String>, of path: String, signature: FileSignature, searched: UInt64) {
        guard !signature.isRacy(at: now) else { return }
        let entry = ScanCacheFile.Entry(
            signature: signature, contentHash: searched,
            record: Array(found.sorted().joined(separator: "\u{0}").utf8)[...])
        lock.withLock {
            used[Self.mentionKey(path)] = entry
            changed = true
        }
    }
}

extension ScanCache {
    /// `status`'s counts of one language (`StatusRecord`), under the module and language,
    /// a "scanner" of their own (so that a `status` run, which writes the cache, keeps
    /// `lint`'s language records, and the reverse) and the hash of their inputs.
    private static let statusRecords = StableHash.fnv1a("status records 1")

    private static func statusKey(_ key: String) -> ScanCacheFile.EntryKey {
        ScanCacheFile.EntryKey(path: "\u{0}" + key, scanner: statusRecords)
    }

    /// The status record stored under `key` if it was made from `inputs`.
    func statusRecord(_ key: String, inputs: UInt64) -> [UInt8]? {
        let entryKey = Self.statusKey(key)
        guard let entry = stored[entryKey], entry.contentHash == inputs else { return nil }
        lock.withLock {
            used[entryKey] = entry
            passHits += 1
        }
        return Array(entry.record)
    }

    func storeStatusRecord(_ record: [UInt8], key: String, inputs: UInt64) {
        let entry = ScanCacheFile.Entry(
            signature: FileSignature(device: 0, inode: 0, size: 0, modified: 0, changed: 0),
            contentHash: inputs, record: record[...])
        lock.withLock {
            used[Self.statusKey(key)] = entry
            changed = true
            passMisses += 1
        }
    }

    /// The record this run's scan of `path` with a scanner of `fingerprint` answered with
    /// (taken from the cache or made now); nil when the file was not scanned through the
    /// cache. A writer compares it with a scan of the bytes it is about to edit
    /// (`Linter.scansMatch`).
    func answer(for path: String, fingerprint: UInt64) -> [UInt8]? {
        lock.withLock { used[ScanCacheFile.EntryKey(path: path, scanner: fingerprint)]?.record }.map(Array.init)
    }
}

extension ScanCache: LanguagePassStore {
    /// The signature of `path`, had the first time this run asks for it and the same
    /// afterwards: a source's scan and its preview-helper mentions each ask, as do a table's
    /// accessor keys and its module's check (`tableSignature(of:)`), and a `stat` per ask
    /// was a third of a warm run's system time. Every use takes the signature before it
    /// reads the file, so an earlier one is as exact: a file changed since has another
    /// signature next run, and a record made from its newer bytes under the older signature
    /// is then a miss. (Linza writes no file while a cache is open.)
    package func signature(of path: String) -> FileSignature? {
        if let answered = watched?.answeredSignature(of: path) { return answered }
        if let known = lock.withLock({ signatures[path] }) { return known }
        // A path that is not a regular file has none; asked again, it is stat'ed again.
        guard let found = signature(path) else { return nil }
        lock.withLock { signatures[path] = found }
        return found
    }

    /// A table's signature for its module's check: as this run had it (an accessor map's
    /// keys asked first), else had now and not kept, since the check asks once and reads
    /// the signatures it took (a hundred languages of forty modules added 8,000 entries to
    /// the signatures kept, a twentieth of a warm run's instructions).
    package func tableSignature(of path: String) -> FileSignature? {
        if let answered = watched?.answeredSignature(of: path) { return answered }
        return lock.withLock({ signatures[path] }) ?? signature(path)
    }

    package func passRecord(_ key: String, inputs: UInt64) -> LanguagePassRecord? {
        let entryKey = Self.passEntryKey(key)
        guard let entry = stored[entryKey], entry.contentHash == inputs,
            let record = try? LanguagePassRecord(decoding: entry.record)
        else { return nil }
        lock.withLock {
            used[entryKey] = entry
            passHits += 1
        }
        return record
    }

    package func catalogRecord(_ key: String, signature: FileSignature) -> CatalogRecord? {
        let entryKey = ScanCacheFile.EntryKey(path: "\u{0}" + key, scanner: Self.catalogRecords)
        guard let entry = stored[entryKey], entry.signature == signature,
            let record = try? CatalogRecord(decoding: entry.record)
        else { return nil }
        lock.withLock { used[entryKey] = entry }
        return record
    }

    package func storeCatalogRecord(_ record: CatalogRecord, key: String, signature: FileSignature) {
        let entry = ScanCacheFile.Entry(signature: signature, contentHash: nil, record: record.encoded()[...])
        lock.withLock {
            used[ScanCacheFile.EntryKey(path: "\u{0}" + key, scanner: Self.catalogRecords)] = entry
            changed = true
        }
    }

    /// Whole modules' records, under the module's key and a "scanner" of their own.
    private static let moduleRecords = StableHash.fnv1a("module check records 2")

    package func moduleRecord(
        _ key: String, inputs: UInt64, keeping: (passes: [String], catalogs: [String])
    ) -> ModuleCheckRecord? {
        let entryKey = ScanCacheFile.EntryKey(path: "\u{0}" + key, scanner: Self.moduleRecords)
        guard let entry = stored[entryKey], entry.contentHash == inputs,
            let record = try? ModuleCheckRecord(decoding: entry.record)
        else { return nil }
        lock.withLock {
            used[entryKey] = entry
            moduleHits += 1
        }
        keep(keeping)
        return record
    }

    /// Keeps the language and catalog records under `keeping` (`LanguagePassStore.moduleRecord`).
    private func keep(_ keeping: (passes: [String], catalogs: [String])) {
        let kept =
            keeping.passes.map(Self.passEntryKey)
            + keeping.catalogs.map { ScanCacheFile.EntryKey(path: "\u{0}" + $0, scanner: Self.catalogRecords) }
        lock.withLock {
            for key in kept { if let entry = stored[key] { used[key] = entry } }
        }
    }

    package func latestModuleRecord(_ key: String) -> StoredModuleRecord? {
        let entryKey = ScanCacheFile.EntryKey(path: "\u{0}" + key, scanner: Self.moduleRecords)
        return stored[entryKey].flatMap { try? StoredModuleRecord(decoding: $0.record) }
    }

    package func storeMovedModuleRecord(
        _ record: ModuleCheckRecord, key: String, inputs: UInt64?, keeping: (passes: [String], catalogs: [String])
    ) {
        if let inputs { storeModuleRecord(record, key: key, inputs: inputs) }
        keep(keeping)
        lock.withLock { movedModuleHits += 1 }
    }

    package func rescan(of path: String) -> (before: ScannedSource, after: ScannedSource)? {
        guard let records = lock.withLock({ replaced[path] }),
            let before = try? ScannedSource(path: path, decoding: records.before),
            let after = try? ScannedSource(path: path, decoding: records.after)
        else { return nil }
        return (before, after)
    }

    package func storeModuleRecord(_ record: ModuleCheckRecord, key: String, inputs: UInt64) {
        let entry = ScanCacheFile.Entry(
            signature: FileSignature(device: 0, inode: 0, size: 0, modified: 0, changed: 0),
            contentHash: inputs, record: record.encoded()[...])
        lock.withLock {
            used[ScanCacheFile.EntryKey(path: "\u{0}" + key, scanner: Self.moduleRecords)] = entry
            changed = true
        }
    }

    package func storePassRecord(_ record: LanguagePassRecord, key: String, inputs: UInt64) {
        let entry = ScanCacheFile.Entry(
            signature: FileSignature(device: 0, inode: 0, size: 0, modified: 0, changed: 0),
            contentHash: inputs, record: record.encoded()[...])
        lock.withLock {
            used[Self.passEntryKey(key)] = entry
            changed = true
            passMisses += 1
        }
    }
}

extension ScanCache {
    /// The keys of a module's tables the accessor map reads (`AccessorKeys`), under a key
    /// naming their inputs (the list of table files and their signatures), a "scanner" of
    /// their own and the inputs' hash where a content hash stands.
    private static let accessorKeyRecords = StableHash.fnv1a("accessor keys records 1")

    /// The keys of `tables` by table name: from the record made from the same files with
    /// the same signatures, or read with `read` (which says whether every file could be
    /// read) and recorded when every file was, and none changed within the racy window.
    /// Signatures are had before any file is read, so a file changed while it was read
    /// has another signature next time.
    func accessorKeys(
        of tables: [TableFile], read: () -> (keys: AccessorKeys, complete: Bool)
    ) -> AccessorKeys {
        guard let inputs = AccessorKeys.inputs(of: tables, signature: { self.signature(of: $0) }, now: now) else {
            return read().keys
        }
        let entryKey = ScanCacheFile.EntryKey(
            path: "\u{0}accessor keys \(inputs.hash)", scanner: Self.accessorKeyRecords)
        if let entry = stored[entryKey], entry.contentHash == inputs.hash,
            let keys = try? AccessorKeys(decoding: entry.record)
        {
            lock.withLock {
                used[entryKey] = entry
                accessorKeyHits += 1
            }
            return keys
        }
        let (keys, complete) = read()
        guard complete, !inputs.isRacy else { return keys }
        let entry = ScanCacheFile.Entry(
            signature: FileSignature(device: 0, inode: 0, size: 0, modified: 0, changed: 0),
            contentHash: inputs.hash, record: keys.encoded()[...])
        lock.withLock {
            used[entryKey] = entry
            changed = true
        }
        return keys
    }
}
