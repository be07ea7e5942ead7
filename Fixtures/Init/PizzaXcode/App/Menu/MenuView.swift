import UIKit

final class MenuViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "menu.title".localized
        navigationItem.prompt = "menu.special".localized
        let format = PizzaLocalizedString("menu.pizzas.count", comment: "Number of pizzas")
        tableView.accessibilityLabel = String.localizedStringWithFormat(format, 3)
    }
}

final class OrderViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem?.title = PizzaLocalizedString("order.button", comment: "")
        navigationItem.leftBarButtonItem?.title = "order.cancel".localized
        let confirm = NSLocalizedString("order.confirm", comment: "Confirms the order")
        let address = [NSLocalizedString("address.title", comment: ""), NSLocalizedString("address.street", comment: "")]
        print(confirm, address)
    }
}
