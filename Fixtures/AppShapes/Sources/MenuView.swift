import SwiftUI

struct MenuView: View {
    let items: [String]

    var body: some View {
        List(items, id: \.self) { Text(verbatim: $0) }
            .navigationTitle(Text("menu.title", comment: "Menu screen title"))
    }
}

#Preview("Empty menu") { MenuView(items: []).navigationTitle("Preview menu") }

struct MenuView_Previews: PreviewProvider {
    static var previews: some View { SizeSwitcher() }
}

/// Shown on Xcode's canvas only: no table needs its text.
private struct SizeSwitcher: View {
    var body: some View { Toggle("Large pizzas", isOn: .constant(true)) }
}
