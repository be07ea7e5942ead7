#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LinzaBase

/// The bytes of a scan cache file: a header (`magic`, `formatVersion`, the cache key), the
/// records, and the checksum (`StableHash.checksum`) of all that before them, so that a
/// truncated or damaged file is recognised as such and ignored. Written whole into a
/// temporary file and renamed over the old one (`AtomicFile`): concurrent runs each leave a
/// whole file.
enum ScanCacheFile {
    /// A record's place: one file, scanned with one scanner's settings (or one module's
    /// language pass, `ScanCache.passEntryKey`).
    struct EntryKey: Hashable, Sendable {
        var path: String
        var scanner: UInt64
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
    static let formatVersion: UInt64 = 7
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

    /// The records of the file at `path`, or nil when it is missing, unreadable, larger
    /// than `limit`, not a cache file of this format, made under another key, or damaged.
    static func read(_ path: String, key: UInt64, limit: Int) -> [EntryKey: Entry]? {
        // Sized before it is read: a huge file there is not worth reading, nor a cache.
        guard let size = size(of: path), size <= Int64(limit),
            let bytes = try? FileReader.read(path, maximumSize: limit), bytes.count <= limit,
            bytes.count > magic.count + 8
        else { return nil }
        let body = bytes[..<(bytes.count - 8)]
        let checksum = bytes[(bytes.count - 8)...].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard StableHash.checksum(body) == checksum else { return nil }
        var reader = BinaryReader(body)
        do {
            guard try reader.readRaw(magic.count).elementsEqual(magic), try reader.readUInt64() == formatVersion,
                try reader.readUInt64() == key
            else { return nil }
            let count = try reader.readCount()
            var entries: [EntryKey: Entry] = [:]
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let start = reader.offset
                let entryKey = EntryKey(path: try reader.readString(), scanner: try reader.readUInt64())
                let signature = try reader.readSignature()
                let contentHash = try reader.readBool() ? try reader.readUInt64() : nil
                let record = try reader.readBytes()
                entries[entryKey] = Entry(
                    signature: signature, contentHash: contentHash, record: record,
                    written: body[start..<reader.offset])
            }
            return reader.isAtEnd ? entries : nil
        } catch {
            return nil
        }
    }

    /// Writes `entries`, then as many of `others` as fit under half of `limit`; false when
    /// the file could not be written (or `entries` alone would not fit under `limit`).
    static func write(
        _ entries: [EntryKey: Entry], keeping others: [EntryKey: Entry], to path: String, key: UInt64, limit: Int
    ) -> Bool {
        var writer = BinaryWriter()
        var kept: [(EntryKey, Entry)] = Array(entries)
        var size = entries.values.reduce(0) { $0 + $1.record.count + 64 }
        for (entryKey, entry) in others.sorted(by: { $0.key.path < $1.key.path }) {
            size += entry.record.count + 64
            if size > limit / 2 { break }
            kept.append((entryKey, entry))
        }
        // Each entry takes its record, its path and at most 66 bytes of numbers and lengths.
        writer.reserveCapacity(magic.count + 40 + kept.reduce(0) { $0 + $1.1.record.count + $1.0.path.utf8.count + 66 })
        writer.append(raw: magic)
        writer.write(formatVersion)
        writer.write(key)
        writer.write(kept.count)
        for (entryKey, entry) in kept {
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
        guard writer.bytes.count + 8 <= limit else { return false }
        var checksum = StableHash.checksum(writer.bytes[...])
        var trailer: [UInt8] = []
        for _ in 0..<8 {
            trailer.append(UInt8(truncatingIfNeeded: checksum))
            checksum >>= 8
        }
        writer.append(raw: trailer)
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

}
