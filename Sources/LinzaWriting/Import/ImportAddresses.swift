import LinzaBase
import LinzaTables

/// One XLIFF document given to `import`: where it was read from (for positions in
/// reports) and what it holds (`XLIFFReader`).
package struct ImportDocument: Sendable {
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
struct UnitAddress: Sendable, Hashable {
    var key: String
    /// Where in the entry (`TextTranslation.path`).
    var path: [String]
    var source: String
    var translatable: Bool

    /// The units `development` (a development table of `format`, its bytes) gives for
    /// `language` today, by id.
    static func current(
        of development: TableFile, bytes: [UInt8], language: String, developmentLanguage: String
    ) throws -> [String: UnitAddress] {
        let units: [XLIFFUnit]
        switch development.format {
        case .strings:
            units = try ExchangeMapping.stringsUnits(
                development: bytes, path: development.path, target: nil, targetPath: nil,
                sameLanguage: language == developmentLanguage)
        case .stringsdict:
            units = try ExchangeMapping.stringsdictUnits(
                development: bytes, path: development.path, target: nil, targetPath: nil, targetLanguage: language,
                sameLanguage: language == developmentLanguage)
        case .xcstrings:
            units = try ExchangeMapping.catalogUnits(bytes, path: development.path, targetLanguage: language).units
        }
        var result: [String: UnitAddress] = [:]
        for unit in units {
            guard let address = ExchangeUnitAddress(id: unit.id, format: development.format) else { continue }
            result[unit.id] = UnitAddress(
                key: address.key, path: path(of: address.steps, format: development.format), source: unit.source,
                translatable: unit.isTranslatable)
        }
        return result
    }

    /// An exchange address's steps as `TextTranslation.path`.
    static func path(of steps: [ExchangeUnitAddress.Step], format: TableFormat) -> [String] {
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
}
