import SwiftUI

struct ProfileView: View {
    let name: String

    var body: some View {
        VStack(alignment: .leading) {
            Text(LocalString.profile_title)
            Text(String(format: LocalString.profile_greeting_format, name))
            Button(LocalString.profile_button_edit) {}
            Button(LocalString.profile_button_sign_out) {}
            Button(LocalString.common_button_cancel) {}
            Button(LocalString.common_button_done) {}
        }
    }
}
