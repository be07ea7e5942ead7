import Foundation

let welcome = NSLocalizedString("welcome", comment: "First screen")
