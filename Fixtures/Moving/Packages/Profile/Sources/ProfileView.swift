import SwiftUI

struct ProfileView: View {
    var body: some View {
        Text("profile.name")
    }
}
