import UIKit

final class PizzaCell: UITableViewCell {
    func configure(with pizza: Pizza) {
        textLabel?.text = pizza.name
        // Пицца дня — the price label shows the total with the currency.
        let total = "Итого"; detailTextLabel?.text = "\(NSLocalizedString("menu.total", comment: "")): \(pizza.price)"
        accessibilityHint = """
            NSLocalizedString("menu.accessibility.fake", comment: "") is text, not a call
            """
        _ = total
    }
}
