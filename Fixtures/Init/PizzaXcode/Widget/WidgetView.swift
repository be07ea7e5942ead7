import SwiftUI
import WidgetKit

struct OrderWidgetView: View {
    var body: some View {
        Text(NSLocalizedString("widget.order.status", tableName: "Widget", comment: "Order status"))
    }
}
