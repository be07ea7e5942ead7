/// SplitMix64: a tiny, fast generator whose sequence depends only on the seed, so the
/// same seed gives the same corpus on every machine and Swift version (the standard
/// library's generator is seeded per process and may change).
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` (the modulo bias is irrelevant for test data).
    mutating func int(_ range: Range<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        int(range.lowerBound..<(range.upperBound + 1))
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        int(0..<100) < percent
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(0..<elements.count)]
    }

    /// A generator for a sub-part (a module, a language) that does not shift when other
    /// parts change size.
    func derived(_ salt: Int) -> SeededRandom {
        var copy = SeededRandom(seed: state ^ (UInt64(truncatingIfNeeded: salt) &* 0xD6E8_FEB8_6659_FD93))
        _ = copy.next()
        return copy
    }
}
