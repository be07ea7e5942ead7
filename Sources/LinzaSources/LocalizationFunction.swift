import LinzaBase

/// Where an argument sits in a call: by 0-based position (labels ignored) or by its label.
package enum ArgumentReference: Hashable, Sendable, CustomStringConvertible {
    case position(Int)
    case label(String)
    /// What the member is used on. For a key, the string literal: `"key".localized` or
    /// `"key".localized(comment: "…")` (a Swift `String` extension). For a bundle, the
    /// expression before the method's name: `X.bundle` in `X.bundle.localizedString(forKey:…)`.
    case receiver

    package var description: String {
        switch self {
        case .position(let index): return "argument \(index)"
        case .label(let label): return "'\(label):'"
        case .receiver: return "the string it is used on"
        }
    }
}

/// The source languages Linza scans.
package enum SourceLanguage: String, CaseIterable, Hashable, Sendable {
    case swift
    case objc

    /// File extensions of each language (made once: discovery asks for every file).
    package var fileExtensions: Set<String> {
        switch self {
        case .swift: return Self.swiftExtensions
        case .objc: return Self.objectiveCExtensions
        }
    }

    private static let swiftExtensions: Set<String> = ["swift"]
    private static let objectiveCExtensions: Set<String> = ["m", "mm", "h"]
}

/// A call form that reads a localized string: which function, where its key, table and
/// default value are.
///
/// The built-in forms and the `functions:` of `.linza.yml` are both values of this type,
/// so recognition has one code path for all of them.
package struct LocalizationFunction: Hashable, Sendable {
    /// How the form is written.
    package enum Form: Hashable, Sendable {
        /// `name(arguments)`, in Swift or C.
        case call
        /// An Objective-C message `[receiver name:key part:argument …]`; labels name the parts.
        case message
    }

    /// The callee as written: a function name (`BPFLocalizedString`) or a member path
    /// (`L10n.tr`), which also matches longer paths ending in it (`Foo.L10n.tr`). For a
    /// message, the first selector part.
    package var name: String
    /// How usages and diagnostics name this form, e.g. `String(localized:)`.
    package var displayName: String
    package var form: Form
    package var key: ArgumentReference
    package var table: ArgumentReference?
    /// The argument carrying the development-language text, if the form has one.
    package var value: ArgumentReference?
    /// The argument carrying the note for translators (`comment:`), if the form has one.
    package var comment: ArgumentReference?
    /// The argument naming the bundle whose tables the call reads (`bundle:`), if the form has one.
    package var bundle: ArgumentReference?
    /// The table when the call names none; nil means the configuration's `default_table`.
    package var defaultTable: String?
    /// SwiftUI views localize only a string literal passed without a label: any other
    /// argument is shown verbatim, so the call is no localization at all.
    package var literalKeyOnly: Bool
    /// The key is a `String.LocalizationValue` or `LocalizedStringKey`: an interpolated
    /// literal is looked up under a key with format specifiers where the interpolations
    /// stand (Xcode's extraction), not under a string built at run time.
    package var interpolationFormsKey: Bool
    /// Whether the texts the form reads may be `printf` formats (`String(format:)`), as
    /// every built-in form's may: false for a wrapper that fills placeholders of its own
    /// (`text.replacingOccurrences(of: "%0", with: …)`), whose `%0 cores` is no `%c`
    /// (`formats: false`, which `format_mismatch` heeds for keys read only through it).
    package var formatsText: Bool
    package var languages: Set<SourceLanguage>

    package init(
        name: String,
        displayName: String? = nil,
        form: Form = .call,
        key: ArgumentReference,
        table: ArgumentReference? = nil,
        value: ArgumentReference? = nil,
        comment: ArgumentReference? = nil,
        bundle: ArgumentReference? = nil,
        defaultTable: String? = nil,
        literalKeyOnly: Bool = false,
        interpolationFormsKey: Bool = false,
        formatsText: Bool = true,
        languages: Set<SourceLanguage> = Set(SourceLanguage.allCases)
    ) {
        self.name = name
        self.displayName = displayName ?? name
        self.form = form
        self.key = key
        self.table = table
        self.value = value
        self.comment = comment
        self.bundle = bundle
        self.defaultTable = defaultTable
        self.literalKeyOnly = literalKeyOnly
        self.interpolationFormsKey = interpolationFormsKey
        self.formatsText = formatsText
        self.languages = languages
    }

    /// A method of `String` whose receiver is its development text (`"Check for Updates…"
    /// .localized(key: "HIK-3r-i7E.title")`, `value: receiver`): called on a string, so
    /// not a free function, though its name has no type.
    package var isStringMethod: Bool { key != .receiver && value == .receiver }

    /// `functions` with a display name of their own for each form that shares its name
    /// with another (`var localized` and `func localized(key:)` are both `localized`): the
    /// form with a labelled key is shown as Swift names it, `localized(key:)`, and one with
    /// its key first as `localized(_:)`, so that usages and messages tell them apart.
    package static func distinguishingSharedNames(_ functions: [LocalizationFunction]) -> [LocalizationFunction] {
        var counts: [String: Int] = [:]
        for function in functions { counts[function.displayName, default: 0] += 1 }
        return functions.map { function in
            guard counts[function.displayName, default: 0] > 1, function.displayName == function.name else {
                return function
            }
            var named = function
            switch function.key {
            case .label(let label): named.displayName = "\(function.name)(\(label):)"
            case .position(0): named.displayName = "\(function.name)(_:)"
            case .position, .receiver: break
            }
            return named
        }
    }

    /// The forms genstrings' `-s name` also recognises: `nameFromTable(key, table, …)`,
    /// `nameFromTableInBundle(key, table, bundle, …)` and
    /// `nameWithDefaultValue(key, table, bundle, value, …)`.
    package func family() -> [LocalizationFunction] {
        [
            LocalizationFunction(
                name: name + "FromTable", key: .position(0), table: .position(1),
                comment: .position(2), formatsText: formatsText, languages: languages),
            LocalizationFunction(
                name: name + "FromTableInBundle", key: .position(0), table: .position(1),
                comment: .position(3), bundle: .position(2), formatsText: formatsText, languages: languages),
            LocalizationFunction(
                name: name + "WithDefaultValue", key: .position(0), table: .position(1),
                value: .position(3), comment: .position(4), bundle: .position(2), formatsText: formatsText,
                languages: languages),
        ]
    }
}

/// The key a call passes: a literal Linza can check, or an expression it cannot.
package enum UsageKey: Hashable, Sendable {
    case literal(String)
    /// Interpolation, concatenation or a variable. `prefix` is the literal text the key
    /// starts with, when it starts with a literal (`"onboarding.step.\(n)"`).
    case dynamic(prefix: String?)

    /// The literal key, or nil for a dynamic one.
    package var literal: String? {
        if case .literal(let key) = self { return key }
        return nil
    }

    /// A dynamic key's literal start, or nil.
    package var prefix: String? {
        if case .dynamic(let prefix) = self { return prefix }
        return nil
    }
}

/// The table a call reads from.
package enum UsageTable: Hashable, Sendable {
    case named(String)
    /// The table argument is an expression Linza cannot evaluate.
    case dynamic

    /// The table name, or nil when dynamic.
    package var name: String? {
        if case .named(let name) = self { return name }
        return nil
    }
}

/// One localization call site found in source code.
///
/// A project holds one of these for every call it scans (a million in a big monolith, and the
/// writers hold them all while they plan), so what most calls lack (a key template, a table
/// argument's place, an accessor, another module's bundle, a preview helper) is kept in one
/// shared box, allocated only for a call that has any of it: a call is about half the size.
package struct LocalizationUsage: Hashable, Sendable {
    /// The call form's display name, e.g. `NSLocalizedString`.
    package var function: String
    package var key: UsageKey
    package var table: UsageTable
    /// The development-language text the call carries (`value:`, `defaultValue:`), when it
    /// is a literal.
    package var defaultValue: String?
    /// The note for translators the call carries (`comment:`), when it is a literal.
    package var comment: String?
    /// Where the key argument starts (the opening quote of a literal key).
    package var location: Location
    /// The fields most calls lack; nil when the call has none of them.
    private var rare: Rare?

    /// For an interpolated key that forms a format key (`String(localized: "\(n) posts")`),
    /// the literal text around the interpolations.
    package var template: KeyTemplate? {
        get { rare?.fields.template }
        set { updateRare { $0.template = newValue } }
    }
    /// Where the table argument starts, when the call passes one.
    package var tableLocation: Location? {
        get { rare?.fields.tableLocation }
        set { updateRare { $0.tableLocation = newValue } }
    }
    /// The generated accessor the key is read through (`L10n.Settings.title`), when the
    /// code names an accessor instead of the key: there is no key literal at `location`.
    package var accessor: String? {
        get { rare?.fields.accessor }
        set { updateRare { $0.accessor = newValue } }
    }
    /// The other module's bundle the call reads from (`MastodonLocalization.bundle`), when it
    /// names one; nil for its own module's (`.main`, `.module`, no `bundle:`).
    package var bundle: BundleReference? {
        get { rare?.fields.bundle }
        set { updateRare { $0.bundle = newValue } }
    }
    /// The internal type the call is in when its file names that type only in preview code
    /// (`struct PreviewWrapper: View`, shown by a `#Preview`): the call is preview code
    /// unless another file names the type too, which only binding can tell.
    package var previewHelper: String? {
        get { rare?.fields.previewHelper }
        set { updateRare { $0.previewHelper = newValue } }
    }

    package init(
        function: String, key: UsageKey, table: UsageTable, defaultValue: String? = nil, comment: String? = nil,
        template: KeyTemplate? = nil, location: Location, tableLocation: Location? = nil, accessor: String? = nil,
        bundle: BundleReference? = nil, previewHelper: String? = nil
    ) {
        self.function = function
        self.key = key
        self.table = table
        self.defaultValue = defaultValue
        self.comment = comment
        self.location = location
        rare = Rare.boxed(
            Rare.Fields(
                template: template, tableLocation: tableLocation, accessor: accessor, bundle: bundle,
                previewHelper: previewHelper))
    }

    /// Sets a rare field in a new box: a box is shared between copies and never changed.
    private mutating func updateRare(_ change: (inout Rare.Fields) -> Void) {
        var fields = rare?.fields ?? Rare.Fields()
        change(&fields)
        rare = Rare.boxed(fields)
    }

    /// The box of the rare fields; compared and hashed by its fields.
    private final class Rare: Hashable, Sendable {
        struct Fields: Hashable, Sendable {
            var template: KeyTemplate?
            var tableLocation: Location?
            var accessor: String?
            var bundle: BundleReference?
            var previewHelper: String?

            var isEmpty: Bool {
                template == nil && tableLocation == nil && accessor == nil && bundle == nil && previewHelper == nil
            }
        }

        let fields: Fields

        private init(_ fields: Fields) { self.fields = fields }

        /// A box of `fields`, or nil when they are all nil.
        static func boxed(_ fields: Fields) -> Rare? { fields.isEmpty ? nil : Rare(fields) }

        static func == (lhs: Rare, rhs: Rare) -> Bool { lhs === rhs || lhs.fields == rhs.fields }
        func hash(into hasher: inout Hasher) { hasher.combine(fields) }
    }
}
