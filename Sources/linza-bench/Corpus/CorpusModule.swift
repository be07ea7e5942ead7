/// One feature module of a generated corpus: its name, the keys its code uses and the
/// tables that hold them.
struct CorpusModule {
    /// A localization key and its English text.
    struct Key {
        enum Kind {
            /// In Localizable.strings, maybe with format specifiers.
            case plain
            /// In Plurals.stringsdict, one `%lld` with plural forms.
            case plural
            /// In the module's String Catalog.
            case catalog
        }

        var name: String
        var english: String
        var comment: String
        var kind: Kind
        var uses = 0
    }

    let index: Int
    let name: String
    /// The first component of every key: `checkout` for Checkout.
    let prefix: String
    var keys: [Key] = []
    /// Keys whose names a dynamic call builds (`prefix.step.\(n)`), in Localizable.strings.
    var dynamicKeyNames: [String] = []
    var hasCatalog: Bool
    var catalogName: String { name + "Catalog" }
    private var usedNames: Set<String> = []

    static let featureNames = [
        "Checkout", "Menu", "Profile", "Loyalty", "Orders", "Delivery", "Payments", "Onboarding", "Search",
        "Settings", "Promotions", "Cart", "Addresses", "Support", "Reviews", "Notifications", "Stores", "Rewards",
        "Account", "Tracking",
    ]

    init(index: Int) {
        self.index = index
        let feature = Self.featureNames[index % Self.featureNames.count]
        let round = index / Self.featureNames.count
        name = round == 0 ? feature : feature + String(round + 1)
        prefix = name.prefix(1).lowercased() + name.dropFirst()
        hasCatalog = index % 4 == 0
    }

    /// A new key of `kind` for an element of `screen`; returns its index in `keys`.
    mutating func addKey(_ kind: Key.Kind, screen: String, random: inout SeededRandom) -> Int {
        let elements = [
            "title", "subtitle", "message", "button", "placeholder", "hint", "label", "header", "footer",
            "empty", "error", "confirm", "action", "caption", "badge",
        ]
        var base = "\(prefix).\(screen).\(random.pick(elements))"
        if kind == .plural { base += "_count" }
        var keyName = base
        var suffix = 2
        while !usedNames.insert(keyName).inserted {
            keyName = "\(base)_\(suffix)"
            suffix += 1
        }
        let english: String
        switch kind {
        case .plural:
            english = "%lld " + PhraseMaker.phrase(&random, words: 1).lowercased()
        case .catalog where random.chance(10):
            english = "%lld " + PhraseMaker.phrase(&random, words: 1).lowercased()  // with plural variations
        case .plain, .catalog:
            english =
                random.chance(14)
                ? PhraseMaker.formattedPhrase(&random, specifiers: random.chance(75) ? 1 : 2)
                : PhraseMaker.phrase(&random, words: random.int(1...7))
        }
        let comment =
            "\(screen.prefix(1).uppercased() + screen.dropFirst()) screen: "
            + PhraseMaker.phrase(&random, words: 4).lowercased()
        keys.append(Key(name: keyName, english: english, comment: comment, kind: kind))
        return keys.count - 1
    }

    /// A key for a call site: usually a new one, sometimes one used before (the same text
    /// on two screens).
    mutating func keyForCall(_ kind: Key.Kind, screen: String, random: inout SeededRandom) -> Key {
        let candidates = keys.indices.filter { keys[$0].kind == kind }
        let index =
            !candidates.isEmpty && random.chance(15)
            ? random.pick(Array(candidates.suffix(40)))
            : addKey(kind, screen: screen, random: &random)
        keys[index].uses += 1
        return keys[index]
    }
}
