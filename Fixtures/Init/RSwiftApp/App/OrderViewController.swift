import UIKit

final class OrderViewController: UIViewController {
    var orderNumber = "42"

    override func viewDidLoad() {
        super.viewDidLoad()
        title = R.string.localizable.orderTitle(orderNumber)
        navigationItem.leftBarButtonItem?.title = R.string.localizable.cancel()
        // The estimate is only in English so far.
        navigationItem.prompt = R.string.localizable.orderEta(25)
        tabBarItem.title = R.string.settings.notificationsTitle(preferredLanguages: ["de"])
    }
}
