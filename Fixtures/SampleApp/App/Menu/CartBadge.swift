import Foundation

enum CartBadge {
    static func text(items: Int) -> String {
        String.localizedStringWithFormat(NSLocalizedString("cart.items", comment: "Number of pizzas in the cart"), items)
    }
}
