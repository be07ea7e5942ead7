import LinzaBase

/// What checking a whole module found (`LanguagePasses.check`), so that a later run whose
/// inputs are those it was made from (the rules, the code as scanned, every table file's
/// signature: `LanguagePasses`) answers without loading a table or running a rule. A warm
/// run after an edit in one module checks that module and replays the others.
package struct ModuleCheckRecord: Equatable, Sendable {
    /// The findings, in the order the check returned them.
    var diagnostics: [Diagnostic]
    var requiredLanguages: [String]
    /// The record's inputs but the code: its table files and rules (`LanguagePasses.moduleHash`
    /// with no code), so that a later run can tell an edit that changed only code.
    var inputsBesideCode: UInt64 = 0
    /// Each source's `ScannedSource.contentHash`, in the module's order: which files an
    /// edit changed since, whose findings may have only moved (`ShiftedFindings`).
    var sourceHashes: [UInt64] = []
}

/// A `ModuleCheckRecord` as bytes and back, for the cache (`ScanCache`); anything but a
/// record's bytes is a decoding error, and the module is checked again. The head (what
/// the record was made from) comes first, so that `StoredModuleRecord` can read it alone.
extension ModuleCheckRecord {
    package func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(fixed: inputsBesideCode)
        writer.write(sourceHashes.count)
        for hash in sourceHashes { writer.write(fixed: hash) }
        writer.write(diagnostics.count)
        // In pieces, each its length and then its findings, so that a record of ten thousand
        // findings is decoded on all cores (`StoredModuleRecord.record`).
        for first in stride(from: 0, to: diagnostics.count, by: Self.findingsPerPiece) {
            var piece = BinaryWriter()
            for diagnostic in diagnostics[first..<min(first + Self.findingsPerPiece, diagnostics.count)] {
                LanguagePassRecord.write(diagnostic, to: &piece)
            }
            writer.write(bytes: piece.bytes)
        }
        writer.write(requiredLanguages.count)
        for language in requiredLanguages { writer.write(language) }
        return writer.bytes
    }

    package init(decoding bytes: ArraySlice<UInt8>) throws(BinaryDecodingError) {
        self = try StoredModuleRecord(decoding: bytes).record()
    }

    /// Findings in one piece of the record: enough that decoding a piece costs far more than
    /// handing it to a core (a monolith's 10,532 findings were 99 M instructions on one core).
    static let findingsPerPiece = 1024
}

/// A module's record as the store holds it, read as far as asked: what it was made from at
/// once, its findings when `record()` decodes them (ten thousand findings are most of a
/// warm run that only needs to know the record no longer answers).
package struct StoredModuleRecord: Sendable {
    package let inputsBesideCode: UInt64
    package let sourceHashes: [UInt64]
    private let bytes: ArraySlice<UInt8>
    /// Where the findings start in `bytes`.
    private let rest: Int

    package init(decoding bytes: ArraySlice<UInt8>) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes)
        inputsBesideCode = try reader.readFixedUInt64()
        let count = try reader.readCount()
        var hashes: [UInt64] = []
        hashes.reserveCapacity(count)
        for _ in 0..<count { hashes.append(try reader.readFixedUInt64()) }
        sourceHashes = hashes
        self.bytes = bytes
        rest = reader.offset
    }

    /// The whole record.
    package func record() throws(BinaryDecodingError) -> ModuleCheckRecord {
        var reader = BinaryReader(bytes[rest...])
        let count = try reader.readCount()
        var pieces: [(bytes: ArraySlice<UInt8>, first: Int, count: Int)] = []
        for first in stride(from: 0, to: count, by: ModuleCheckRecord.findingsPerPiece) {
            let piece = (
                bytes: try reader.readBytes(), first: first,
                count: min(ModuleCheckRecord.findingsPerPiece, count - first)
            )
            // A count no piece can hold is refused before an array of that many findings is made.
            guard piece.bytes.count >= piece.count * LanguagePassRecord.smallestFinding else {
                throw BinaryDecodingError(offset: reader.offset)
            }
            pieces.append(piece)
        }
        let diagnostics = try Self.findings(in: pieces, count: count)
        var languages: [String] = []
        for _ in 0..<(try reader.readCount()) { languages.append(try reader.readString()) }
        guard reader.isAtEnd else { throw BinaryDecodingError(offset: reader.offset) }
        return ModuleCheckRecord(
            diagnostics: diagnostics, requiredLanguages: languages, inputsBesideCode: inputsBesideCode,
            sourceHashes: sourceHashes)
    }

    /// Every piece's findings, decoded on all cores straight into their places in one array
    /// (joining arrays made apart would retain every string of ten thousand findings again).
    private static func findings(
        in pieces: [(bytes: ArraySlice<UInt8>, first: Int, count: Int)], count: Int
    ) throws(BinaryDecodingError) -> [Diagnostic] {
        guard count > 0 else { return [] }
        var failure: BinaryDecodingError?
        let diagnostics = [Diagnostic](unsafeUninitializedCapacity: count) { buffer, initialized in
            let start = UncheckedSendable(buffer.baseAddress!)
            let made = pieces.concurrentMap { piece in
                findings(piece.bytes, count: piece.count, into: start.value + piece.first)
            }
            failure = made.lazy.compactMap(\.failure).first
            if failure == nil {
                initialized = count
            } else {
                for (piece, made) in zip(pieces, made) { (start.value + piece.first).deinitialize(count: made.count) }
            }
        }
        if let failure { throw failure }
        return diagnostics
    }

    /// Decodes one piece's `count` findings into `target`: how many it made, and why it
    /// stopped short, if it did. Each piece repeats its strings afresh (`encoded`), so that
    /// pieces are read apart.
    private static func findings(
        _ bytes: ArraySlice<UInt8>, count: Int, into target: UnsafeMutablePointer<Diagnostic>
    ) -> (count: Int, failure: BinaryDecodingError?) {
        var reader = BinaryReader(bytes)
        var repeated = LanguagePassRecord.RepeatedStrings()
        for index in 0..<count {
            do {
                (target + index).initialize(to: try LanguagePassRecord.diagnostic(&reader, repeating: &repeated))
            } catch {
                return (index, error)
            }
        }
        return (count, reader.isAtEnd ? nil : BinaryDecodingError(offset: reader.offset))
    }
}
