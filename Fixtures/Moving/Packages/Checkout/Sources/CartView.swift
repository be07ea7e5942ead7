import SwiftUI

/// Moved here from the app: its keys are still in the app's tables.
struct CartView: View {
    let count: Int

    var body: some View {
        VStack {
            Text("cart.title")
            Text("cart.empty")
            Text(String.localizedStringWithFormat(NSLocalizedString("cart.items", comment: "Items in the cart"), count))
            Button(NSLocalizedString("alert.ok", tableName: "Alerts", comment: "")) {}
            Text("checkout.pay")
        }
    }
}
