import Foundation

let legend = NSLocalizedString("chart.legend", comment: "")
