/// Where an argument sits in a call: by 0-based position (labels ignored) or by its label.
public enum ArgumentReference: Hashable, Sendable, CustomStringConvertible {
    case position(Int)
    case label(String)

    public var description: String {
        switch self {
        case .position(let index): return "argument \(index)"
        case .label(let label): return "'\(label):'"
        }
    }
}

/// A call form that reads a localized string: which function, where its key and table are.
///
/// The built-in forms and the `functions:` of `.linza.yml` are both values of this type,
/// so recognition has one code path for all of them.
public struct LocalizationFunction: Hashable, Sendable {
    /// The callee as written: a function name (`BPFLocalizedString`) or a member path
    /// (`L10n.tr`), which also matches longer paths ending in it (`Foo.L10n.tr`).
    public var name: String
    /// How usages and diagnostics name this form, e.g. `String(localized:)`.
    public var displayName: String
    public var key: ArgumentReference
    public var table: ArgumentReference?
    /// The table when the call names none; nil means the configuration's `default_table`.
    public var defaultTable: String?

    public init(
        name: String,
        displayName: String? = nil,
        key: ArgumentReference,
        table: ArgumentReference? = nil,
        defaultTable: String? = nil
    ) {
        self.name = name
        self.displayName = displayName ?? name
        self.key = key
        self.table = table
        self.defaultTable = defaultTable
    }

    /// `NSLocalizedString("k", tableName: "T", bundle: …, value: "…", comment: "…")`.
    public static let nsLocalizedString = LocalizationFunction(
        name: "NSLocalizedString", key: .position(0), table: .label("tableName"))

    /// `String(localized: "k", table: "T", …)`, also spelled `String.init(localized:…)`.
    public static let stringLocalized = LocalizationFunction(
        name: "String", displayName: "String(localized:)", key: .label("localized"), table: .label("table"))

    /// The forms Linza recognises without configuration.
    public static let builtIn: [LocalizationFunction] = [nsLocalizedString, stringLocalized]
}

/// The key a call passes: a literal Linza can check, or an expression it cannot.
public enum UsageKey: Hashable, Sendable {
    case literal(String)
    /// Interpolation, concatenation or a variable. `prefix` is the literal text the key
    /// starts with, when it starts with a literal (`"onboarding.step.\(n)"`).
    case dynamic(prefix: String?)

    /// The literal key, or nil for a dynamic one.
    public var literal: String? {
        if case .literal(let key) = self { return key }
        return nil
    }
}

/// The table a call reads from.
public enum UsageTable: Hashable, Sendable {
    case named(String)
    /// The table argument is an expression Linza cannot evaluate.
    case dynamic

    /// The table name, or nil when dynamic.
    public var name: String? {
        if case .named(let name) = self { return name }
        return nil
    }
}

/// One localization call site found in source code.
public struct LocalizationUsage: Hashable, Sendable {
    /// The call form's display name, e.g. `NSLocalizedString`.
    public var function: String
    public var key: UsageKey
    public var table: UsageTable
    /// Where the key argument starts (the opening quote of a literal key).
    public var location: Location
    /// Where the table argument starts, when the call passes one.
    public var tableLocation: Location?

    public init(function: String, key: UsageKey, table: UsageTable, location: Location,
                tableLocation: Location? = nil) {
        self.function = function
        self.key = key
        self.table = table
        self.location = location
        self.tableLocation = tableLocation
    }
}
