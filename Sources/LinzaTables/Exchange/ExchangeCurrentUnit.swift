import LinzaBase

/// One XLIFF document given to `import` or `lint --xliff`: where it was read from (for
/// positions in reports) and what it holds (`XLIFFReader`).
package struct ExchangeDocument: Sendable {
    package var path: String
    package var document: XLIFFDocument

    package init(path: String, document: XLIFFDocument) {
        self.path = path
        self.document = document
    }
}

/// What the project's tables say of one unit id today: the entry and place it is, the
/// source text it has now, and whether it is to be translated. Made with the same
/// mapping `export` writes units with (`ExchangeMapping`), so that a unit exported today
/// meets exactly its own source.
package struct ExchangeCurrentUnit: Sendable, Hashable {
    package var key: String
    /// Where in the entry (`TextTranslation.path`).
    package var path: [String]
    package var source: String
    /// The values of a string set (`XLIFFUnit.sourceSet`); nil for a text.
    package var sourceSet: [String]?
    package var translatable: Bool
    /// For a key only code has, in a String Catalog that lacks it: the entry the catalog
    /// gains with the translation (`TextTranslation.extracted`).
    package var extracted: NewStringsEntry?
    /// For a unit not to be translated whose export carries the language's own text as
    /// target (a `.strings` key the `.stringsdict` beside it also has), that text today: an
    /// untouched export gives it back, which is no translation to report.
    package var currentTarget: String?

    package init(
        key: String, path: [String], source: String, translatable: Bool, extracted: NewStringsEntry? = nil
    ) {
        self.key = key
        self.path = path
        self.source = source
        self.translatable = translatable
        self.extracted = extracted
    }

    /// The units `development` (a development table of `format`, its bytes) gives for
    /// `language` today, by id. `stringsdictKeys`: for a `.strings` table, the keys of the
    /// `.stringsdict` beside it, whose units export marks not to be translated; `target`,
    /// the language's file of the table (its bytes and path), for those units' texts today
    /// and, in a `.stringsdict`, for the plural categories the language's own entries add
    /// (an untouched export carries a German `zero` form it has, though CLDR gives German
    /// none). A language file that does not parse adds nothing: its units are reported as
    /// without it.
    package static func units(
        of development: TableFile, bytes: [UInt8], language: String, developmentLanguage: String,
        stringsdictKeys: Set<String> = [], target: (bytes: [UInt8], path: String)? = nil
    ) throws -> [String: ExchangeCurrentUnit] {
        var units: [XLIFFUnit]
        switch development.format {
        case .strings:
            let sameLanguage = language == developmentLanguage
            units =
                try target.flatMap { target in
                    stringsdictKeys.isEmpty
                        ? nil
                        : try? ExchangeMapping.stringsUnits(
                            development: bytes, path: development.path, target: target.bytes,
                            targetPath: target.path, sameLanguage: sameLanguage, stringsdictKeys: stringsdictKeys)
                }
                ?? ExchangeMapping.stringsUnits(
                    development: bytes, path: development.path, target: nil, targetPath: nil,
                    sameLanguage: sameLanguage, stringsdictKeys: stringsdictKeys)
        case .stringsdict:
            let sameLanguage = language == developmentLanguage
            units =
                try target.flatMap {
                    try? ExchangeMapping.stringsdictUnits(
                        development: bytes, path: development.path, target: $0.bytes, targetPath: $0.path,
                        targetLanguage: language, sameLanguage: sameLanguage)
                }
                ?? ExchangeMapping.stringsdictUnits(
                    development: bytes, path: development.path, target: nil, targetPath: nil,
                    targetLanguage: language, sameLanguage: sameLanguage)
            if !sameLanguage {
                // A `zero` form the development entry has is read in every language (Apple's
                // run time uses it for 0), though export offers it only to the development
                // language: a translation of it comes back with that form's text as source.
                let exported = Set(units.map(\.id))
                units += try ExchangeMapping.stringsdictUnits(
                    development: bytes, path: development.path, target: nil, targetPath: nil,
                    targetLanguage: developmentLanguage, sameLanguage: true
                ).filter { $0.id.hasSuffix("/zero:dict/:string") && !exported.contains($0.id) }
            }
        case .xcstrings:
            units = try ExchangeMapping.catalogUnits(bytes, path: development.path, targetLanguage: language).units
        }
        return byID(units, format: development.format)
    }

    /// The units a String Catalog opened for editing gives for `language` today, from its
    /// tree as read: a 12 MB catalog is not parsed a second time for them.
    package static func units(of catalog: CatalogDocument, language: String) -> [String: ExchangeCurrentUnit] {
        let parsed = ExchangeMapping.ParsedCatalog(root: catalog.read, sourceLanguage: catalog.sourceLanguage)
        return byID(ExchangeMapping.catalogUnits(parsed, targetLanguage: language), format: .xcstrings)
    }

    /// `units` (of a table of `format`) by id.
    package static func byID(_ units: [XLIFFUnit], format: TableFormat) -> [String: ExchangeCurrentUnit] {
        var result: [String: ExchangeCurrentUnit] = [:]
        result.reserveCapacity(units.count)
        for unit in units {
            guard let address = ExchangeUnitAddress(id: unit.id, format: format) else { continue }
            result[unit.id] = ExchangeCurrentUnit(
                key: address.key, path: path(of: address.steps, format: format), source: unit.source,
                translatable: unit.isTranslatable)
            result[unit.id]?.sourceSet = unit.sourceSet
            if !unit.isTranslatable { result[unit.id]?.currentTarget = unit.target }
        }
        return result
    }

    /// An exchange address's steps as `TextTranslation.path`.
    package static func path(of steps: [ExchangeUnitAddress.Step], format: TableFormat) -> [String] {
        steps.flatMap { step -> [String] in
            switch step {
            case .formatKey: [stringsdictFormatPath]
            case .variable(let name): [name]
            case .plural(let category): format == .stringsdict ? [category] : ["plural", category]
            case .device(let device): ["device", device]
            case .substitution(let name): ["substitutions", name]
            }
        }
    }

    /// The plural category a unit's path (`path(of:format:)`) ends in, if it names one.
    package static func pluralCategory(_ path: [String]) -> String? {
        if path.count >= 2, path[path.count - 2] == "plural" { return path.last }
        if path.count == 2, path[0] != "device", PluralCategories.all.contains(path[1]) { return path[1] }
        return nil
    }
}
