import LinzaBase

/// The file formats that hold translations.
public enum TableFormat: String, Sendable, Hashable, CaseIterable {
    case strings
    case stringsdict
    case xcstrings
}

/// A table file found on disk.
public struct TableFile: Hashable, Sendable {
    public var path: String
    /// Normalised language code (`pt-BR`) or `Base`; nil for a String Catalog, which holds
    /// every language.
    public var language: String?
    /// The table name: the file name without extension (`Localizable`).
    public var name: String
    public var format: TableFormat
    /// `ru.lproj/Localizable.strings`, `Localizable.xcstrings`: how messages name the file.
    public var displayName: String

    public init(path: String, language: String?, name: String, format: TableFormat, displayName: String) {
        self.path = path
        self.language = language
        self.name = name
        self.format = format
        self.displayName = displayName
    }
}

/// One translated text of an entry and what it is.
public struct EntryText: Hashable, Sendable {
    public enum Role: Hashable, Sendable {
        /// The entry's value (`.strings`, a catalog string unit, a stringsdict format key).
        case value
        /// A plural form: the rule's name (nil for a catalog string's own plural) and category.
        case plural(rule: String?, category: String)
        /// A catalog device variation (`iphone`, `mac`…).
        case device(String)

        /// Written out and inlinable: rules in another module compare roles for every
        /// translated text, and a synthesised `==` would be an opaque call copying both.
        @inlinable public static func == (lhs: Role, rhs: Role) -> Bool {
            switch (lhs, rhs) {
            case (.value, .value): true
            case let (.plural(leftRule, leftCategory), .plural(rightRule, rightCategory)):
                leftRule == rightRule && leftCategory == rightCategory
            case let (.device(left), .device(right)): left == right
            default: false
            }
        }
    }

    public var text: String
    public var role: Role
    public var location: Location
}

/// A plural rule of an entry: a `.stringsdict` variable or a catalog plural variation.
public struct PluralRule: Hashable, Sendable {
    /// The variable (`items` in `%#@items@`); nil for a catalog string's own plural.
    public var name: String?
    /// Category (`one`, `few`…) to where it is defined.
    public var categories: [String: Location]
    public var location: Location
}

/// A translation as found in a table file, for one language.
public struct TableEntry: Hashable, Sendable {
    public var key: String
    public var location: Location
    /// Every text of the entry: the value and each plural or device variant.
    public var texts: [EntryText]
    public var pluralRules: [PluralRule]
    /// The String Catalog state of this language's text (`translated`, `needs_review`…).
    public var state: String?
    /// The String Catalog's `extractionState` of the key: nil when Xcode extracted it from
    /// code automatically, or `manual`, `stale`, `extracted_with_value`, `migrated`.
    public var extractionState: String?
    /// False when the file gives the key a value the run time cannot use (a `.strings`
    /// value that is a dictionary or array).
    public var isUsable: Bool
    /// The format of the file the entry comes from.
    public var format: TableFormat
    /// False for a String Catalog key marked `shouldTranslate: false`: every language shows
    /// the source text, so there is nothing to translate (`linza status` leaves it out).
    public var isTranslatable = true

    public init(key: String, location: Location, texts: [EntryText] = [], pluralRules: [PluralRule] = [],
                state: String? = nil, isUsable: Bool = true, format: TableFormat = .strings) {
        self.key = key
        self.location = location
        self.texts = texts
        self.pluralRules = pluralRules
        self.state = state
        self.isUsable = isUsable
        self.format = format
    }

    /// Whether the entry comes from a String Catalog.
    public var isFromCatalog: Bool { format == .xcstrings }

    /// The entry's plain value, if it has one.
    public var value: String? {
        texts.first { $0.role == .value }?.text
    }
}

/// A syntax problem in a table file, with what it costs the app at run time.
public struct TableProblem: Hashable, Sendable {
    public var message: String
    public var location: Location
    public var effect: StringsProblem.Effect
}

/// One table file (one language of it, for a catalog) after loading: its entries in file
/// order, duplicates included.
public struct LoadedTableFile: Hashable, Sendable {
    /// The file, with `language` set (for a catalog, to the language this part holds).
    public var file: TableFile
    public var entries: [TableEntry]
    public var problems: [TableProblem]
    /// Set when the file could not be read at all.
    public var failure: InputFailure?
    /// The position after the last line, where a new entry would be added.
    public var endLocation: Location
    /// Keys defined more than once in the file (for a catalog, in its `strings` object),
    /// each with its earlier definitions.
    public var duplicates: [Duplicate] = []

    /// A key defined again, and where it was defined first.
    public struct Duplicate: Hashable, Sendable {
        public var key: String
        public var location: Location
        public var firstLocation: Location
    }

    /// The file's language (set for every loaded file).
    public var language: String { file.language ?? "" }

    /// True when a problem costs more than single entries: the app loses the whole
    /// table or its tail, so per-key findings against it would only repeat that news.
    public var isBroken: Bool {
        failure != nil || problems.contains { $0.effect != .losesEntry }
    }
}
