import SwiftUI

struct SettingsView: View {
    var body: some View {
        Text(NSLocalizedString("settings.title", comment: "Settings screen title"))
    }
}
