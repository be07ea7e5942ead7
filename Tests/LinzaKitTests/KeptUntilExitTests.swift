import Testing
@testable import LinzaBase

/// `KeptValues`: nothing kept until enabled (a library caller frees as usual), then every
/// value kept alive.
@Suite struct KeptUntilExitTests {
    final class Held {}

    @Test func valuesAreKeptOnlyOnceEnabled() {
        let kept = KeptValues()
        weak var before: Held?
        do {
            let value = Held()
            before = value
            kept.keep(value)
        }
        #expect(before == nil)
        kept.enable()
        weak var after: Held?
        do {
            let value = Held()
            after = value
            kept.keep([value])
        }
        #expect(after != nil)
    }
}
