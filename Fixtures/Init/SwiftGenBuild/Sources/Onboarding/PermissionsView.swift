import SwiftUI

struct PermissionsView: View {
    var body: some View {
        List {
            Section(Strings.Permissions.header) {
                Label(Strings.Permissions.Location.title, systemImage: "location")
                Label(Strings.Permissions.notificationsTitle, systemImage: "bell")
            }
            Text(Strings.Permissions.Location.footer.uppercased())
        }
    }
}
