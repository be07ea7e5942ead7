import Foundation

enum NoteFormatter {
    static func emptyTitle() -> String {
        NSLocalizedString("note.untitled", comment: "A note without a title")
    }
}
