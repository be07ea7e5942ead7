import Foundation

let retry = NSLocalizedString("session.retry", comment: "")
