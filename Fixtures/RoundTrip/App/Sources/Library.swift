import Foundation
import SwiftUI

struct LibraryStrings {
    let title = NSLocalizedString("library.title", comment: "Title of the library screen")
    let search = NSLocalizedString("library.search", comment: "Search field placeholder")
    let terms = NSLocalizedString("terms & <conditions>", comment: "")
    func books(_ count: Int) -> String {
        String.localizedStringWithFormat(NSLocalizedString("books.count", tableName: "Plurals", comment: ""), count)
    }
    func shelves(_ count: Int, _ books: Int) -> String {
        String.localizedStringWithFormat(
            NSLocalizedString("shelves.summary", tableName: "Plurals", comment: ""), count, books)
    }
    let brand = String(localized: "Linza Reader", table: "Catalog")
    let hint = String(localized: "tap.hint", table: "Catalog")
    func route(_ from: String, _ to: String) -> String {
        String(localized: "route \(from) \(to)", table: "Catalog")
    }
    let borrowed = NSLocalizedString(
        "library.borrowed", value: "Borrowed books", comment: "Section header for books on loan")
}
