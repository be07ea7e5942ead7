import Foundation

struct OrderStrings {
    let title = NSLocalizedString("orders.title", comment: "Orders screen title")
    func count(_ n: Int) -> String {
        String.localizedStringWithFormat(NSLocalizedString("orders.count", comment: "Number of orders"), n)
    }
    let reorder = String(localized: "orders.reorder", table: "Catalog")
    let track = String(localized: "orders.track", table: "Catalog")
}
