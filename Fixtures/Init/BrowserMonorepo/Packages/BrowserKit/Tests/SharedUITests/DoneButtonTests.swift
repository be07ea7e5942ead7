import XCTest
@testable import SharedUI

final class DoneButtonTests: XCTestCase {
    func testTitle() { XCTAssertEqual(NSLocalizedString("test.only", comment: ""), "test.only") }
}
