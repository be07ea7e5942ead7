import SwiftUI

struct ProfileView: View {
    let minutes: Int

    var body: some View {
        VStack {
            Text(String(localized: "profile.title"))
            Text(L10n.deliveryEta(minutes: minutes))
            Button(BPFLocalizedString("profile.logout")) {}
        }
    }
}
