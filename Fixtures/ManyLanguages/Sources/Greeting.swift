import Foundation

/// The home screen's greeting.
struct Greeting {
    var title: String { NSLocalizedString("greeting.title", comment: "Shown on the home screen") }
    var subtitle: String { NSLocalizedString("greeting.subtitle", comment: "Below the title") }
    var farewell: String { NSLocalizedString("greeting.farewell", comment: "When signing out") }
}
