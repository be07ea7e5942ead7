import LinzaBase

/// What a plan asks of one table file (`EditableTable.plan`), in terms every format
/// understands; each format carries it out its own way.
package struct TableChange {
    /// Keys whose entries go, every entry of each.
    package var removing: Set<String> = []
    /// Keys renamed (old → new), each entry keeping its value, comment and plural tree.
    package var renaming: [String: String] = [:]
    /// Texts to add, each where the file's order says. In a String Catalog an entry without
    /// a language is a new entry (added as Xcode's extraction adds it, unless the catalog has
    /// the key), one with a language that localization of an existing entry (added when the
    /// entry lacks it).
    package var adding: [NewStringsEntry] = []
    /// For an added key, the key it follows in the development table's order, if any (used
    /// where the file is not sorted).
    package var placing: (String) -> String? = { _ in nil }
    /// Whole entries another table gave (`payload(of:)`), in runs: each run is written at
    /// one place in one piece (a `.stringsdict` adds them before its root's end).
    package var arriving: [[TableEntryPayload]] = []

    package init(
        removing: Set<String> = [], renaming: [String: String] = [:], adding: [NewStringsEntry] = [],
        placing: @escaping (String) -> String? = { _ in nil }, arriving: [[TableEntryPayload]] = []
    ) {
        self.removing = removing
        self.renaming = renaming
        self.adding = adding
        self.placing = placing
        self.arriving = arriving
    }
}

/// What a format did with a `TableChange`, besides its edits.
package struct TableChangeOutcome: Sendable {
    /// The entries of `adding` the file took (a String Catalog skips a key it has, or a
    /// localization an entry has); splice formats take them all.
    package var added: [NewStringsEntry] = []
    /// False when a run of `arriving` found no place (a `.stringsdict` whose root dictionary
    /// has no end tag to add before).
    package var placedEveryRun = true
    /// Renamed String Catalog keys that had no localization in the source language: the
    /// old key (the text the app showed) became that localization, as `values` reads it.
    package var keptTexts: [String: String?] = [:]
    /// Renamed String Catalog keys that became their source-language text: the localization
    /// that only repeated it is gone (`new` NUL language, `values`' name for it).
    package var droppedTexts: Set<String> = []

    package init() {}
}

/// One entry as a table gives it to another (`move`): one language's text, one language's
/// plural entry, or an entry of every language.
package enum TableEntryPayload: Sendable, Equatable {
    /// A `.strings` entry: its key, text and note for translators.
    case text(NewStringsEntry)
    /// A `.stringsdict` entry as written: its lines (`<key>` line to the value's closing tag)
    /// and the indentation before each of them.
    case plural(key: String, lines: [UInt8], indentation: [UInt8])
    /// A String Catalog entry, with every localization, variation and state it has.
    case catalog(CatalogMember)

    package var key: String {
        switch self {
        case .text(let entry): entry.key
        case .plural(let key, _, _): key
        case .catalog(let member): member.key
        }
    }
}

/// What a table said to a payload it was given (`EditableTable.receive`).
package enum TableReceipt: Sendable, Equatable {
    /// The file has the key already: with the same content, or with another (a conflict).
    case present(identical: Bool)
    /// A String Catalog took the entry into its tree; its `values` as they read now.
    case received([String: String?])
    /// A file edited by splices lacks the key: the plan adds it, in the `TableChange` it
    /// plans (`adding`, `arriving`).
    case pending
    /// A payload of a shape this format does not hold (converted first: `TableFormatConversion`).
    case unfit
}

/// What putting an archive's entries back (`EditableTable.restoring`) plans.
package struct TableRestoring: Sendable {
    /// The file's edits (for a String Catalog, its whole-file edit).
    package var edits: [TextEdit] = []
    /// What the restored entries read as (`values`).
    package var restored: [String: String?] = [:]
    /// What was left out, in a sentence each.
    package var skipped: [String] = []

    package init() {}
}
