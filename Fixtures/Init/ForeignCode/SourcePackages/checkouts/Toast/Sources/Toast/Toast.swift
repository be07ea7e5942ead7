import Foundation

let shown = NSLocalizedString("toast.shown", bundle: .module, comment: "")
