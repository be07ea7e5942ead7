/// An XLIFF 1.2 document as Xcode's `-exportLocalizations` writes it and its importer reads it:
/// one `<file>` per table, each with a `<header><tool/></header>` and a `<body>` of units.
///
/// Usage:
/// ```swift
/// // Reading (never crashes; a malformed or hostile file is an XLIFFReadError at a line and column):
/// let document = try XLIFFReader.read(bytes, path: "de.xliff")
/// for file in document.files { for unit in file.units { … unit.id, unit.source, unit.target … } }
/// // Writing Xcode's exact bytes:
/// let bytes = XLIFFWriter.bytes(of: document)
/// // From tables to units (one target language) and back from an id to the table's key:
/// let units = try ExchangeMapping.units(catalog: bytes, path: p, targetLanguage: "de")
/// let address = ExchangeUnitAddress(id: unit.id, format: .xcstrings)   // key + variation steps
/// ```
/// The model keeps what Xcode's own files vary in (attribute order, `xml:space`, a missing
/// tool version) so that reading an Xcode file and writing it again gives its bytes back.
package struct XLIFFDocument: Hashable, Sendable {
    package var files: [XLIFFFile]

    package init(files: [XLIFFFile]) {
        self.files = files
    }
}

/// The `<tool>` element of a file's header: which Xcode wrote the file.
package struct XLIFFTool: Hashable, Sendable {
    package var id: String
    package var name: String
    /// Nil when the element has no `tool-version` (hand-made or trimmed files).
    package var version: String?
    package var buildNumber: String?

    package init(
        id: String = XLIFFTool.xcodeID, name: String = "Xcode", version: String?, buildNumber: String?
    ) {
        self.id = id
        self.name = name
        self.version = version
        self.buildNumber = buildNumber
    }

    /// The `tool-id` every Xcode export carries; other tools detect Xcode files by it.
    package static let xcodeID = "com.apple.dt.xcode"
}

/// One `<file>`: one table of the project.
package struct XLIFFFile: Hashable, Sendable {
    /// The development table's path relative to the project (`App/en.lproj/Localizable.strings`,
    /// `App/Localizable.xcstrings`).
    package var original: String
    package var sourceLanguage: String
    package var targetLanguage: String?
    package var datatype: String
    /// Nil when the file has no `<header>`.
    package var tool: XLIFFTool?
    package var units: [XLIFFUnit]
    /// Xcode 11 and 12 sometimes wrote `datatype` before the languages; kept so that such a
    /// file is written back as it was. Its meaning is nil.
    package var datatypeFirst: Bool
    /// Where the `<file>` tag is (1-based line and column); 0 for a file not read from disk.
    package var line: Int
    package var column: Int

    package init(
        original: String, sourceLanguage: String, targetLanguage: String?, datatype: String = "plaintext",
        tool: XLIFFTool?, units: [XLIFFUnit], datatypeFirst: Bool = false, line: Int = 0, column: Int = 0
    ) {
        self.original = original
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.datatype = datatype
        self.tool = tool
        self.units = units
        self.datatypeFirst = datatypeFirst
        self.line = line
        self.column = column
    }

    /// Equal files hold the same content; where they were read is not part of it.
    package static func == (lhs: XLIFFFile, rhs: XLIFFFile) -> Bool {
        lhs.original == rhs.original && lhs.sourceLanguage == rhs.sourceLanguage
            && lhs.targetLanguage == rhs.targetLanguage && lhs.datatype == rhs.datatype && lhs.tool == rhs.tool
            && lhs.units == rhs.units && lhs.datatypeFirst == rhs.datatypeFirst
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(original)
        hasher.combine(targetLanguage)
        hasher.combine(units)
    }
}

/// One `<trans-unit>`.
package struct XLIFFUnit: Hashable, Sendable {
    /// The XLIFF states Xcode writes and reads on `<target state="…">`.
    package enum State: String, Hashable, Sendable, CaseIterable {
        case new
        case translated
        case needsReviewL10n = "needs-review-l10n"
        /// Written by other tools; Xcode's importer treats it as not translated.
        case needsTranslation = "needs-translation"
        case final
        case signedOff = "signed-off"
        case needsAdaptation = "needs-adaptation"
        case needsL10n = "needs-l10n"
        case needsReviewTranslation = "needs-review-translation"
        case needsReviewAdaptation = "needs-review-adaptation"
    }

    package var id: String
    /// The source text; for a string set, its values one per line (for messages and the
    /// placeholder checks; `sourceSet` holds them as they are).
    package var source: String
    /// Nil when the unit has no `<target>` (not translated yet).
    package var target: String?
    /// A String Catalog `stringSet` (the phrases of an App Shortcut): its values, each one
    /// `<mrk mtype="x-set" mid="N">` inside `<source>`, as Xcode 26.2 writes them; nil for
    /// a unit of one text.
    package var sourceSet: [String]?
    /// The target's values when it is a string set (`sourceSet`).
    package var targetSet: [String]?
    /// The target's `state` attribute, as written (nil when absent). Kept raw so that a
    /// state outside XLIFF 1.2's list is reported by the importer, not lost by the reader.
    package var state: String?
    /// Nil: no `<note>`; "": `<note/>` (Xcode's note for a key without a comment).
    package var note: String?
    /// The note's `from` attribute: `auto-generated` for a catalog comment Xcode generated
    /// (`isCommentAutoGenerated`), as Xcode 26 exports it; nil without one.
    package var noteFrom: String?
    /// `translate="no"`: a String Catalog key marked "Don't translate".
    package var isTranslatable: Bool
    /// `xml:space="preserve"`: on every unit Xcode 11–16 writes; absent on Xcode 8 units.
    package var preservesSpace: Bool
    /// Where the `<trans-unit>` tag is (1-based line and column); 0 for a unit not read from disk.
    package var line: Int
    package var column: Int

    package init(
        id: String, source: String, target: String? = nil, state: String? = nil, note: String? = "",
        noteFrom: String? = nil, isTranslatable: Bool = true, preservesSpace: Bool = true, line: Int = 0,
        column: Int = 0
    ) {
        self.id = id
        self.source = source
        self.target = target
        self.state = state
        self.note = note
        self.noteFrom = noteFrom
        self.isTranslatable = isTranslatable
        self.preservesSpace = preservesSpace
        self.line = line
        self.column = column
    }

    /// A unit of a string set: `values` as source (joined one per line in `source`) and,
    /// when translated, `targetValues` as target.
    package static func stringSet(
        id: String, values: [String], targetValues: [String]?, state: String?, note: String?,
        isTranslatable: Bool = true
    ) -> XLIFFUnit {
        var unit = XLIFFUnit(
            id: id, source: values.joined(separator: "\n"), target: targetValues?.joined(separator: "\n"),
            state: targetValues == nil ? nil : state, note: note, isTranslatable: isTranslatable)
        unit.sourceSet = values
        unit.targetSet = targetValues
        return unit
    }

    /// The state as one of XLIFF 1.2's values, or nil when absent or unknown.
    package var knownState: State? { state.flatMap(State.init(rawValue:)) }

    /// Equal units hold the same content; where they were read is not part of it.
    package static func == (lhs: XLIFFUnit, rhs: XLIFFUnit) -> Bool {
        lhs.id == rhs.id && lhs.source == rhs.source && lhs.target == rhs.target && lhs.state == rhs.state
            && lhs.sourceSet == rhs.sourceSet && lhs.targetSet == rhs.targetSet && lhs.note == rhs.note
            && lhs.noteFrom == rhs.noteFrom && lhs.isTranslatable == rhs.isTranslatable
            && lhs.preservesSpace == rhs.preservesSpace
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(source)
        hasher.combine(target)
    }
}
