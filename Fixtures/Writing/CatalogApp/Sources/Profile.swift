import SwiftUI

struct ProfileView: View {
    let posts: Int

    var body: some View {
        VStack {
            Text("profile.title", comment: "Profile screen title")
            Text("profile.edit")
            Text("Followers")
            Text("\(posts) posts", comment: "Number of posts on the profile")
            Button(String(localized: "profile.logout", defaultValue: "Log out", comment: "Log out button")) {}
            Text("profile.avatar2", comment: "Second avatar slot")
        }
    }
}
