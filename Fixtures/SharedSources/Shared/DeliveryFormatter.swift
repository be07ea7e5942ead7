import Foundation

/// Compiled by the app and by its widget: each reads its own bundle's tables.
enum DeliveryFormatter {
    static func eta(_ time: String) -> String {
        String(format: NSLocalizedString("delivery.eta", value: "Arrives at %@", comment: "Delivery estimate"), time)
    }
}
