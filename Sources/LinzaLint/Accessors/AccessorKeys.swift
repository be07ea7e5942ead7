import LinzaBase
import LinzaConfiguration
import LinzaTables

/// The keys of a module's tables, by table name: what the accessor map is made of when a
/// naming rule (not a generated file) says which member reads which key
/// (`AccessorResolver`). Reading them means reading and parsing every table of every
/// language of the module, on every run, although the language passes answer most
/// languages from their records; so the cache keeps them (`ScanCache.accessorKeys`), under
/// the list of the module's table files and their signatures (`inputs`).
struct AccessorKeys: Equatable, Sendable {
    var byTable: [String: Set<String>]

    /// The keys of `tables`, as read.
    init(_ tables: [LoadedTableFile]) {
        var keys: [String: Set<String>] = [:]
        for loaded in tables {
            keys[loaded.file.name, default: []].formUnion(loaded.entries.map(\.key))
        }
        byTable = keys
    }

    init(byTable: [String: Set<String>]) {
        self.byTable = byTable
    }

    /// Tables by name and each table's keys sorted, so that equal keys make equal bytes.
    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(byTable.count)
        for (name, keys) in byTable.sorted(by: { $0.key < $1.key }) {
            writer.write(name)
            writer.write(keys.count)
            for key in keys.sorted() { writer.write(key) }
        }
        return writer.bytes
    }

    /// Decodes what `encoded()` wrote; a table named twice, a key given twice or anything
    /// left over is an error, as is any truncation.
    init(decoding bytes: ArraySlice<UInt8>) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes)
        var byTable: [String: Set<String>] = [:]
        for _ in 0..<(try reader.readCount()) {
            let name = try reader.readString()
            let count = try reader.readCount()
            var keys = Set<String>(minimumCapacity: count)
            for _ in 0..<count {
                guard keys.insert(try reader.readString()).inserted else {
                    throw BinaryDecodingError(offset: reader.offset)
                }
            }
            guard byTable.updateValue(keys, forKey: name) == nil else {
                throw BinaryDecodingError(offset: reader.offset)
            }
        }
        guard reader.isAtEnd else { throw BinaryDecodingError(offset: reader.offset) }
        self.byTable = byTable
    }

    /// What the keys of `tables` are read from: the list of files (paths, languages, names,
    /// formats) and each file's signature, hashed; and whether a record may be made from
    /// them (no file changed within the racy window of `now`). Nil when a file has no
    /// signature (it is not a readable regular file): such keys are read, never recorded.
    static func inputs(
        of tables: [TableFile], signature: (String) -> FileSignature?, now: Int64
    ) -> (hash: UInt64, isRacy: Bool)? {
        var hash = StableHash.fnv1a("accessor keys 1\u{0}")
        var racy = false
        for file in tables {
            guard let signature = signature(file.path) else { return nil }
            for text in [file.path, file.language ?? "\u{2}", file.name, file.format.rawValue] {
                hash = StableHash.adding(CollectionOfOne(1), to: StableHash.adding(text.utf8, to: hash))
            }
            hash = signature.hashed(into: hash)
            racy = racy || signature.isRacy(at: now)
        }
        return (hash, racy)
    }
}
