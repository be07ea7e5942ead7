import SwiftUI

struct CartView: View {
    let count: Int

    var body: some View {
        VStack {
            // zero is empty in English and German alike: the badge shows nothing for none.
            Text(String.localizedStringWithFormat(NSLocalizedString("cart.items", comment: "Cart badge"), count))
            Button("Order now") {}
            Text(String(localized: "checkout.pay", table: "Checkout", comment: "Pay button"))
        }
    }
}
