import SwiftUI

struct CheckoutView: View {
    /// The screen's name in analytics: the title's key, passed around before it reaches a call.
    static let titleKey = "checkout.title"
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

    /// A key formed from an interpolated literal, outside any call: `cart.count %lld`.
    static func countTitle(_ count: Int) -> LocalizedStringKey {
        "cart.count \(count)"
    }

    /// Other call forms read the same keys.
    func legacyTitle() -> String {
        Bundle.main.localizedString(forKey: "checkout.title", value: nil, table: nil)
    }

    static var payResource: LocalizedStringResource {
        LocalizedStringResource("checkout.pay", comment: "Pay button")
    }
}
