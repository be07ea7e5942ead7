import LinzaBase

/// Accessors generated from the tables (`L10n.Settings.title` by SwiftGen,
/// `R.string.localizable.settingsTitle()` by R.swift, a home-made `Strings.Common_Cancel`):
/// code reads a key through an identifier path instead of a call with the key. One
/// `accessors:` entry of `.linza.yml`.
package struct AccessorSet: Hashable, Sendable {
    /// How an identifier path is tied to its key.
    package enum Naming: String, CaseIterable, Hashable, Sendable {
        /// Read from the generated file: each accessor's declaration path names the key its
        /// body passes to a recognised call (`static let title = L10n.tr("Localizable", "settings.title")`).
        case declarations
        /// SwiftGen's structured strings template: the key split at `.`, enum names and a
        /// lower-camel-case last member (`settings.title` -> `Settings.title`).
        case swiftGen = "swiftgen"
        /// SwiftGen's flat strings template: the whole key as one lower-camel-case member
        /// (`settings.title` -> `settingsTitle`).
        case swiftGenFlat = "swiftgen-flat"
        /// R.swift: the table's identifier, then the key's (`R.string.localizable.settingsTitle`).
        case rSwift = "rswift"
        /// The key itself is the member (`Strings.Common_Cancel`).
        case key
        /// The member spells the key's letters and digits, case and everything else aside: a
        /// home-made generator's rule (`LocalString.common_button_share` for
        /// `common.button.share`, `strings.Conversation_LinkCopied`, `roomTitle` for
        /// `room_title`). Two keys with the same letters name no accessor.
        case letters
        /// A rule the configuration spells out (`AccessorSet.transform`): case, characters
        /// replaced, prefix and suffix, plural endings.
        case transform

        /// The namings `naming:` may name by a word (`transform` is written as a mapping).
        package static let words: [Naming] = allCases.filter { $0 != .transform }
    }

    /// The identifier path every accessor starts with (`L10n`, `R.string`, `Strings`).
    package var root: String
    package var naming: Naming
    /// The generated file (absolute): its own calls define the accessors and are not uses.
    package var file: String?
    /// The table the accessors read; nil means the configuration's default table. R.swift
    /// names the table in the path, so there it only narrows the tables considered.
    package var table: String?
    /// The rule of `naming: transform`.
    package var transform: KeyTransform?
    /// Every member of the root reads a key (the generator makes the whole type, and no
    /// source declares it): a member that names no key is reported by `missing_key` at the
    /// use, under the key that would make it. Off, such a member is taken for ordinary code.
    package var onlyKeys = false

    package init(root: String, naming: Naming, file: String? = nil, table: String? = nil) {
        self.root = root
        self.naming = naming
        self.file = file
        self.table = table
    }

    /// An accessor whose members the configuration's `transform` makes of the keys.
    package init(root: String, transform: KeyTransform, file: String? = nil, table: String? = nil) {
        self.init(root: root, naming: .transform, file: file, table: table)
        self.transform = transform
    }

    /// How `naming:` is written in `.linza.yml`: a word, or the transform's mapping.
    package var namingText: String {
        naming == .transform ? transform?.description ?? "{}" : naming.rawValue
    }
}

/// An identifier path in code that starts with an accessor root (`L10n.Settings.title`),
/// before it is known whether it names a key.
package struct AccessorReference: Hashable, Sendable {
    /// The path's components, backticks removed, root first; whatever the code calls or
    /// reads after the accessor is included (`R.string.localizable.cancel.uppercased`).
    package var components: [String]
    /// Where the path starts.
    package var location: Location
    /// A member an extension of the root names without the root (`AccessorFinder.implicitReferences`):
    /// a use only when the whole path is an accessor.
    package var isImplicit = false
}

/// What one accessor of a generated file reads: the declaration path of the member whose
/// body makes the call, and the call's key, table and development text.
package struct AccessorDefinition: Hashable, Sendable {
    /// `L10n.Settings.title`: enclosing type names and the member's name.
    package var path: String
    package var key: String
    package var table: String
    /// The text the call passes for a missing key (SwiftGen's `fallback:`): the development
    /// text the app shows, which `sync` writes when a table lacks the key.
    package var value: String?

    package init(path: String, key: String, table: String, value: String? = nil) {
        self.path = path
        self.key = key
        self.table = table
        self.value = value
    }
}
