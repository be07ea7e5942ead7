import LinzaBase

/// A scan taken from the cache without decoding its record. A warm run of a monolith
/// decoded every file's record (a million lines: a quarter of its instructions, and as much
/// again to free them) although a module whose recorded check still holds reads nothing of
/// its files but their records' hashes. Such a scan has its path, its record's hash
/// (`contentHash`) and the declarations its record's head states (the classes and bundle
/// providers other modules' bundle calls are bound by) and nothing else until
/// `materialized()`: only a record without calls a binding reads or moves (preview helpers,
/// bundles), suppressions or accessor paths is deferred (`RecordTraits`), so that what
/// reads those across modules sees every one of them.
extension ScannedSource {
    /// What a scan holds that is read outside its module's own check, written at the head
    /// of its record so that the cache can tell without decoding it.
    package struct RecordTraits: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// A call made only in preview code, unless another file names its helper
        /// (`PreviewHelperBinding`).
        package static let previewHelperCalls = RecordTraits(rawValue: 1 << 0)
        /// A call naming a bundle, which may read another module's tables (`BundleBinding`).
        package static let bundleCalls = RecordTraits(rawValue: 1 << 1)
        /// A `linza:disable` comment, applied to the module's findings after its check.
        package static let suppressions = RecordTraits(rawValue: 1 << 2)
        /// Accessor paths or definitions (`AccessorResolver`).
        package static let accessors = RecordTraits(rawValue: 1 << 3)

        /// Traits that keep a scan from being deferred: each is read before or after the
        /// module's check, across modules or by the findings themselves.
        package static let readOutsideTheCheck: RecordTraits = [
            .previewHelperCalls, .bundleCalls, .suppressions, .accessors,
        ]
    }

    /// This scan's traits, as its record states them.
    package var recordTraits: RecordTraits {
        var traits: RecordTraits = []
        if usages.contains(where: { $0.previewHelper != nil }) { traits.insert(.previewHelperCalls) }
        if usages.contains(where: { $0.bundle != nil }) { traits.insert(.bundleCalls) }
        if !suppressions.isEmpty { traits.insert(.suppressions) }
        if !accessorReferences.isEmpty || !accessorDefinitions.isEmpty { traits.insert(.accessors) }
        return traits
    }

    /// A scan of `path` whose record is `record`, decoded when `materialized()`, when the
    /// record's traits allow (`readOutsideTheCheck`); else nil. It has the declarations its
    /// record states at its head (bundle calls elsewhere are bound by them). `rescan` scans
    /// the file instead if the record cannot be decoded after all.
    package init?(
        deferring path: String, record: ArraySlice<UInt8>, rescan: @escaping @Sendable () -> ScannedSource
    ) {
        guard let (head, traits) = Self.head(of: record, path: path), traits.isDisjoint(with: .readOutsideTheCheck)
        else { return nil }
        self = head
        recordHash.value = StableHash.checksum(record)
        pending = PendingRecord(record: record, rescan: rescan)
    }

    /// Whether this scan's record is yet to be decoded: its calls and everything else it
    /// found read as empty until then.
    package var isDeferred: Bool { pending != nil }

    /// This scan with its record decoded (itself when it was not deferred).
    package func materialized() -> ScannedSource {
        guard let pending else { return self }
        return (try? ScannedSource(path: path, decoding: pending.record)) ?? pending.rescan()
    }
}

/// A deferred scan's record and the way to scan its file again, shared by its copies; two
/// deferred scans are the same only when they are copies of one.
package final class PendingRecord: Hashable, Sendable {
    let record: ArraySlice<UInt8>
    let rescan: @Sendable () -> ScannedSource

    init(record: ArraySlice<UInt8>, rescan: @escaping @Sendable () -> ScannedSource) {
        self.record = record
        self.rescan = rescan
    }

    package static func == (lhs: PendingRecord, rhs: PendingRecord) -> Bool { lhs === rhs }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
