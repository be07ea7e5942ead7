import SwiftUI

struct CheckoutView: View {
    let total: String

    var body: some View {
        VStack {
            Text("checkout.title", bundle: .module)
            Text(verbatim: total)
            Button("checkout.pay") {}
            Toggle("checkout.save.card", isOn: .constant(true))
            Text("checkout.total")
        }
        .navigationTitle("checkout.navigation")
    }
}
