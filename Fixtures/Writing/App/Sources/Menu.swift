import Foundation

struct MenuScreen {
    let title = NSLocalizedString("menu.title", comment: "Menu screen title")
    let order = NSLocalizedString("menu.order", value: "Order now", comment: "Order button")
    let cancel = NSLocalizedString("menu.cancel", comment: "Cancel button")
    let about = NSLocalizedString("about \"us\"", comment: "")
    let done = NSLocalizedString("alert.done", tableName: "Alerts", value: "Done", comment: "")
    let retry = NSLocalizedString("alert.retry", tableName: "Alerts", comment: "")
    let buttons = [NSLocalizedString("alert.cancel", tableName: "Alerts", comment: ""),
                   NSLocalizedString("alert.ok", tableName: "Alerts", comment: "")]

    func items(_ count: Int) -> String {
        String.localizedStringWithFormat(NSLocalizedString("items.count", comment: "Items in the cart"), count)
    }

    func promo(_ season: String) -> String {
        NSLocalizedString("promo.\(season)", comment: "")
    }
}
