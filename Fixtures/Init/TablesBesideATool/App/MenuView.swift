import Foundation

let menuTitle = NSLocalizedString("menu.title", comment: "The menu screen title")
