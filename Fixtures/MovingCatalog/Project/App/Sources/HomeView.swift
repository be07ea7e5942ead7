import SwiftUI

struct HomeView: View {
    var body: some View {
        NavigationStack {
            Text("app.title")
            // The feed itself has moved to the Feed package; its refresh button is here too.
            Button("feed.refresh") {}
        }
    }
}
