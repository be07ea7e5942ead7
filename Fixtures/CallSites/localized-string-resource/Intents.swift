struct OrderPizza {
    static let title: LocalizedStringResource = LocalizedStringResource("intent.order.title", defaultValue: "Order Pizza", table: "Intents")
    static let summary = LocalizedStringResource("intent.order.summary")
}
