/// The signatures of a watched tree's regular files and folders as `linza watch` had them
/// when a run asked (`WatchClient`): the `stat` a run would otherwise make of each, taken
/// by the watcher when inotify said the path changed. A path the watcher does not answer
/// for (outside its tree, a link, a file with other hard links, a hidden folder) is
/// `stat`'ed as before, so a run with the watcher sees what a run without it sees.
///
/// Keyed by the path's `StableHash.fnv1a`: a run looks up thousands of paths, and hashing
/// one costs less than making a string of each of the watcher's. Two paths of the tree
/// with one hash are both left out by the watcher (`encoded`).
package struct WatchedSignatures: Sendable {
    package struct Entry: Sendable, Equatable {
        package var signature: FileSignature
        package var isFolder: Bool

        package init(signature: FileSignature, isFolder: Bool) {
            self.signature = signature
            self.isFolder = isFolder
        }
    }

    /// What a reply starts with, and its version.
    static let magic = Array("LINZA WATCH 1\n".utf8)

    private var entries: [UInt64: Entry]

    package init(entries: [UInt64: Entry]) {
        self.entries = entries
    }

    package var count: Int { entries.count }

    /// Whether the watcher answers for `path` (a file or folder of its tree).
    package func answers(_ path: String) -> Bool {
        entries[StableHash.fnv1a(path)] != nil
    }

    /// The signature the watcher gives a regular file at `path`; nil when it gives none.
    package func answeredSignature(of path: String) -> FileSignature? {
        guard let entry = entries[StableHash.fnv1a(path)], !entry.isFolder else { return nil }
        return entry.signature
    }

    /// `FileSignature.of(path)`, answered by the watcher where it can.
    package func signature(of path: String) -> FileSignature? {
        switch entries[StableHash.fnv1a(path)] {
        case let entry? where !entry.isFolder: entry.signature
        default: FileSignature.of(path)
        }
    }

    /// `FileSignature.ofFolder(path)`, answered by the watcher where it can.
    package func folderSignature(of path: String) -> FileSignature? {
        switch entries[StableHash.fnv1a(path)] {
        case let entry? where entry.isFolder: entry.signature
        default: FileSignature.ofFolder(path)
        }
    }

    /// The reply to a run: every path's hash with its entry; paths whose hashes collide are
    /// left out (the run then `stat`s them).
    package static func encoded(_ signatures: [String: Entry]) -> [UInt8] {
        var reply = EncodedReply()
        for (path, entry) in signatures { reply.set(path, entry) }
        return reply.header + reply.records
    }

    /// What `encoded` wrote; nil for anything else.
    package init?(decoding bytes: ArraySlice<UInt8>) {
        var reader = BinaryReader(bytes)
        do {
            guard try reader.readRaw(Self.magic.count).elementsEqual(Self.magic) else { return nil }
            let stated = try reader.readFixedUInt64()
            // Each entry is 49 bytes: a count larger than the reply can hold is not one.
            guard stated <= UInt64((reader.endIndex - reader.offset) / 49) else { return nil }
            let count = Int(stated)
            var entries: [UInt64: Entry] = [:]
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let hash = try reader.readFixedUInt64()
                let signature = try reader.readSignature()
                entries[hash] = Entry(signature: signature, isFolder: try reader.readBool())
            }
            guard reader.isAtEnd else { return nil }
            self.entries = entries
        } catch {
            return nil
        }
    }
}

/// The watcher's reply kept encoded as its entries change (`WatchedSignatures.encoded`):
/// a record of 49 bytes per path (hash, signature, kind), rewritten in place when a path's
/// signature changes, so that answering a run after an edit copies bytes instead of
/// hashing and encoding every path again (6 ms for 15,000 paths).
package struct EncodedReply {
    private static let recordSize = 49
    private var stored: [UInt8] = []
    private var slotOfPath: [String: Int] = [:]
    private var pathOfSlot: [String] = []
    private var hashCounts: [UInt64: Int] = [:]
    /// Hashes shared by two paths or more: their records are left out of the reply.
    private var sharedHashes = 0
    private let hash: (String) -> UInt64

    /// A reply keyed by `hash` of each path: the runs' `StableHash.fnv1a`, or another in tests.
    package init(hash: @escaping (String) -> UInt64 = { StableHash.fnv1a($0) }) {
        self.hash = hash
    }

    /// What comes before the records: the format and their count.
    package var header: [UInt8] {
        var writer = BinaryWriter()
        writer.append(raw: WatchedSignatures.magic)
        writer.write(fixed: UInt64(records.count / Self.recordSize))
        return writer.bytes
    }

    /// Every path's record, but those whose hash another path shares.
    package var records: [UInt8] {
        guard sharedHashes > 0 else { return stored }
        var kept: [UInt8] = []
        for slot in pathOfSlot.indices where hashCounts[storedHash(at: slot)] == 1 {
            kept += stored[(slot * Self.recordSize)..<((slot + 1) * Self.recordSize)]
        }
        return kept
    }

    package mutating func set(_ path: String, _ entry: WatchedSignatures.Entry) {
        var writer = BinaryWriter()
        let hash = hash(path)
        writer.write(fixed: hash)
        writer.write(entry.signature)
        writer.write(entry.isFolder)
        if let slot = slotOfPath[path] {
            stored.replaceSubrange((slot * Self.recordSize)..<((slot + 1) * Self.recordSize), with: writer.bytes)
            return
        }
        slotOfPath[path] = pathOfSlot.count
        pathOfSlot.append(path)
        stored += writer.bytes
        hashCounts[hash, default: 0] += 1
        if hashCounts[hash] == 2 { sharedHashes += 1 }
    }

    package mutating func remove(_ path: String) {
        guard let slot = slotOfPath.removeValue(forKey: path) else { return }
        let hash = storedHash(at: slot)
        hashCounts[hash]! -= 1
        if hashCounts[hash] == 1 { sharedHashes -= 1 }
        if hashCounts[hash] == 0 { hashCounts[hash] = nil }
        // The last record takes the freed slot.
        let last = pathOfSlot.count - 1
        if slot != last {
            let moved = pathOfSlot[last]
            stored.replaceSubrange(
                (slot * Self.recordSize)..<((slot + 1) * Self.recordSize),
                with: stored[(last * Self.recordSize)..<((last + 1) * Self.recordSize)])
            pathOfSlot[slot] = moved
            slotOfPath[moved] = slot
        }
        pathOfSlot.removeLast()
        stored.removeLast(Self.recordSize)
    }

    private func storedHash(at slot: Int) -> UInt64 {
        var reader = BinaryReader(stored[(slot * Self.recordSize)..<(slot * Self.recordSize + 8)])
        return (try? reader.readFixedUInt64()) ?? 0
    }
}
