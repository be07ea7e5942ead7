import LinzaBase
import LinzaTables

/// One String Catalog's parts by language. Read whole, or, when the cache has its record,
/// only its development parts and its list of languages until a language pass asks for
/// another part (the JSON of a big catalog is most of a repeated run's work otherwise).
final class CatalogParts: @unchecked Sendable {
    /// Every language the catalog has a part for.
    let languages: [String]
    /// The parts of the development language, Base and "" (an unreadable catalog's).
    private let developmentParts: Set<String>
    private let lock = Lock()
    private var whole: [LoadedTableFile]?
    /// Whether `whole` was read after the development parts came from the record.
    private var readLate = false
    private let partial: [LoadedTableFile]
    private let readWhole: @Sendable () -> [LoadedTableFile]

    init(
        _ file: TableFile, developmentParts: Set<String>, load: @escaping @Sendable (TableFile) -> [LoadedTableFile],
        record: CatalogRecord.Lookup?
    ) {
        self.developmentParts = developmentParts
        readWhole = { load(file) }
        if let record, let known = record.find(file) {
            languages = known.languages
            partial = known.parts
            return
        }
        let parts = load(file)
        whole = parts
        languages = parts.map(\.language)
        partial = parts.filter { developmentParts.contains($0.language) }
        if let record, !parts.contains(where: { $0.failure != nil }) {
            record.found(file, CatalogRecord(parts: partial, languages: languages))
        }
    }

    /// What could not be read when the catalog was read whole at the start.
    var failures: [LoadedTableFile] {
        lock.withLock { readLate ? [] : whole ?? [] }.filter { $0.failure != nil }
    }

    /// The parts of `wanted` languages, the catalog read whole first when the catalog has
    /// one of them that is not a development part and it was not read yet.
    func parts(of wanted: Set<String>) -> [LoadedTableFile] {
        let needed = wanted.intersection(languages)
        if needed.isSubset(of: developmentParts), let parts = lock.withLock({ whole == nil ? partial : nil }) {
            return parts.filter { wanted.contains($0.language) }
        }
        return readIfNeeded().filter { wanted.contains($0.language) }
    }

    /// What could not be read when `wanted` languages' parts made the catalog be read late:
    /// the record said it was readable, and a pass that asks for it must say it is not.
    func lateFailures(of wanted: Set<String>) -> [InputFailure] {
        guard !wanted.intersection(languages).isSubset(of: developmentParts) else { return [] }
        let parts = readIfNeeded()
        return lock.withLock { readLate } ? parts.compactMap(\.failure) : []
    }

    private func readIfNeeded() -> [LoadedTableFile] {
        lock.withLock {
            if whole == nil {
                whole = readWhole()
                readLate = true
            }
            return whole!
        }
    }
}

/// A String Catalog's development parts and its list of languages, as the cache keeps them.
package struct CatalogRecord: Equatable, Sendable {
    var parts: [LoadedTableFile]
    var languages: [String]

    /// How `ModuleTables` finds a catalog's record (nil: read it) and hands over one it made.
    package struct Lookup: Sendable {
        var find: @Sendable (TableFile) -> CatalogRecord?
        var found: @Sendable (TableFile, CatalogRecord) -> Void

        package init(
            find: @escaping @Sendable (TableFile) -> CatalogRecord?,
            found: @escaping @Sendable (TableFile, CatalogRecord) -> Void
        ) {
            self.find = find
            self.found = found
        }
    }

    package func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(languages.count)
        for language in languages { writer.write(language) }
        writer.write(parts.count)
        for part in parts { part.encoded(to: &writer) }
        return writer.bytes
    }

    package init(decoding bytes: ArraySlice<UInt8>) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes)
        var languages: [String] = []
        for _ in 0..<(try reader.readCount()) { languages.append(try reader.readString()) }
        var parts: [LoadedTableFile] = []
        for _ in 0..<(try reader.readCount()) { parts.append(try LoadedTableFile(decoding: &reader)) }
        guard reader.isAtEnd, parts.allSatisfy({ languages.contains($0.language) }) else {
            throw BinaryDecodingError(offset: reader.offset)
        }
        self.init(parts: parts, languages: languages)
    }

    init(parts: [LoadedTableFile], languages: [String]) {
        self.parts = parts
        self.languages = languages
    }
}
