import Foundation

let appName = "Pizza"
