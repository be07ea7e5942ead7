import Foundation
import XCTest

@testable import LinzaTables

/// `ExchangeUnitOrder` against Foundation's `compare(_:options: .numeric)`, which orders the
/// 1,121 keys of the real Xcode 26.2 export (cleveland-lewis/Itori) exactly as that export lists
/// them; pairs Foundation calls equal (digit runs of one value, `01` and `1`) are left out, as
/// Linza orders them by code unit to stay total, and so are letters with a canonical
/// decomposition, which Linza does not decompose.
final class ExchangeUnitOrderFoundationTests: XCTestCase {
    private func foundation(_ left: String, _ right: String) -> Int {
        (left as NSString).compare(right, options: .numeric).rawValue
    }

    func testAgreesWithFoundationOnRandomKeys() {
        var generator = SystemRandomNumberGenerator()
        // No letter with a canonical decomposition (é): Foundation compares those decomposed
        // (e + U+0301), Linza by their code unit (`ExchangeUnitOrder`).
        let alphabet = Array("aAbZz019 .-_%@()·—•").map(String.init) + ["10", "2", "007", "🔧"]
        var compared = 0
        for _ in 0..<20_000 {
            let left = (0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement()! }.joined()
            let right = (0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement()! }.joined()
            let expected = foundation(left, right)
            guard expected != 0 || left == right else { continue }
            XCTAssertEqual(
                ExchangeUnitOrder.compare(left, right), expected,
                "\(left.debugDescription) vs \(right.debugDescription)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 15_000)
    }
}
