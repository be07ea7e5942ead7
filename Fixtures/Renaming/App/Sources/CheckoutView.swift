import SwiftUI

struct CheckoutView: View {
    let count: Int
    let season: String

    var body: some View {
        VStack {
            Text("checkout.title")
            Button(String(localized: "checkout.pay")) {}
            Text(#"checkout.raw"#)
            Text(NSLocalizedString("""
                checkout.multiline
                """, comment: "A key written as a multi-line literal"))
            Text("checkout.done")
            Text("checkout.finished")
            Text(String.localizedStringWithFormat(NSLocalizedString("cart.items", comment: "Items in the cart"), count))
            Text(NSLocalizedString("promo.\(season)", comment: "The season's promotion"))
        }
    }
}
