@testable import LinzaBase
import Testing

/// `ByteSearch.contains` finds a needle wherever it lies, from any anchor byte of it, and
/// never reads past the buffer.
@Suite struct ByteSearchTests {
    func contains(_ text: String, _ needle: String, anchor: Int = 0) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { ByteSearch.contains($0, Array(needle.utf8), anchor: anchor) }
    }

    @Test func findsTheNeedleAnywhereFromAnyAnchor() {
        let needle = "LocalizedStringResource"
        for anchor in [0, 15, needle.utf8.count - 1] {
            #expect(contains(needle, needle, anchor: anchor))
            #expect(contains("var t: LocalizedStringResource = \"x\"", needle, anchor: anchor))
            #expect(contains("x: Resource; y: LocalizedStringResource", needle, anchor: anchor))
            #expect(!contains("LocalizedStringResourc", needle, anchor: anchor))
            #expect(!contains("ocalizedStringResource and LocalizedString Resource", needle, anchor: anchor))
            #expect(!contains("", needle, anchor: anchor))
        }
        #expect(!contains("abc", "abc", anchor: 3))
    }
}
