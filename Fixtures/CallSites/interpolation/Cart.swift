let summary = "\(NSLocalizedString("cart.items", comment: "")): \(count)"
let nested = "\(items.map { "\(NSLocalizedString("cart.item", comment: "")) \($0.name)" }.joined(separator: ", "))"
let note = """
    \(NSLocalizedString("cart.note", comment: "")) — \(
        NSLocalizedString("cart.note.detail", comment: ""))
    """
