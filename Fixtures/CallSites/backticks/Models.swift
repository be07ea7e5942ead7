enum Category: String {
    case `default`, `class`
    var title: String {
        switch self {
        case .`default`: return NSLocalizedString("category.default", comment: "")
        case .`class`: return NSLocalizedString("category.class", comment: `class`.rawValue)
        }
    }
}
