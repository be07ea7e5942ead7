import UIKit

final class MenuViewController: UITableViewController {
    private let pizzas: [Pizza]

    init(pizzas: [Pizza]) {
        self.pizzas = pizzas
        super.init(style: .insetGrouped)
        title = NSLocalizedString("menu.title", comment: "Menu screen title")
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: NSLocalizedString("menu.add_to_cart",
                                     comment: "Adds the selected pizza to the cart"),
            style: .done, target: self, action: #selector(addToCart))
        // Old copy, kept for reference: NSLocalizedString("menu.order_now", comment: "")
        /* NSLocalizedString("menu.legacy.banner", comment: "") */
    }

    @objc private func addToCart() {}

    func sizeTitle(for size: PizzaSize) -> String {
        // linza:disable:next dynamic_keys
        NSLocalizedString("pizza.size.\(size.rawValue)", comment: "Pizza size name")
    }
}
