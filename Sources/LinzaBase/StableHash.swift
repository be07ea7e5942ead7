/// FNV-1a, 64 bits: the same on every run and platform (Swift's `Hasher` is seeded per
/// process), cheap on short byte strings, and wide enough to tell a project's strings apart.
package enum StableHash {
    /// The hash of no bytes: where `adding` starts.
    package static let initial: UInt64 = 0xCBF2_9CE4_8422_2325

    @inlinable package static func fnv1a<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        adding(bytes, to: initial)
    }

    /// `hash` (of some bytes) continued with `bytes`: hashing in pieces gives the hash of the whole.
    /// Bytes in one buffer (an array, a native string's UTF-8) are hashed on the buffer: a
    /// call the compiler does not specialise otherwise walks them through the `Sequence`
    /// protocol, about 400 instructions a byte (hashing DuckDuckGo's 57 KB `.linza.yml` for
    /// the cache's key was 24 M instructions).
    @inlinable package static func adding<Bytes: Sequence>(_ bytes: Bytes, to hash: UInt64) -> UInt64
    where Bytes.Element == UInt8 {
        if let hashed = bytes.withContiguousStorageIfAvailable({ adding(buffer: $0, to: hash) }) { return hashed }
        var hash = hash
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// `adding` on a buffer.
    @usableFromInline static func adding(buffer: UnsafeBufferPointer<UInt8>, to hash: UInt64) -> UInt64 {
        var hash = hash
        for byte in buffer {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// `adding` of the eight bytes of `value`, least significant first.
    @inlinable package static func adding(littleEndian value: UInt64, to hash: UInt64) -> UInt64 {
        var hash = hash
        for shift in stride(from: 0, to: 64, by: 8) {
            hash = (hash ^ ((value >> UInt64(shift)) & 0xFF)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// A checksum of `bytes` that tells a damaged or truncated file from a whole one,
    /// taking eight bytes a step (little-endian, so the same on every platform) where
    /// FNV-1a takes one: over the scan cache's megabytes, read and written on every run
    /// that changed it, FNV-1a cost five instructions a byte. Not FNV-1a, and no
    /// protection against a forged file (its records are checked as they are read).
    package static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash = initial ^ UInt64(raw.count)
            let words = raw.count / 8
            if let base = raw.baseAddress {
                for index in 0..<words {
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self))
                    hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
                    hash ^= hash &>> 29
                }
            }
            for offset in (words * 8)..<raw.count {
                hash = (hash ^ UInt64(raw[offset])) &* 0x0000_0100_0000_01B3
            }
            return hash
        }
    }

    @inlinable package static func fnv1a(_ text: String) -> UInt64 {
        fnv1a(text.utf8)
    }

    /// `fnv1a` of contiguous bytes, a loop over them: the generic version, called from
    /// another module with a slice, ran unspecialised, a protocol call per byte (1.5 s of a
    /// cached run for the 42 MB cache file of a million calls).
    @inlinable package static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = initial
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    @inlinable package static func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBufferPointer { fnv1a($0) }
    }

    @inlinable package static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { fnv1a($0) }
    }
}
