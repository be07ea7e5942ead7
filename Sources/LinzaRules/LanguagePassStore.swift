import LinzaBase
import LinzaSources
import LinzaTables

/// Where language passes keep their records between runs (`ScanCache` in LinzaKit). The
/// store's own key already holds Linza's build and the configuration's bytes; a record is
/// looked up by the module and language it is about and used only when its inputs
/// (`LanguagePassInputs`) are those it was made from.
package protocol LanguagePassStore: Sendable {
    /// The signature of a table file, had as the store's scans have them (a coarser clock in
    /// tests); asked once per module that lists the file, before it is read.
    func tableSignature(of path: String) -> FileSignature?
    /// The run's start: a file changed within `FileSignature.racyWindow` of it could change
    /// again unseen, so no record is made from it.
    var now: Int64 { get }
    /// The record stored under `key` if it was made from `inputs`.
    func passRecord(_ key: String, inputs: UInt64) -> LanguagePassRecord?
    func storePassRecord(_ record: LanguagePassRecord, key: String, inputs: UInt64)
    /// The development parts of a String Catalog recorded under `key` when the catalog had `signature`.
    func catalogRecord(_ key: String, signature: FileSignature) -> CatalogRecord?
    func storeCatalogRecord(_ record: CatalogRecord, key: String, signature: FileSignature)
    /// The record of a whole module's check (`ModuleCheckRecord`) stored under `key` if it
    /// was made from `inputs`; when there is one, the language and catalog records under
    /// `keeping` (`passRecord`'s and `catalogRecord`'s keys) are kept for later runs too,
    /// as if they had been read.
    func moduleRecord(_ key: String, inputs: UInt64, keeping: (passes: [String], catalogs: [String]))
        -> ModuleCheckRecord?
    func storeModuleRecord(_ record: ModuleCheckRecord, key: String, inputs: UInt64)
    /// The module's record stored under `key`, whatever it was made from: what an edit
    /// that only moved code can carry over (`ShiftedFindings`).
    func latestModuleRecord(_ key: String) -> StoredModuleRecord?
    /// The scan the store held for `path` before this run scanned the file again, and the
    /// one this run made, both as the scanner made them (before the module's sources are
    /// bound to accessors, bundles and preview helpers).
    func rescan(of path: String) -> (before: ScannedSource, after: ScannedSource)?
    /// A module's record carried over from its last one (`latestModuleRecord`) to code that
    /// only moved: stored under `key` as made from `inputs` (nil: from a file changed within
    /// the racy window, not stored), and the records under `keeping` kept as `moduleRecord`
    /// keeps them when it answers.
    func storeMovedModuleRecord(
        _ record: ModuleCheckRecord, key: String, inputs: UInt64?, keeping: (passes: [String], catalogs: [String]))
}

extension LanguagePassStore {
    /// How `ModuleTables` uses this store for String Catalogs, with the signatures `inputs`
    /// took before any file was read: a record is made only from a catalog outside the racy
    /// window. Records are kept per development language: two modules sharing a catalog
    /// with different development languages need different parts of it.
    package func catalogLookup(_ inputs: LanguagePassInputs, developmentLanguage: String) -> CatalogRecord.Lookup {
        let key: @Sendable (TableFile) -> String = {
            CatalogRecord.key(of: $0, developmentLanguage: developmentLanguage)
        }
        return CatalogRecord.Lookup(
            find: { file in inputs.signature(of: file.path).flatMap { catalogRecord(key(file), signature: $0) } },
            found: { file, record in
                guard let signature = inputs.signature(of: file.path), !signature.isRacy(at: now) else { return }
                storeCatalogRecord(record, key: key(file), signature: signature)
            })
    }
}

extension CatalogRecord {
    /// The key of a catalog's record in a `LanguagePassStore`.
    static func key(of file: TableFile, developmentLanguage: String) -> String {
        developmentLanguage + "\u{0}" + file.path
    }
}

/// What a module's language passes (and `status`'s counts of a language) read besides the
/// configuration: the list of its table
/// files (names, languages, formats), the Interface Builder names, and the signatures of the
/// files each pass loads (the development language's, Base's and the String Catalogs,
/// which every pass reads, and the pass's own language's). Signatures are had before any
/// file is read, so a file changed while it was read has another signature next time.
package struct LanguagePassInputs: Sendable {
    /// The hash of the list of files, the names and the String Catalogs' signatures (a
    /// catalog holds every language's text); nil when a catalog has no signature (it is not
    /// a readable regular file).
    private let shared: UInt64?
    private let sharedIsRacy: Bool
    /// The development language's and Base's `.lproj` files' signatures, hashed, for passes
    /// whose rules declare they read the development tables; nil as above.
    private let development: UInt64?
    private let developmentIsRacy: Bool
    /// Each other language's `.lproj` files' signatures, in the list's order.
    private let lprojByLanguage: [String: [FileSignature?]]
    /// The String Catalogs' signatures, by path.
    private let catalogSignatures: [String: FileSignature]
    private let now: Int64

    package init(
        tableFiles: [TableFile], interfaceNames: Set<String>, developmentLanguage: String, store: any LanguagePassStore
    ) {
        now = store.now
        let signatures = tableFiles.concurrentMap { store.tableSignature(of: $0.path) }
        // The list's bytes gathered and hashed at once (FNV-1a reads them in order, so the
        // hash is the one of hashing each part in turn): a hundred languages of a module make
        // tens of thousands of parts, and a call per part cost more than the bytes.
        var listBytes: [UInt8] = []
        listBytes.reserveCapacity(tableFiles.reduce(0) { $0 + $1.path.utf8.count + $1.name.utf8.count + 24 })
        func add(_ text: String, _ separator: UInt8) {
            listBytes.append(contentsOf: text.utf8)
            listBytes.append(separator)
        }
        for file in tableFiles {
            add(file.path, 1)
            add(file.language ?? "\u{2}", 1)
            add(file.name, 1)
            add(file.format.rawValue, 0)
        }
        for name in interfaceNames.sorted() { add(name, 1) }
        let listHash = StableHash.adding(listBytes, to: StableHash.fnv1a("language pass inputs 1\u{0}"))
        var hash: UInt64? = listHash, developmentHash: UInt64? = StableHash.initial
        var racy = false, developmentRacy = false
        var lproj: [String: [FileSignature?]] = [:]
        var catalogs: [String: FileSignature] = [:]
        let sharedLanguages: Set<String> = [developmentLanguage, LanguageCode.base]
        for (file, signature) in zip(tableFiles, signatures) {
            if file.format == .xcstrings, let signature { catalogs[file.path] = signature }
            if let language = file.language, !sharedLanguages.contains(language) {
                lproj[language, default: []].append(signature)
                continue
            }
            if file.language == nil {
                guard let signature, let current = hash else { hash = nil; continue }
                hash = signature.hashed(into: current)
                racy = racy || signature.isRacy(at: now)
            } else {
                guard let signature, let current = developmentHash else { developmentHash = nil; continue }
                developmentHash = signature.hashed(into: current)
                developmentRacy = developmentRacy || signature.isRacy(at: now)
            }
        }
        shared = hash
        sharedIsRacy = racy
        development = developmentHash
        developmentIsRacy = developmentRacy
        lprojByLanguage = lproj
        catalogSignatures = catalogs
    }

    /// The inputs of every pass of the module at once (`ModuleCheckRecord`): the list, and
    /// each table file's signature, of every language; nil when a file has no signature.
    package var whole: (hash: UInt64, isRacy: Bool)? {
        guard var hash = shared, let development else { return nil }
        var racy = sharedIsRacy || developmentIsRacy
        hash = StableHash.adding(littleEndian: development, to: hash)
        for language in lprojByLanguage.keys.sorted() {
            guard let added = adding(language, to: (hash, racy)) else { return nil }
            (hash, racy) = added
        }
        return (hash, racy)
    }

    /// The languages of the module's `.lproj` files other than the development language and Base.
    package var otherLanguages: Set<String> { Set(lprojByLanguage.keys) }

    /// The signature of the String Catalog at `path`, as taken before any file was read.
    package func signature(of path: String) -> FileSignature? {
        catalogSignatures[path]
    }

    /// `of(language)`, with `code` (a hash of the code as scanned) added when the record
    /// depends on the code too: a rule that reads it, or status counting keys whose text it keeps.
    package func of(
        _ language: String, readsDevelopmentTables: Bool = true, code: UInt64?
    ) -> (hash: UInt64, isRacy: Bool)? {
        of(language, readsDevelopmentTables: readsDevelopmentTables).map { inputs in
            (
                hash: code.map { StableHash.adding(withUnsafeBytes(of: $0.littleEndian, Array.init), to: inputs.hash) }
                    ?? inputs.hash,
                isRacy: inputs.isRacy
            )
        }
    }

    /// The inputs of `language`'s pass, and whether a record may be made from them (no
    /// file changed within the racy window); nil when a file has no signature. The
    /// development language's files count when the pass's rules read them
    /// (`readsDevelopmentTables`, from their declared inputs).
    package func of(_ language: String, readsDevelopmentTables: Bool = true) -> (hash: UInt64, isRacy: Bool)? {
        guard var hash = shared else { return nil }
        var racy = sharedIsRacy
        if readsDevelopmentTables {
            guard let development else { return nil }
            hash = StableHash.adding(withUnsafeBytes(of: development.littleEndian, Array.init), to: hash)
            racy = racy || developmentIsRacy
        }
        return adding(language, to: (hash, racy))
    }

    /// `inputs` continued with `language` and its `.lproj` files' signatures, in the list's
    /// order; nil when a file has no signature. (Their paths are in `shared`'s list already:
    /// hashing them again for each pass was most of a warm run's cost of its inputs.)
    private func adding(_ language: String, to inputs: (hash: UInt64, isRacy: Bool)) -> (hash: UInt64, isRacy: Bool)? {
        var (hash, racy) = inputs
        hash = StableHash.adding(CollectionOfOne(0), to: StableHash.adding(language.utf8, to: hash))
        for signature in lprojByLanguage[language] ?? [] {
            guard let signature else { return nil }
            hash = signature.hashed(into: hash)
            racy = racy || signature.isRacy(at: now)
        }
        return (hash, racy)
    }
}
