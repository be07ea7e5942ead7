import LinzaBase
import Testing

@Suite struct HashValueSetTests {
    /// Answers as `Set<UInt64>` does: zero, repeats, values that share their top bits (one
    /// home slot, a chain of probes), the table's wrap-around, and values never inserted.
    @Test func answersAsASetDoes() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 7, 8, 9, 100, 5_000] {
            var values = (0..<count).map { _ in UInt64.random(in: .min ... .max, using: &generator) }
            values += values.prefix(count / 3)  // repeats
            values += (0..<UInt64(count % 50)).map { $0 }  // small numbers, zero among them
            values += (0..<UInt64(count % 40)).map { UInt64.max - $0 }  // near the top
            let set = HashValueSet(values)
            let reference = Set(values)
            for value in values { #expect(set.contains(value)) }
            for _ in 0..<2_000 {
                let probe = UInt64.random(in: .min ... .max, using: &generator)
                #expect(set.contains(probe) == reference.contains(probe))
            }
            for probe in [0, 1, 2, UInt64.max, UInt64.max - 1, 1 << 63] {
                #expect(set.contains(probe) == reference.contains(probe), "\(probe) in \(count)")
            }
        }
    }
}
