import Foundation

/// The widget's text: English here, exported to the translators from code.
enum WidgetStrings {
    static let title = NSLocalizedString("widget.title", bundle: .module, value: "Your order", comment: "Widget title")
    static let preparing = NSLocalizedString("widget.preparing", bundle: .module, value: "Preparing", comment: "Order state")
    static let onTheWay = NSLocalizedString("widget.on-the-way", bundle: .module, value: "On the way", comment: "Order state")
    static let delivered = NSLocalizedString("widget.delivered", bundle: .module, value: "Delivered", comment: "Order state")
}
