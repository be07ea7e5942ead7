import Foundation

let title = NSLocalizedString("app.title", bundle: .module, comment: "")
