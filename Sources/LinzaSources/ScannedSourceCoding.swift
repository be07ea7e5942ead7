import LinzaBase

/// A `ScannedSource` as bytes and back, for the cache of scan results (`ScanCache`).
/// Everything a scan found is kept, so that a cached file reads exactly as a scanned one.
/// A failed scan is never encoded: an unreadable file is read again on the next run.
extension ScannedSource {
    /// The record of this scan: a head of its traits (`RecordTraits`) and its declarations,
    /// read without decoding the rest, then its calls and what else it found. Locations in
    /// the file itself (nearly all) are written
    /// without its path; each string is written once and then by its number (a file's calls
    /// repeat their function, table and comment), and each literal's hash once and then by
    /// its number, so that a project of a million calls has a cache file it can read.
    package func encoded() -> [UInt8] {
        var writer = RecordWriter()
        encode(into: &writer)
        return writer.bytes
    }

    /// The record, as `encoded()`, remembered as this scan's: `contentHash` need not write
    /// it again (the cache writes a record for each file it scans).
    package mutating func encodedForCache() -> [UInt8] {
        let record = encoded()
        recordHash.value = StableHash.checksum(record[...])
        return record
    }

    /// A stable hash of the scan with its path: of its path and its record (`encoded()`).
    /// A warm run hashes every file's scan to know whether a module's recorded check still
    /// holds: a scan read from the cache or made for it hashes the record it has, with
    /// `StableHash.checksum`'s eight bytes a step, and only a scan changed since (a binding
    /// dropped or moved a call) is written again to be hashed.
    package var contentHash: UInt64 {
        let record = recordHash.value ?? StableHash.checksum(encoded()[...])
        return StableHash.adding(littleEndian: record, to: StableHash.adding(path.utf8, to: Self.contentHashSeed))
    }

    private static let contentHashSeed = StableHash.fnv1a("scanned source 2\u{0}")

    /// The scan without its places: the hash of its record with every location's line and
    /// column left out, and those locations in the order the record writes them. Two scans
    /// of one file with the same shape found the same things, the second at `locations`
    /// where the first had its own (`ShiftedFindings`: an edit that only moved lines).
    package var shape: (hash: UInt64, locations: [Location]) {
        var writer = RecordWriter()
        writer.locations = []
        encode(into: &writer)
        return (
            StableHash.adding(writer.bytes, to: StableHash.adding(path.utf8, to: Self.shapeSeed)),
            writer.locations ?? []
        )
    }

    private static let shapeSeed = StableHash.fnv1a("scanned source shape 1\u{0}")

    /// The `contentHash` this scan would have with each of its places moved by `map`; nil
    /// when `map` does not say where one of them goes.
    package func contentHash(movingPlacesBy map: [Location: Location]) -> UInt64? {
        var writer = RecordWriter()
        writer.moves = map
        encode(into: &writer)
        guard !writer.lacksMove else { return nil }
        return StableHash.adding(
            littleEndian: StableHash.checksum(writer.bytes[...]),
            to: StableHash.adding(path.utf8, to: Self.contentHashSeed))
    }

    private func encode(into writer: inout RecordWriter) {
        writer.write(recordTraits.rawValue)
        write(declaredClasses, to: &writer)
        write(bundleProviders, to: &writer)
        writer.write(usages.count)
        for usage in usages {
            writer.write(usage.function)
            switch usage.key {
            case .literal(let key): writer.write(0); writer.write(key)
            case .dynamic(let prefix): writer.write(1); writer.writeOptional(prefix)
            }
            switch usage.table {
            case .named(let name): writer.writeOptional(name)
            case .dynamic: writer.writeOptional(nil)
            }
            writer.writeOptional(usage.defaultValue)
            writer.writeOptional(usage.comment)
            writer.write(usage.template != nil)
            if let template = usage.template { write(template.segments, to: &writer) }
            write(usage.location, to: &writer)
            writer.write(usage.tableLocation != nil)
            if let location = usage.tableLocation { write(location, to: &writer) }
            writer.writeOptional(usage.accessor)
            switch usage.bundle {
            case nil: writer.write(0)
            case .provided(let path): writer.write(1); writer.write(path)
            case .holding(let path): writer.write(2); writer.write(path)
            }
            writer.writeOptional(usage.previewHelper)
        }
        writer.write(syntaxProblems.count)
        for problem in syntaxProblems {
            writer.write(Self.code(of: problem.kind))
            write(problem.location, to: &writer)
        }
        writer.write(suppressions.count)
        for directive in suppressions {
            writer.write(directive.action.rawValue)
            writer.write(directive.scope.rawValue)
            writer.write(directive.rules.count)
            for rule in directive.rules {
                writer.write(rule.id)
                write(rule.location, to: &writer)
            }
            write(directive.location, to: &writer)
            writer.write(directive.endLine)
            writer.writeOptional(directive.malformation)
        }
        writer.writeLiterals(literalHashes)
        writer.write(accessorReferences.count)
        for reference in accessorReferences {
            write(reference.components, to: &writer)
            write(reference.location, to: &writer)
            writer.write(reference.isImplicit)
        }
        writer.write(accessorDefinitions.count)
        for definition in accessorDefinitions {
            writer.write(definition.path)
            writer.write(definition.key)
            writer.write(definition.table)
            writer.writeOptional(definition.value)
        }
        writer.write(tableFileReads.count)
        for read in tableFileReads {
            writer.writeOptional(read.table)
            write(read.location, to: &writer)
        }
        writer.write(keyPrefixes.count)
        for literal in keyPrefixes {
            writer.write(literal.prefix)
            write(literal.location, to: &writer)
        }
    }

    /// The scan of `path` that `encoded()` wrote; throws on bytes it did not write.
    package init(path: String, decoding bytes: ArraySlice<UInt8>) throws(BinaryDecodingError) {
        var reader = RecordReader(bytes)
        self.init(path: path)
        let traits = try Self.readHead(&reader, into: &self)
        // Counts are never more than the bytes left (`readCount`): room is made at once.
        let usageCount = try reader.readCount()
        usages.reserveCapacity(usageCount)
        for _ in 0..<usageCount {
            let function = try reader.readString()
            let key: UsageKey =
                switch try reader.readInt() {
                case 0: .literal(try reader.readString())
                case 1: .dynamic(prefix: try reader.readOptionalString())
                default: throw BinaryDecodingError(offset: reader.offset)
                }
            let table: UsageTable = try reader.readOptionalString().map(UsageTable.named) ?? .dynamic
            let defaultValue = try reader.readOptionalString()
            let comment = try reader.readOptionalString()
            let template = try reader.readBool() ? KeyTemplate(segments: try Self.segments(&reader)) : nil
            let location = try Self.location(&reader, path: path)
            let tableLocation = try reader.readBool() ? try Self.location(&reader, path: path) : nil
            let accessor = try reader.readOptionalString()
            let bundle: BundleReference? =
                switch try reader.readInt() {
                case 0: nil
                case 1: .provided(by: try reader.readString())
                case 2: .holding(try reader.readString())
                default: throw BinaryDecodingError(offset: reader.offset)
                }
            usages.append(
                LocalizationUsage(
                    function: function, key: key, table: table, defaultValue: defaultValue,
                    comment: comment, template: template, location: location,
                    tableLocation: tableLocation, accessor: accessor, bundle: bundle,
                    previewHelper: try reader.readOptionalString()))
        }
        for _ in 0..<(try reader.readCount()) {
            let kind = try reader.readInt()
            guard Self.problemKinds.indices.contains(kind) else { throw BinaryDecodingError(offset: reader.offset) }
            syntaxProblems.append(
                SourceSyntaxProblem(kind: Self.problemKinds[kind], location: try Self.location(&reader, path: path)))
        }
        for _ in 0..<(try reader.readCount()) {
            guard let action = SuppressionDirective.Action(rawValue: try reader.readString()),
                let scope = SuppressionDirective.Scope(rawValue: try reader.readString())
            else { throw BinaryDecodingError(offset: reader.offset) }
            var rules: [SuppressionDirective.RuleName] = []
            for _ in 0..<(try reader.readCount()) {
                rules.append(
                    SuppressionDirective.RuleName(
                        id: try reader.readString(), location: try Self.location(&reader, path: path)))
            }
            let location = try Self.location(&reader, path: path)
            let endLine = try reader.readInt()
            // A range of lines, as the scanner makes it: a forged one must not trap later.
            guard endLine >= location.line, endLine <= Self.maximumLine else {
                throw BinaryDecodingError(offset: reader.offset)
            }
            suppressions.append(
                SuppressionDirective(
                    action: action, scope: scope, rules: rules, location: location,
                    endLine: endLine, malformation: try reader.readOptionalString()))
        }
        let distinctCount = try reader.readCount(ofSize: 8)
        var distinct: [UInt64] = []
        distinct.reserveCapacity(distinctCount)
        for _ in 0..<distinctCount { distinct.append(try reader.readFixedUInt64()) }
        let literalCount = try reader.readCount()
        literalHashes.reserveCapacity(literalCount)
        for _ in 0..<literalCount {
            let number = try reader.readInt()
            guard distinct.indices.contains(number) else { throw BinaryDecodingError(offset: reader.offset) }
            literalHashes.append(distinct[number])
        }
        for _ in 0..<(try reader.readCount()) {
            accessorReferences.append(
                AccessorReference(
                    components: try Self.strings(&reader),
                    location: try Self.location(&reader, path: path), isImplicit: try reader.readBool()))
        }
        for _ in 0..<(try reader.readCount()) {
            accessorDefinitions.append(
                AccessorDefinition(
                    path: try reader.readString(), key: try reader.readString(),
                    table: try reader.readString(), value: try reader.readOptionalString()))
        }
        for _ in 0..<(try reader.readCount()) {
            tableFileReads.append(
                TableFileRead(table: try reader.readOptionalString(), location: try Self.location(&reader, path: path)))
        }
        for _ in 0..<(try reader.readCount()) {
            keyPrefixes.append(
                KeyPrefixLiteral(prefix: try reader.readString(), location: try Self.location(&reader, path: path)))
        }
        // The traits at its head are what a deferred scan is taken on: never other than its own.
        guard reader.isAtEnd, traits == recordTraits.rawValue else { throw BinaryDecodingError(offset: reader.offset) }
        recordHash.value = StableHash.checksum(bytes)
    }

    /// The head of a record, which a deferred scan reads too: the traits (returned) and the
    /// declarations bundle calls in other modules are bound by.
    private static func readHead(_ reader: inout RecordReader, into scan: inout ScannedSource)
        throws(BinaryDecodingError)
        -> Int
    {
        let traits = try reader.readInt()
        scan.declaredClasses = try strings(&reader)
        scan.bundleProviders = try strings(&reader)
        return traits
    }

    /// A scan of `path` with only what `record`'s head states (`readHead`), and its traits.
    static func head(of record: ArraySlice<UInt8>, path: String) -> (scan: ScannedSource, traits: RecordTraits)? {
        var reader = RecordReader(record)
        var scan = ScannedSource(path: path)
        guard let traits = try? readHead(&reader, into: &scan) else { return nil }
        return (scan, RecordTraits(rawValue: traits))
    }

    private static let problemKinds: [LexicalProblem.Kind] = [
        .unterminatedString, .unterminatedBlockComment, .unterminatedRegex, .unterminatedConditional,
    ]

    /// A kind's number in `problemKinds`; a switch, so that a new kind does not compile
    /// until it has one.
    private static func code(of kind: LexicalProblem.Kind) -> Int {
        switch kind {
        case .unterminatedString: 0
        case .unterminatedBlockComment: 1
        case .unterminatedRegex: 2
        case .unterminatedConditional: 3
        }
    }

    /// Lines and columns beyond any file Linza reads (256 MiB, 2^28 bytes): a record with
    /// others is forged.
    private static let maximumLine = 1 << 29

    private func write(_ location: Location, to writer: inout RecordWriter) {
        writer.writeOptional(location.file == path ? nil : location.file)
        if writer.locations != nil {
            writer.locations?.append(location)
            return
        }
        var place = location
        if let moves = writer.moves {
            if let moved = moves[location] { place = moved } else { writer.lacksMove = true }
        }
        writer.write(place.line)
        writer.write(place.column)
    }

    private static func location(_ reader: inout RecordReader, path: String) throws(BinaryDecodingError) -> Location {
        let file = try reader.readOptionalString() ?? path
        let line = try reader.readInt()
        let column = try reader.readInt()
        guard (1...maximumLine).contains(line), (1...maximumLine).contains(column) else {
            throw BinaryDecodingError(offset: reader.offset)
        }
        return Location(file: file, line: line, column: column)
    }

    /// A template's segments: the text around its holes, so at least one.
    private static func segments(_ reader: inout RecordReader) throws(BinaryDecodingError) -> [String] {
        let segments = try strings(&reader)
        guard !segments.isEmpty else { throw BinaryDecodingError(offset: reader.offset) }
        return segments
    }

    private func write(_ strings: [String], to writer: inout RecordWriter) {
        writer.write(strings.count)
        for string in strings { writer.write(string) }
    }

    private static func strings(_ reader: inout RecordReader) throws(BinaryDecodingError) -> [String] {
        var strings: [String] = []
        for _ in 0..<(try reader.readCount()) { strings.append(try reader.readString()) }
        return strings
    }
}

/// `BinaryWriter` for one record, each string written once and then by its number
/// (`NumberedStringWriter`).
private struct RecordWriter {
    private var writer = BinaryWriter()
    private var strings = NumberedStringWriter()
    /// When not nil, locations' lines and columns are kept here instead of written (`shape`).
    var locations: [Location]?
    /// When not nil, each location is written where this moves it (`contentHash(movingPlacesBy:)`),
    /// and `lacksMove` says whether one had no place to go.
    var moves: [Location: Location]?
    var lacksMove = false

    var bytes: [UInt8] { writer.bytes }

    mutating func write(_ value: Int) { writer.write(value) }
    mutating func write(_ value: Bool) { writer.write(value) }

    /// The distinct hashes, eight bytes each (as LEB128 a hash would take ten), then each
    /// literal's hash by its number.
    mutating func writeLiterals(_ hashes: [UInt64]) {
        var numbers: [UInt64: Int] = [:]
        var distinct: [UInt64] = []
        let literalNumbers = hashes.map { hash in
            if let number = numbers[hash] { return number }
            numbers[hash] = distinct.count
            distinct.append(hash)
            return distinct.count - 1
        }
        writer.write(distinct.count)
        for hash in distinct { writer.write(fixed: hash) }
        writer.write(literalNumbers.count)
        for number in literalNumbers { writer.write(number) }
    }

    mutating func write(_ text: String) {
        strings.write(text, to: &writer)
    }

    mutating func writeOptional(_ text: String?) {
        writer.write(text != nil)
        if let text { write(text) }
    }
}

/// Reads what `RecordWriter` wrote (strings through `NumberedStringReader`).
private struct RecordReader {
    private var reader: BinaryReader
    private var strings = NumberedStringReader()

    init(_ bytes: ArraySlice<UInt8>) {
        reader = BinaryReader(bytes)
    }

    var offset: Int { reader.offset }
    var isAtEnd: Bool { reader.isAtEnd }

    mutating func readInt() throws(BinaryDecodingError) -> Int { try reader.readInt() }
    mutating func readBool() throws(BinaryDecodingError) -> Bool { try reader.readBool() }
    mutating func readCount() throws(BinaryDecodingError) -> Int { try reader.readCount() }

    /// A count of items of `size` bytes each: never more than what is left.
    mutating func readCount(ofSize size: Int) throws(BinaryDecodingError) -> Int {
        let start = reader.offset
        let count = try reader.readCount()
        guard count <= (reader.endIndex - reader.offset) / size else { throw BinaryDecodingError(offset: start) }
        return count
    }

    /// Eight bytes, least significant first (`BinaryWriter.write(fixed:)`).
    mutating func readFixedUInt64() throws(BinaryDecodingError) -> UInt64 { try reader.readFixedUInt64() }

    mutating func readString() throws(BinaryDecodingError) -> String {
        try strings.read(from: &reader)
    }

    mutating func readOptionalString() throws(BinaryDecodingError) -> String? {
        try readBool() ? try readString() : nil
    }
}
