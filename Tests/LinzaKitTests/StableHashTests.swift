@testable import LinzaBase
import Testing

/// FNV-1a gives the published values whichever way the bytes come: a buffer (arrays,
/// native strings), any other sequence, in pieces, or a number's bytes.
@Suite struct StableHashTests {
    /// The FNV-1a 64-bit test vectors of its authors.
    static let vectors: [(String, UInt64)] = [
        ("", 0xCBF2_9CE4_8422_2325), ("a", 0xAF63_DC4C_8601_EC8C), ("foobar", 0x8594_4171_F739_67E8),
    ]

    @Test func buffersAndOtherSequencesHashAlike() {
        for (text, expected) in Self.vectors {
            #expect(StableHash.fnv1a(text) == expected, "\(text)")
            #expect(StableHash.fnv1a(Array(text.utf8)) == expected, "\(text)")
            #expect(StableHash.fnv1a(text.utf8.lazy.map { $0 }) == expected, "\(text)")
            let middle = text.utf8.count / 2
            let first = StableHash.adding(Array(text.utf8.prefix(middle)), to: StableHash.initial)
            #expect(StableHash.adding(text.utf8.dropFirst(middle).lazy.map { $0 }, to: first) == expected)
        }
    }

    @Test func aNumberHashesAsItsLittleEndianBytes() {
        for value: UInt64 in [0, 1, 0x0102_0304_0506_0708, .max] {
            let bytes = withUnsafeBytes(of: value.littleEndian, Array.init)
            #expect(StableHash.adding(littleEndian: value, to: 42) == StableHash.adding(bytes.lazy.map { $0 }, to: 42))
        }
    }

    /// The scan cache's checksum: a pinned value (words read little-endian, the same on every
    /// platform), and any one byte changed, or the bytes cut short, changes it.
    @Test func theChecksumIsPinnedAndSeesAChangedOrMissingByte() {
        let bytes = (0..<37).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        #expect(StableHash.checksum(bytes[...]) == 0xBFF0_406A_92EC_5445)
        #expect(StableHash.checksum([][...]) == StableHash.initial)
        for index in bytes.indices {
            for bit in 0..<8 {
                var altered = bytes
                altered[index] ^= 1 << bit
                #expect(StableHash.checksum(altered[...]) != StableHash.checksum(bytes[...]))
            }
        }
        for length in 0..<bytes.count {
            #expect(StableHash.checksum(bytes[..<length]) != StableHash.checksum(bytes[...]))
        }
    }
}
