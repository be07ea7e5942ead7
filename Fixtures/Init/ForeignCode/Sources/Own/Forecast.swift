import Foundation

let forecast = NSLocalizedString("forecast.title", bundle: .module, comment: "")
