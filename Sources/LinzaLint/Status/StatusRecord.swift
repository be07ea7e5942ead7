import LinzaBase

/// What `status` counted for one language of a module, as the cache keeps it: for each
/// development table, in the order `ModuleStatusPasses` lists them, the bucket of each of its
/// keys (`StatusBucket`). Whether code uses a missing key is not recorded: it depends on the
/// code, and is taken from this run's scan. A record is used only when its inputs (the list
/// of table files, the signatures of the language's files and of the development files,
/// `LanguagePassInputs`) are those it was made from; the tables' names and key counts are
/// checked again on reading, and any other record is a miss.
struct StatusRecord: Equatable {
    /// Per development table: its name and one bucket per key.
    var tables: [(name: String, buckets: [StatusBucket])]

    static func == (lhs: StatusRecord, rhs: StatusRecord) -> Bool {
        lhs.tables.elementsEqual(rhs.tables) { $0.name == $1.name && $0.buckets == $1.buckets }
    }

    func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(tables.count)
        for table in tables {
            writer.write(table.name)
            writer.write(bytes: table.buckets.map { UInt8(StatusBucket.allCases.firstIndex(of: $0)!) })
        }
        return writer.bytes
    }

    /// Decodes `bytes`, which must hold `names` with `counts` keys each, in that order.
    init(decoding bytes: [UInt8], names: [String], counts: [Int]) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes[...])
        guard try reader.readCount() == names.count else { throw BinaryDecodingError(offset: reader.offset) }
        var tables: [(name: String, buckets: [StatusBucket])] = []
        for (name, count) in zip(names, counts) {
            guard try reader.readString() == name else { throw BinaryDecodingError(offset: reader.offset) }
            let raw = try reader.readBytes()
            guard raw.count == count, raw.allSatisfy({ Int($0) < StatusBucket.allCases.count }) else {
                throw BinaryDecodingError(offset: reader.offset)
            }
            tables.append((name, raw.map { StatusBucket.allCases[Int($0)] }))
        }
        guard reader.isAtEnd else { throw BinaryDecodingError(offset: reader.offset) }
        self.tables = tables
    }

    init(tables: [(name: String, buckets: [StatusBucket])]) {
        self.tables = tables
    }
}
