import SwiftUI

struct ChatView: View {
    var body: some View {
        VStack {
            Text(NSLocalizedString("chat.title", comment: "Chat screen title"))
            Button(NSLocalizedString("chat.send", comment: "Send button")) {}
        }
    }
}
