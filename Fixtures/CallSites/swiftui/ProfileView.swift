import SwiftUI

struct ProfileView: View {
    let name: String
    @State private var notifications = true
    @State private var nickname = ""

    var body: some View {
        Form {
            Text("profile.header")
            Text("profile.footer", tableName: "Profile")
            Text(verbatim: "v1.2.3")
            Text(name)
            Text("Hello, \(name)!")
            Toggle("profile.notifications", isOn: $notifications)
            TextField("profile.nickname", text: $nickname)
            Label("profile.badge", systemImage: "star")
            Button("profile.save") {}
            Picker("profile.theme", selection: .constant(0)) {}
        }
        .navigationTitle("profile.title")
    }

    let key = LocalizedStringKey("profile.key")
}
