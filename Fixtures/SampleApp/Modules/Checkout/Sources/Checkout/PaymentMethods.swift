import Foundation

enum PaymentMethod: CaseIterable {
    case card, applePay, cash

    var title: String {
        switch self {
        case .card: return String(localized: "payment.card", table: "Checkout", bundle: .module)
        case .applePay: return String(localized: "payment.apple_pay", table: "Checkout", bundle: .module)
        case .cash: return String(localized: "payment.cash", table: "Checkout", bundle: .module)
        }
    }
}
