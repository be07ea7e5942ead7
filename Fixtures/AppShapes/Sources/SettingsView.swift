import SwiftUI

struct SettingsView: View {
    @State private var suggestions = true

    var body: some View {
        // The key is the English text itself; the English table need not repeat it.
        Toggle(NSLocalizedString("Turn on search suggestions?", comment: "Settings switch"), isOn: $suggestions)
    }
}
