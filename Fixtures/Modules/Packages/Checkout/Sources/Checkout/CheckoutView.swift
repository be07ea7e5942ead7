import SwiftUI

public struct CheckoutView: View {
    public var body: some View {
        Button(String(localized: "checkout.pay", bundle: .module)) {}
            .accessibilityLabel(String(localized: "checkout.pay.hint", bundle: .module))
    }
}
