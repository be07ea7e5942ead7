import UIKit

final class HomeViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = NSLocalizedString("home.title", comment: "")
        // Belongs to the Checkout package's table: not available to the app target.
        navigationItem.rightBarButtonItem?.title = NSLocalizedString("checkout.pay", comment: "")
    }
}
