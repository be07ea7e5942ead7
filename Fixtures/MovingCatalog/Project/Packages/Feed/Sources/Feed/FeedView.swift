import SwiftUI

/// Moved here from the app: its keys are still in the app's String Catalog.
public struct FeedView: View {
    let posts: [String]

    public var body: some View {
        List {
            Section(String(localized: "feed.title", bundle: .module, comment: "Title of the feed screen")) {
                Text("feed.posts \(posts.count)", bundle: .module)
                if posts.isEmpty {
                    Text("feed.empty", bundle: .module)
                }
            }
            Button("feed.refresh", bundle: .module) {}
        }
    }
}
