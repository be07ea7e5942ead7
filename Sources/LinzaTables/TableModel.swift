import LinzaBase

/// The file formats that hold translations.
package enum TableFormat: String, Sendable, Hashable, CaseIterable {
    case strings
    case stringsdict
    case xcstrings
}

/// A table file found on disk.
package struct TableFile: Hashable, Sendable {
    package var path: String
    /// Normalised language code (`pt-BR`) or `Base`; nil for a String Catalog, which holds
    /// every language.
    package var language: String?
    /// The table name: the file name without extension (`Localizable`).
    package var name: String
    package var format: TableFormat
    /// `ru.lproj/Localizable.strings`, `Localizable.xcstrings`: how messages name the file.
    package var displayName: String

    package init(path: String, language: String?, name: String, format: TableFormat, displayName: String) {
        self.path = path
        self.language = language
        self.name = name
        self.format = format
        self.displayName = displayName
    }
}

/// One translated text of an entry and what it is.
package struct EntryText: Hashable, Sendable {
    package enum Role: Hashable, Sendable {
        /// The entry's value (`.strings`, a catalog string unit, a stringsdict format key).
        case value
        /// A plural form: the rule's name (nil for a catalog string's own plural) and category.
        case plural(rule: String?, category: String)
        /// A catalog device variation (`iphone`, `mac`…).
        case device(String)

        /// Written out and inlinable: rules in another module compare roles for every
        /// translated text, and a synthesised `==` would be an opaque call copying both.
        @inlinable package static func == (lhs: Role, rhs: Role) -> Bool {
            switch (lhs, rhs) {
            case (.value, .value): true
            case let (.plural(leftRule, leftCategory), .plural(rightRule, rightCategory)):
                leftRule == rightRule && leftCategory == rightCategory
            case let (.device(left), .device(right)): left == right
            default: false
            }
        }
    }

    package var text: String
    package var role: Role
    package var location: Location

    package init(text: String, role: Role, location: Location) {
        self.text = text
        self.role = role
        self.location = location
    }
}

/// A plural rule of an entry: a `.stringsdict` variable or a catalog plural variation.
package struct PluralRule: Hashable, Sendable {
    /// The variable (`items` in `%#@items@`); nil for a catalog string's own plural.
    package var name: String?
    /// Category (`one`, `few`…) to where it is defined.
    package var categories: [String: Location]
    package var location: Location

    package init(name: String?, categories: [String: Location], location: Location) {
        self.name = name
        self.categories = categories
        self.location = location
    }
}

/// A translation as found in a table file, for one language.
///
/// A `.strings` entry is a view into its file's text (`TableText`): its key, value and
/// positions are made when asked for, so loading a table makes no string per entry. Other
/// formats' entries carry their parsed fields.
package struct TableEntry: Hashable, Sendable {
    /// An entry's fields, as every format can hold them.
    package struct Fields: Hashable, Sendable {
        package var key: String
        package var location: Location
        package var texts: [EntryText]
        package var pluralRules: [PluralRule]
        package var state: String?
        package var extractionState: String?
        package var isUsable: Bool
        package var format: TableFormat
        package var isTranslatable: Bool
    }

    /// Fields kept by reference, so an entry stays a few words whatever its format; copied
    /// on write (changed in place only while one entry holds it), so sharing it between
    /// threads is safe. An `indirect` case would do the same, but crashed the debug test
    /// build with Swift 6.3.1 in `swift_retain` after a few loads; this explicit box does not.
    @usableFromInline final class Boxed: @unchecked Sendable {
        @usableFromInline var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    @usableFromInline enum Content: Sendable {
        /// A `.strings` entry: ranges of its file's text.
        case strings(TableText, StringsEntrySpan)
        /// A String Catalog entry parsed when asked: its key's record and its localization.
        case catalog(CatalogKeyRecord, CatalogEntrySpan)
        /// Any other entry, or one changed after loading.
        case fields(Boxed)
    }

    @usableFromInline var content: Content

    package init(
        key: String, location: Location, texts: [EntryText] = [], pluralRules: [PluralRule] = [],
        state: String? = nil, isUsable: Bool = true, format: TableFormat = .strings
    ) {
        content = .fields(
            Boxed(
                Fields(
                    key: key, location: location, texts: texts, pluralRules: pluralRules,
                    state: state, extractionState: nil, isUsable: isUsable, format: format,
                    isTranslatable: true)))
    }

    /// A `.strings` entry of `text`, read when asked.
    package init(_ text: TableText, _ span: StringsEntrySpan) {
        content = .strings(text, span)
    }

    /// A String Catalog entry of `record`, parsed when asked.
    package init(_ record: CatalogKeyRecord, _ span: CatalogEntrySpan) {
        content = .catalog(record, span)
    }

    /// A `.strings` entry's text and ranges; nil for an entry of another format or one
    /// changed after loading.
    var stringsSpan: (text: TableText, span: StringsEntrySpan)? {
        if case .strings(let text, let span) = content { return (text, span) }
        return nil
    }

    /// Every field, made now.
    package var fields: Fields {
        switch content {
        case .fields(let boxed):
            return boxed.fields
        case .strings(let text, let span):
            return Fields(
                key: text.string(span.key), location: text.location(of: Int(span.keyOffset)),
                texts: Self.texts(text, span), pluralRules: [], state: nil, extractionState: nil,
                isUsable: span.value != nil, format: .strings, isTranslatable: true)
        case .catalog(let record, let span):
            return record.fields(span)
        }
    }

    private static func texts(_ text: TableText, _ span: StringsEntrySpan) -> [EntryText] {
        guard let value = span.value else { return [] }
        return [EntryText(text: text.string(value), role: .value, location: text.location(of: Int(span.valueOffset)))]
    }

    /// Changes a field: in place when this entry alone holds its fields (a reader filling
    /// an entry in), else on a copy.
    private mutating func change(_ body: (inout Fields) -> Void) {
        if case .fields(var box) = content {
            // Drop this entry's own reference first, so the box is unique if no one else has it.
            content = .fields(Self.placeholder)
            if isKnownUniquelyReferenced(&box) {
                body(&box.fields)
                content = .fields(box)
                return
            }
            content = .fields(box)
        }
        var changed = fields
        body(&changed)
        content = .fields(Boxed(changed))
    }

    private static let placeholder = Boxed(
        Fields(
            key: "", location: Location(file: "", line: 0, column: 0), texts: [],
            pluralRules: [], state: nil, extractionState: nil, isUsable: false,
            format: .strings, isTranslatable: true))

    package var key: String {
        get {
            switch content {
            case .fields(let boxed): boxed.fields.key
            case .strings(let text, let span): text.string(span.key)
            case .catalog(let record, _): record.key
            }
        }
        set { change { $0.key = newValue } }
    }

    package var location: Location {
        get {
            switch content {
            case .fields(let boxed): boxed.fields.location
            case .strings(let text, let span): text.location(of: Int(span.keyOffset))
            case .catalog(let record, let span): record.text.location(of: Int(span.locationOffset))
            }
        }
        set { change { $0.location = newValue } }
    }

    /// Every text of the entry: the value and each plural or device variant.
    package var texts: [EntryText] {
        get {
            switch content {
            case .fields(let boxed): boxed.fields.texts
            case .strings(let text, let span): Self.texts(text, span)
            case .catalog(let record, let span): record.fields(span).texts
            }
        }
        set { change { $0.texts = newValue } }
    }

    package var pluralRules: [PluralRule] {
        get {
            switch content {
            case .fields(let boxed): boxed.fields.pluralRules
            case .strings: []
            case .catalog(let record, let span): record.fields(span).pluralRules
            }
        }
        set { change { $0.pluralRules = newValue } }
    }

    /// The String Catalog state of this language's text (`translated`, `needs_review`…).
    package var state: String? {
        get {
            switch content {
            case .fields(let boxed): boxed.fields.state
            case .strings: nil
            case .catalog(let record, let span): record.fields(span).state
            }
        }
        set { change { $0.state = newValue } }
    }

    /// The String Catalog's `extractionState` of the key: nil when Xcode extracted it from
    /// code automatically, or `manual`, `stale`, `extracted_with_value`, `migrated`.
    package var extractionState: String? {
        get {
            switch content {
            case .fields(let boxed): boxed.fields.extractionState
            case .strings: nil
            case .catalog(let record, _): record.extractionState
            }
        }
        set { change { $0.extractionState = newValue } }
    }

    /// False when the file gives the key a value the run time cannot use (a `.strings`
    /// value that is a dictionary or array).
    package var isUsable: Bool {
        get {
            switch content {
            case .fields(let boxed): boxed.fields.isUsable
            case .strings(_, let span): span.value != nil
            case .catalog: true
            }
        }
        set { change { $0.isUsable = newValue } }
    }

    /// The format of the file the entry comes from.
    package var format: TableFormat {
        get {
            switch content {
            case .fields(let boxed): boxed.fields.format
            case .strings: .strings
            case .catalog: .xcstrings
            }
        }
        set { change { $0.format = newValue } }
    }

    /// False for a String Catalog key marked `shouldTranslate: false`: every language shows
    /// the source text, so there is nothing to translate (`linza status` leaves it out).
    package var isTranslatable: Bool {
        get {
            switch content {
            case .fields(let boxed): boxed.fields.isTranslatable
            case .strings: true
            case .catalog(_, let span): span.isTranslatable
            }
        }
        set {
            if case .catalog(let record, var span) = content {
                span.isTranslatable = newValue
                content = .catalog(record, span)
            } else {
                change { $0.isTranslatable = newValue }
            }
        }
    }

    /// Whether the entry comes from a String Catalog.
    package var isFromCatalog: Bool { format == .xcstrings }

    /// The entry's plain value, if it has one.
    package var value: String? {
        switch content {
        case .fields(let boxed): boxed.fields.texts.first { $0.role == .value }?.text
        case .strings(let text, let span): span.value.map(text.string)
        case .catalog(let record, let span): record.fields(span).texts.first { $0.role == .value }?.text
        }
    }

    /// The entry with every field made now: for an entry read again and again (the
    /// development side of a check that runs once per language).
    package var materialized: TableEntry {
        if case .fields = content { return self }
        var copy = self
        copy.content = .fields(Boxed(fields))
        return copy
    }

    /// Each text's string and role, in the order of `texts`, without working out where
    /// the texts are (a binary search per text): for checks that read every text and
    /// report few.
    package var textContents: [(text: String, role: EntryText.Role)] {
        switch content {
        case .fields(let boxed): boxed.fields.texts.map { ($0.text, $0.role) }
        case .strings(let text, let span): span.value.map { [(text.string($0), .value)] } ?? []
        case .catalog(let record, let span): record.fields(span).texts.map { ($0.text, $0.role) }
        }
    }

    /// Calls `body` with the key's UTF-8 bytes (for a `.strings` entry, without making a string).
    @inlinable
    package func withKeyBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch content {
        case .fields(let boxed):
            var key = boxed.fields.key
            return key.withUTF8(body)
        case .strings(let text, let span):
            return text.withBytes(span.key, body)
        case .catalog(let record, _):
            var key = record.key
            return key.withUTF8(body)
        }
    }

    /// Whether a text of the entry holds a `%`, so it may read format arguments.
    package var hasFormatSignInTexts: Bool {
        switch content {
        case .fields(let boxed):
            return boxed.fields.texts.contains { $0.text.hasFormatSign }
        case .strings(let text, let span):
            guard let value = span.value else { return false }
            return text.withBytes(value, FormatSpecifier.hasFormatSign)
        case .catalog(let record, let span):
            return record.fields(span).texts.contains { $0.text.hasFormatSign }
        }
    }

    /// Whether a text of the entry is empty.
    package var hasEmptyText: Bool {
        switch content {
        case .fields(let boxed): boxed.fields.texts.contains { $0.text.isEmpty }
        case .strings(_, let span): span.value?.count == 0
        case .catalog(let record, let span): record.fields(span).texts.contains { $0.text.isEmpty }
        }
    }

    package static func == (lhs: TableEntry, rhs: TableEntry) -> Bool {
        lhs.fields == rhs.fields
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }
}

/// A syntax problem in a table file, with what it costs the app at run time.
package struct TableProblem: Hashable, Sendable {
    package var message: String
    package var location: Location
    package var effect: StringsProblem.Effect
}

/// One table file (one language of it, for a catalog) after loading: its entries in file
/// order, duplicates included.
package struct LoadedTableFile: Hashable, Sendable {
    /// The file, with `language` set (for a catalog, to the language this part holds).
    package var file: TableFile
    package var entries: [TableEntry]
    package var problems: [TableProblem]
    /// Set when the file could not be read at all.
    package var failure: InputFailure?
    /// The position after the last line, where a new entry would be added.
    package var endLocation: Location
    /// Keys defined more than once in the file (for a catalog, in its `strings` object),
    /// each with its earlier definitions.
    package var duplicates: [Duplicate] = []

    /// A key defined again, and where it was defined first.
    package struct Duplicate: Hashable, Sendable {
        package var key: String
        package var location: Location
        package var firstLocation: Location
    }

    /// The file's language (set for every loaded file).
    package var language: String { file.language ?? "" }

    /// True when a problem costs more than single entries: the app loses the whole
    /// table or its tail, so per-key findings against it would only repeat that news.
    package var isBroken: Bool {
        failure != nil || problems.contains { $0.effect != .losesEntry }
    }
}

extension LoadedTableFile {
    /// A file made from something other than a table on disk (an XLIFF file's units, read
    /// as tables by `lint --xliff`).
    package init(file: TableFile, entries: [TableEntry], endLocation: Location) {
        self.init(file: file, entries: entries, problems: [], failure: nil, endLocation: endLocation)
    }
}

extension LoadedTableFile {
    /// The decoded text a `.strings` file's entries are ranges of (nil for other formats and
    /// for a file without entries): the file's own bytes when it is UTF-8 without a BOM,
    /// which a writer then edits without reading and holding the file a second time.
    package var stringsText: [UInt8]? {
        guard case .strings(let text, _) = entries.first?.content else { return nil }
        return text.text
    }

    /// The text a String Catalog read to be parsed when asked was read from (nil for other
    /// formats, for a catalog parsed whole, and for a language without entries): the file's
    /// own bytes when it is UTF-8 without a BOM, which a writer then edits without reading
    /// and holding the file a second time.
    package var catalogText: [UInt8]? {
        guard case .catalog(let record, _) = entries.first?.content else { return nil }
        return record.text.text
    }
}
