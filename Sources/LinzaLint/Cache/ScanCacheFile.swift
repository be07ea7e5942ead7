#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LinzaBase

/// The bytes of a scan cache file: a header (`magic`, `formatVersion`, the cache key), then
/// segments, each its length, its records and the checksum (`StableHash.checksum`) of them,
/// so that a truncated or damaged segment is recognised as such. A later segment's record
/// takes the place of an earlier one under the same key. The file is written whole (one
/// segment) into a temporary file renamed over the old one (`AtomicFile`), or a run that
/// changed a few records appends them as a segment to the file it read (`append`), while
/// the file is still that file and at most half of it is records replaced since.
/// Concurrent runs each leave a whole file or whole segments; a segment torn by a crash or
/// by two runs appending at once ends what is read (every record stands on its own, so
/// any part of a file is as exact as the whole).
enum ScanCacheFile {
    /// A record's place: one file, scanned with one scanner's settings (or one module's
    /// language pass, `ScanCache.passEntryKey`).
    struct EntryKey: Hashable, Sendable {
        let path: String
        let scanner: UInt64
        /// Swift's (seeded) hash of the path and scanner, had once: a key is looked up in the
        /// records read, kept among those used, and looked up again when the cache is saved,
        /// and hashing the path each time was a tenth of a warm run.
        private let hashed: Int

        init(path: String, scanner: UInt64) {
            self.path = path
            self.scanner = scanner
            var hasher = Hasher()
            hasher.combine(path)
            hasher.combine(scanner)
            hashed = hasher.finalize()
        }

        static func == (lhs: EntryKey, rhs: EntryKey) -> Bool {
            lhs.hashed == rhs.hashed && lhs.scanner == rhs.scanner && lhs.path == rhs.path
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hashed)
        }
    }

    /// A record: the file's signature when it was scanned, its content hash when its times
    /// were too recent to trust, and the encoded `ScannedSource` (for a language pass: no
    /// signature, the hash of its inputs, and the encoded `LanguagePassRecord`).
    struct Entry: Sendable {
        // Constants: an entry changed after it was read must not keep `written`.
        let signature: FileSignature
        let contentHash: UInt64?
        /// A slice of the file's bytes as read (a record is not copied out of them).
        let record: ArraySlice<UInt8>
        /// The whole entry as the file held it, key included, for an entry read from one:
        /// written back as it is when kept under the same key (an edited run rewrites the
        /// file, and writing thousands of unchanged entries afresh was most of its cost).
        /// Nil for an entry made or changed this run.
        let written: ArraySlice<UInt8>?

        init(signature: FileSignature, contentHash: UInt64?, record: ArraySlice<UInt8>) {
            self.init(signature: signature, contentHash: contentHash, record: record, written: nil)
        }

        fileprivate init(
            signature: FileSignature, contentHash: UInt64?, record: ArraySlice<UInt8>, written: ArraySlice<UInt8>?
        ) {
            self.signature = signature
            self.contentHash = contentHash
            self.record = record
            self.written = written
        }
    }

    static let magic = Array("LINZA SCAN CACHE".utf8)
    /// Raised whenever the layout of the file or of a record changes.
    static let formatVersion: UInt64 = 12
    /// The size every cache file may have: a 1.4 M-line app's records take about 4 MB.
    static let minimumLimit = 64 << 20

    /// The largest cache file written or read for a project whose sources and tables take
    /// `inputBytes`: 64 MiB, or twice its inputs when that is more. Records grow with the
    /// code (a million calls take about 40 MB), so a fixed limit would leave the largest
    /// projects without a cache; one relative to what the run reads anyway keeps a hostile
    /// file from costing more than the project does.
    static func limit(forInputBytes inputBytes: Int64, minimum: Int = minimumLimit) -> Int {
        Int(max(Int64(minimum), 2 * min(max(inputBytes, 0), 1 << 40)))
    }

    /// The size of the file at `path`, if it is one.
    static func size(of path: String) -> Int64? {
        FileSignature.of(path)?.size
    }

    /// `read(_:key:limit:)` under the limit every project has.
    static func read(_ path: String, key: UInt64) -> [EntryKey: Entry]? {
        read(path, key: key, limit: minimumLimit)
    }

    /// The records of the file at `path` (`load`).
    static func read(_ path: String, key: UInt64, limit: Int) -> [EntryKey: Entry]? {
        load(path, key: key, limit: limit)?.entries
    }

    /// A cache file as read: its records, and what `append` needs to add to it.
    struct Loaded {
        var entries: [EntryKey: Entry]
        /// The file's signature, had before it was read; nil when the bytes read were not
        /// all of that file (it changed while it was read) or a torn segment ended them.
        var appendable: FileSignature?
        /// The bytes of records replaced by a later segment's.
        var replacedBytes: Int
    }

    /// The records of the file at `path`, or nil when it is missing, unreadable, larger
    /// than `limit`, not a cache file of this format, made under another key, or forged (a
    /// segment whose checksum holds but whose records do not read). A segment that is cut
    /// short or fails its checksum ends the records: those before it are read.
    static func load(_ path: String, key: UInt64, limit: Int) -> Loaded? {
        // Sized before it is read: a huge file there is not worth reading, nor a cache.
        guard let signature = FileSignature.of(path), signature.size <= Int64(limit),
            let bytes = try? FileReader.read(path, maximumSize: limit), bytes.count <= limit
        else { return nil }
        var reader = BinaryReader(bytes[...])
        do {
            guard try reader.readRaw(magic.count).elementsEqual(magic), try reader.readUInt64() == formatVersion,
                try reader.readUInt64() == key
            else { return nil }
            var loaded = Loaded(
                entries: [:], appendable: bytes.count == signature.size ? signature : nil, replacedBytes: 0)
            while !reader.isAtEnd {
                guard reader.endIndex - reader.offset >= 16 else {
                    loaded.appendable = nil
                    break
                }
                let length = try reader.readFixedUInt64()
                guard length <= UInt64(reader.endIndex - reader.offset - 8) else {
                    loaded.appendable = nil
                    break
                }
                let body = try reader.readRaw(Int(length))
                guard try reader.readFixedUInt64() == StableHash.checksum(body) else {
                    loaded.appendable = nil
                    break
                }
                try readSegment(body, into: &loaded)
            }
            return loaded
        } catch {
            return nil
        }
    }

    private static func readSegment(_ body: ArraySlice<UInt8>, into loaded: inout Loaded) throws(BinaryDecodingError) {
        var reader = BinaryReader(body)
        let count = try reader.readCount()
        loaded.entries.reserveCapacity(loaded.entries.count + count)
        for _ in 0..<count {
            let start = reader.offset
            let entryKey = EntryKey(path: try reader.readString(), scanner: try reader.readUInt64())
            let signature = try reader.readSignature()
            let contentHash = try reader.readBool() ? try reader.readUInt64() : nil
            let record = try reader.readBytes()
            let replaced = loaded.entries.updateValue(
                Entry(
                    signature: signature, contentHash: contentHash, record: record, written: body[start..<reader.offset]
                ),
                forKey: entryKey)
            loaded.replacedBytes += replaced?.written?.count ?? 0
        }
        guard reader.isAtEnd else { throw BinaryDecodingError(offset: reader.offset) }
    }

    /// Writes `entries`, then as many of `others` as fit under half of `limit`, as a new
    /// file of one segment; false when the file could not be written (or `entries` alone
    /// would not fit under `limit`).
    static func write(
        _ entries: [EntryKey: Entry], keeping others: [EntryKey: Entry], to path: String, key: UInt64, limit: Int
    ) -> Bool {
        var kept: [(EntryKey, Entry)] = Array(entries)
        var size = entries.values.reduce(0) { $0 + $1.record.count + 64 }
        for (entryKey, entry) in others.sorted(by: { $0.key.path < $1.key.path }) {
            size += entry.record.count + 64
            if size > limit / 2 { break }
            kept.append((entryKey, entry))
        }
        var writer = BinaryWriter()
        writer.reserveCapacity(magic.count + 40 + estimatedSize(of: kept))
        writer.append(raw: magic)
        writer.write(formatVersion)
        writer.write(key)
        writeSegment(kept, to: &writer)
        guard writer.bytes.count <= limit else { return false }
        do {
            // The records hold keys, texts and comments from the sources: the folders and the
            // file are the user's alone (the temporary file takes the old file's mode).
            try AtomicFile.createFolder(Path.parent(path), mode: 0o700)
            // Not synced: a file lost or torn by a crash is ignored by its checksum and
            // rebuilt, and the sync cost an edited run 2 ms.
            try AtomicFile.replace(writer.bytes, at: path, synced: false)
            chmod(path, 0o600)
            return true
        } catch {
            return false
        }
    }

    /// Appends `entries` as a segment to the file `loaded` was read from, if the file at
    /// `path` is still that very file (opened without following a link, unchanged since it
    /// was read: `AppendedFile`); false when it is not, when the file would grow too large
    /// or too much of it would be replaced records, or when the write failed (a torn
    /// segment, which ends what later runs read of the file).
    ///
    /// `replacing` is the size of the records `entries` take the place of: at most half the
    /// file may be records replaced (else it is written anew, without them), and it stays
    /// under half of `limit`, as a whole file's kept records do.
    static func append(
        _ entries: [(EntryKey, Entry)], replacing replaced: Int, to path: String, loaded: Loaded, limit: Int
    ) -> Bool {
        guard let signature = loaded.appendable else { return false }
        var writer = BinaryWriter()
        writer.reserveCapacity(estimatedSize(of: entries))
        writeSegment(entries, to: &writer)
        let size = signature.size + Int64(writer.bytes.count)
        guard size <= Int64(limit / 2), Int64(loaded.replacedBytes + replaced) <= size / 2 else { return false }
        return AppendedFile.append(writer.bytes, to: path, ifStill: signature)
    }

    /// Each entry takes its record, its path and at most 66 bytes of numbers and lengths,
    /// and a segment 16 more.
    private static func estimatedSize(of entries: [(EntryKey, Entry)]) -> Int {
        entries.reduce(16) { $0 + $1.1.record.count + $1.0.path.utf8.count + 66 }
    }

    /// A segment of `entries`: its length, the entries, and their checksum.
    private static func writeSegment(_ entries: [(EntryKey, Entry)], to writer: inout BinaryWriter) {
        let lengthOffset = writer.bytes.count
        writer.write(fixed: 0)
        let start = writer.bytes.count
        writer.write(entries.count)
        for (entryKey, entry) in entries {
            if let written = entry.written {
                writer.append(raw: written)
                continue
            }
            writer.write(entryKey.path)
            writer.write(entryKey.scanner)
            writer.write(entry.signature)
            writer.write(entry.contentHash != nil)
            if let hash = entry.contentHash { writer.write(hash) }
            writer.write(bytes: entry.record)
        }
        writer.write(fixed: UInt64(writer.bytes.count - start), at: lengthOffset)
        writer.write(fixed: StableHash.checksum(writer.bytes[start...]))
    }
}
