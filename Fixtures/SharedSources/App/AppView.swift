import UIKit

final class AppView: UIView {
    let title = NSLocalizedString("app.title", value: "Orders", comment: "Title of the orders screen")
}
