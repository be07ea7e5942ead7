import SwiftUI

struct ProfileView: View {
    var body: some View {
        Form {
            Text("profile.title")
            Text("profile.name")
            Button("profile.edit") {}
        }
    }
}
