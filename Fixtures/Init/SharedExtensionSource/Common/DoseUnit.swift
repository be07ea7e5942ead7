import Foundation

// Compiled by the app and by its intent extension, and both name shortUnit: it stays with
// the extension, the first module, whose tables must have its key.
enum DoseUnit {
    case units

    var shortUnit: String {
        NSLocalizedString("U", comment: "Short unit of insulin")
    }
}
