import SwiftUI

struct ReaderView: View {
    let unread: Int

    var body: some View {
        NavigationStack {
            VStack {
                Text("Reader View")
                Text("reader.font.size")
                Text("\(unread) unread")
                Button("Done") {}
                ShareLink(item: URL(string: "https://example.com")!) {
                    Label("Share", systemImage: "square.and.arrow.up")
                }
            }
            .navigationTitle(Text(#"Reader View"#))
            .toolbar {
                Button(String(localized: "Open in Safari", comment: "Toolbar button")) {}
            }
        }
    }
}
