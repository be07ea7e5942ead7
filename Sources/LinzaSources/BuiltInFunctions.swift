/// The call forms Linza knows without configuration, grouped under the ids that
/// `disabled_functions:` names. SwiftUI's implicit keys are opt-in (`swiftui: true`).
package enum BuiltInFunctions {
    /// A named group of built-in forms.
    package struct Group: Sendable {
        package var id: String
        package var functions: [LocalizationFunction]
    }

    package static let groups: [Group] = [
        Group(
            id: "NSLocalizedString",
            functions: [
                LocalizationFunction(
                    name: "NSLocalizedString", key: .position(0), table: .label("tableName"),
                    value: .label("value"), comment: .label("comment"), bundle: .label("bundle"),
                    languages: [.swift]),
                LocalizationFunction(
                    name: "NSLocalizedString", key: .position(0), comment: .position(1), languages: [.objc]),
                LocalizationFunction(
                    name: "NSLocalizedStringFromTable", key: .position(0), table: .position(1),
                    comment: .position(2), languages: [.objc]),
                LocalizationFunction(
                    name: "NSLocalizedStringFromTableInBundle", key: .position(0), table: .position(1),
                    comment: .position(3), bundle: .position(2), languages: [.objc]),
                LocalizationFunction(
                    name: "NSLocalizedStringWithDefaultValue", key: .position(0), table: .position(1),
                    value: .position(3), comment: .position(4), bundle: .position(2), languages: [.objc]),
            ]),
        Group(
            id: "String(localized:)",
            functions: [
                LocalizationFunction(
                    name: "String", displayName: "String(localized:)", key: .label("localized"),
                    table: .label("table"), value: .label("defaultValue"), comment: .label("comment"),
                    bundle: .label("bundle"), interpolationFormsKey: true, languages: [.swift]),
                // The same initializer for attributed text (Foundation gives both the same labels).
                LocalizationFunction(
                    name: "AttributedString", displayName: "AttributedString(localized:)", key: .label("localized"),
                    table: .label("table"), value: .label("defaultValue"), comment: .label("comment"),
                    bundle: .label("bundle"), interpolationFormsKey: true, languages: [.swift]),
            ]),
        Group(
            id: "LocalizedStringResource",
            functions: [
                LocalizationFunction(
                    name: "LocalizedStringResource", key: .position(0), table: .label("table"),
                    value: .label("defaultValue"), comment: .label("comment"), bundle: .label("bundle"),
                    interpolationFormsKey: true, languages: [.swift])
            ]),
        Group(
            id: "localizedString(forKey:)",
            functions: [
                LocalizationFunction(
                    name: "localizedString", displayName: "localizedString(forKey:)", key: .label("forKey"),
                    table: .label("table"), value: .label("value"), bundle: .receiver, languages: [.swift]),
                LocalizationFunction(
                    name: "localizedStringForKey", displayName: "localizedStringForKey:value:table:",
                    form: .message, key: .label("localizedStringForKey"), table: .label("table"),
                    value: .label("value"), languages: [.objc]),
            ]),
    ]

    /// SwiftUI views and modifiers whose first unlabeled string-literal argument is a
    /// `LocalizedStringKey` title.
    static let swiftUITitled = [
        "Button", "Label", "Toggle", "TextField", "SecureField", "Picker", "Menu", "Section", "Link", "NavigationLink",
        "Stepper", "DatePicker", "ColorPicker", "ProgressView", "LabeledContent", "GroupBox", "ContentUnavailableView",
        "Tab", "navigationTitle", "accessibilityLabel", "accessibilityHint", "accessibilityValue", "help", "alert",
        "confirmationDialog",
    ]

    /// SwiftUI views and modifiers whose string-literal argument is a `LocalizedStringKey`.
    package static let swiftUI: [LocalizationFunction] =
        [
            LocalizationFunction(
                name: "Text", key: .position(0), table: .label("tableName"), comment: .label("comment"),
                bundle: .label("bundle"), literalKeyOnly: true, interpolationFormsKey: true, languages: [.swift]),
            LocalizationFunction(
                name: "searchable", key: .label("prompt"), literalKeyOnly: true,
                interpolationFormsKey: true, languages: [.swift]),
        ]
        + swiftUITitled.map {
            LocalizationFunction(
                name: $0, key: .position(0), literalKeyOnly: true, interpolationFormsKey: true,
                languages: [.swift])
        } + [
            LocalizationFunction(
                name: "LocalizedStringKey", key: .position(0), interpolationFormsKey: true,
                languages: [.swift])
        ]

    package static var ids: [String] { groups.map(\.id) }

    /// The display names of the forms Xcode's string extraction reads: every built-in form
    /// but `Bundle`'s `localizedString(forKey:)`, which neither Xcode nor genstrings extracts.
    /// A String Catalog entry of a key read only through other forms (wrappers, generated
    /// accessors) is one Xcode would mark stale if it were left to its extraction.
    package static let extractedByXcode: Set<String> = Set(
        (groups.filter { $0.id != "localizedString(forKey:)" }.flatMap(\.functions) + swiftUI).map(\.displayName))

    /// The built-in forms left after switching off `disabled` groups, plus SwiftUI's when
    /// enabled.
    package static func functions(disabled: Set<String> = [], swiftUI enabled: Bool = false) -> [LocalizationFunction] {
        groups.filter { !disabled.contains($0.id) }.flatMap(\.functions) + (enabled ? swiftUI : [])
    }
}
