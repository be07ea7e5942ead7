#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open-addressing hash index from keys, as bytes, to numbers the caller gives them
/// (entry positions). The keys themselves stay where they are (in their files' text): the
/// index keeps a hash and a number per key, and asks the caller to compare bytes when two
/// hashes agree, so building it makes no string and copies no key.
struct KeyIndex: Sendable {
    /// Per slot: the number given to the key there, or -1.
    private var slots: [Int32]
    /// Per slot: the key's hash, compared before the bytes.
    private var hashes: [UInt32]
    private var mask: Int

    /// An index for up to `capacity` keys (more make it grow).
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        hashes = Array(repeating: 0, count: size)
        mask = size - 1
        count = 0
    }

    /// How many keys the index holds.
    private(set) var count: Int

    /// Adds `key` as `number`, unless an equal key is there: then returns that key's number
    /// and adds nothing. `isKey(n)` tells whether the key numbered `n` equals `key`.
    mutating func insert(_ number: Int32, key: UnsafeBufferPointer<UInt8>, isKey: (Int32) -> Bool) -> Int32? {
        if (count + 1) * 2 > slots.count { grow() }
        let hash = Self.hash(key)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            if hashes[slot] == UInt32(truncatingIfNeeded: hash), isKey(slots[slot]) { return slots[slot] }
            slot = (slot + 1) & mask
        }
        slots[slot] = number
        hashes[slot] = UInt32(truncatingIfNeeded: hash)
        count += 1
        return nil
    }

    /// The number of the key equal to `key`, if the index has one.
    func find(_ key: UnsafeBufferPointer<UInt8>, isKey: (Int32) -> Bool) -> Int32? {
        let hash = Self.hash(key)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            if hashes[slot] == UInt32(truncatingIfNeeded: hash), isKey(slots[slot]) { return slots[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Doubles the slots; the stored hashes place every key again without its bytes. The
    /// low bits of the slot come from the full hash, so the stored 32 bits suffice while
    /// the table has fewer than 2³² slots.
    private mutating func grow() {
        let oldSlots = slots, oldHashes = hashes
        slots = Array(repeating: -1, count: oldSlots.count * 2)
        hashes = Array(repeating: 0, count: oldSlots.count * 2)
        mask = slots.count - 1
        for (number, hash) in zip(oldSlots, oldHashes) where number >= 0 {
            var slot = Int(hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = number
            hashes[slot] = hash
        }
    }

    /// Seeded once per process, like Swift's own hashing, so a hostile table cannot be
    /// built to make every key collide.
    private static let seed = UInt64.random(in: .min ... .max)

    /// A fast hash of `bytes`, eight at a time.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var index = 0
        let count = bytes.count
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                index += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < count {
                tail |= UInt64(base[index]) << shift
                shift += 8
                index += 1
            }
            hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        }
        hash ^= hash >> 29
        return hash
    }

    /// Whether two keys have the same bytes (keys are compared code unit by code unit, as
    /// the run time does; see `ExactString`).
    @inline(__always)
    static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        left.count == right.count && (left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
    }
}
