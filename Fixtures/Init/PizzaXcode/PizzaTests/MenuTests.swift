import XCTest

final class MenuTests: XCTestCase {
    func testMissingKeyFallsBackToTheKey() {
        XCTAssertEqual(NSLocalizedString("test.no.such.key", comment: ""), "test.no.such.key")
    }
}
