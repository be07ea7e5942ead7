import UIKit

final class CartViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = NSLocalizedString("cart.title", comment: "Title of the cart screen")
        let greeting = NSLocalizedString("greeting", comment: "Shown above the cart")
        let settings = NSLocalizedString("settings.title", comment: "Button that opens the settings")
        let items = String.localizedStringWithFormat(NSLocalizedString("items.count", comment: "Items in the cart"), 3)
        print(greeting, settings, items)
    }
}
