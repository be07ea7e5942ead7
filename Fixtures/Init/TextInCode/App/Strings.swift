import SwiftUI

enum Strings {
    static let cart_title = String(localized: "cart.title", defaultValue: "Your cart", comment: "Pizza app")
    static let cart_empty = String(localized: "cart.empty", defaultValue: "Your cart is empty", comment: "Pizza app")
    static let cart_checkout = String(localized: "cart.checkout", defaultValue: "Check out", comment: "Pizza app")
    static let cart_remove = String(localized: "cart.remove", defaultValue: "Remove", comment: "Pizza app")
    static let cart_total = String(localized: "cart.total", defaultValue: "Total", comment: "Pizza app")
    static let menu_title = String(localized: "menu.title", defaultValue: "Menu", comment: "Pizza app")
    static let menu_search = String(localized: "menu.search", defaultValue: "Search pizzas", comment: "Pizza app")
    static let menu_filters = String(localized: "menu.filters", defaultValue: "Filters", comment: "Pizza app")
    static let menu_vegan = String(localized: "menu.vegan", defaultValue: "Vegan", comment: "Pizza app")
    static let menu_spicy = String(localized: "menu.spicy", defaultValue: "Spicy", comment: "Pizza app")
    static let order_track = String(localized: "order.track", defaultValue: "Track your order", comment: "Pizza app")
    static let order_cancel = String(localized: "order.cancel", defaultValue: "Cancel order", comment: "Pizza app")
}
