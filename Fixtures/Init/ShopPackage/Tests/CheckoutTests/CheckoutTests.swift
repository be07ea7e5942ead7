import XCTest
@testable import Checkout

final class CheckoutTests: XCTestCase {
    func testTitle() {
        XCTAssertFalse(String(localized: "test.only.key").isEmpty)
    }
}
