import SwiftUI

struct GlucoseView: View {
    var body: some View {
        VStack {
            Text("glucose.title")
            Text("glucose.trend")
            Text("glucose.updated")
            Button(NSLocalizedString("glucose.refresh", comment: "Refresh button")) {}
        }
    }
}
