import SwiftUI

struct NotesView: View {
    let count: Int
    let folder: String

    var body: some View {
        VStack {
            Text(NSLocalizedString("notes.title", comment: "Title of the notes list"))
            Text(String(format: NSLocalizedString("notes.count %lld", comment: ""), count))
            Text(String(format: NSLocalizedString("notes.in-folder %lld %@", comment: ""), count, folder))
            Text(String(format: NSLocalizedString("notes.shared %lld", comment: ""), count))
            Button(NSLocalizedString("Delete", comment: "")) {}
            Text(String(format: NSLocalizedString("Deleting folder \"%@\"…", comment: ""), folder))
            Text(NSLocalizedString("alert.discard.title", tableName: "Alerts", comment: ""))
            Text(NSLocalizedString("alert.discard.message", tableName: "Alerts", comment: ""))
        }
    }
}
