import SwiftUI

struct MenuView: View {
    var body: some View {
        VStack {
            Text(NSLocalizedString("menu.title", bundle: .module, comment: "Title of the menu screen"))
            Text(NSLocalizedString("menu.search", bundle: .module, comment: "Search field placeholder"))
        }
    }
}
