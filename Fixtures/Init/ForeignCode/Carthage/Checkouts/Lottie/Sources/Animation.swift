import Foundation

let paused = NSLocalizedString("animation.paused", comment: "")
