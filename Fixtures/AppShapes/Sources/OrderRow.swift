import SwiftUI

struct OrderRow: View {
    let index: Int
    let courier: String

    var body: some View {
        HStack {
            Text("\(index + 1). ")
            Text("@\(courier)")
        }
    }
}
