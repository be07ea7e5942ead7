/// A set of 64-bit hash values (FNV-1a hashes of strings, already well mixed), in one
/// open-addressed table.
///
/// `unused_key` asks whether a key is written as a literal anywhere in code: an app has tens
/// of thousands of literals, each inserted on every run. In a `Set<UInt64>` each insert
/// hashes the value again through `Hasher` (SipHash), and sorting them for a binary search
/// cost more still; here a value is placed by one multiplication.
package struct HashValueSet: Sendable {
    /// Slots holding values, `0` marking an empty one (a zero value is kept in `hasZero`).
    private var slots: [UInt64]
    private var hasZero = false
    /// The slot count's power of two (`slots.count == 1 << bits`).
    private let bits: Int

    /// A set of `values`. (An array, not any sequence: a generic sequence from another
    /// module is not specialised here, and iterating it cost more than the set saves.)
    package init(_ values: [UInt64]) {
        // At most half full, so that probes stay short.
        var bits = 4
        while 1 << bits < values.count * 2 { bits += 1 }
        self.bits = bits
        slots = Array(repeating: 0, count: 1 << bits)
        for value in values { insert(value) }
    }

    /// Whether `value` is in the set.
    package func contains(_ value: UInt64) -> Bool {
        if value == 0 { return hasZero }
        var slot = home(of: value)
        while slots[slot] != 0 {
            if slots[slot] == value { return true }
            slot = (slot + 1) & (slots.count - 1)
        }
        return false
    }

    private mutating func insert(_ value: UInt64) {
        if value == 0 {
            hasZero = true
            return
        }
        var slot = home(of: value)
        while slots[slot] != 0 {
            if slots[slot] == value { return }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = value
    }

    /// The first slot to try: the top bits of the value times the golden ratio (Fibonacci
    /// hashing), which spreads values whose low bits agree.
    private func home(of value: UInt64) -> Int {
        Int(truncatingIfNeeded: (value &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }
}
