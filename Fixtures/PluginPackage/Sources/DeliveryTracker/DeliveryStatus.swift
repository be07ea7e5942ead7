import Foundation

/// Where an order is, as the courier app reports it.
public enum DeliveryStatus: Sendable {
    case baking
    case onTheWay(minutes: Int)
    case delivered

    /// The line shown under the order on the tracking screen.
    public var title: String {
        switch self {
        case .baking:
            return NSLocalizedString("delivery.baking", bundle: .module, comment: "The pizza is in the oven")
        case .onTheWay(let minutes):
            let format = NSLocalizedString("delivery.on_the_way", bundle: .module, comment: "Minutes until delivery")
            return String(format: format, minutes)
        case .delivered:
            return NSLocalizedString("delivery.delivered", bundle: .module, comment: "The order has arrived")
        }
    }
}
