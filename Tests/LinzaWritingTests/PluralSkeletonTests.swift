@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaLint
@testable import LinzaRules
@testable import LinzaSources
@testable import LinzaTables
@testable import LinzaWriting
import Testing

/// Which texts count something, and the conversion a skeleton's variable reads.
@Suite struct PluralSkeletonTests {
    @Test(arguments: ["%d items", "You have %lld unread messages", "%1$ld posts", "%u new followers"])
    func countsAreFound(_ text: String) {
        #expect(PluralSkeleton.countSpecifier(in: text) != nil)
    }

    @Test(arguments: ["Version %d", "Page %d of %d", "%@ items", "%.1f km away", "Step %d: pay", "%d%%", "items"])
    func otherTextsAreNotCounts(_ text: String) {
        #expect(PluralSkeleton.countSpecifier(in: text) == nil)
    }

    @Test func theValueTypeDropsPositionFlagsAndWidth() throws {
        let specifier = try #require(PluralSkeleton.countSpecifier(in: "%1$5lld posts"))
        #expect(PluralSkeleton.valueType(of: specifier) == "lld")
        #expect(PluralSkeleton.formatKey(for: specifier) == "%1$#@count@")
    }
}
