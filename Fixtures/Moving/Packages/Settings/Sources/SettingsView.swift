import SwiftUI

struct SettingsView: View {
    var body: some View {
        Form {
            Text("settings.title")
            // Moved here from the profile screen.
            Button("profile.logout") {}
        }
    }
}
