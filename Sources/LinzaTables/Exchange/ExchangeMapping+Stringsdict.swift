import LinzaBase

extension ExchangeMapping {
    /// The units of a `.stringsdict` table, as Xcode exports them: per key (in `xcodeKeyOrder`)
    /// the format (`/key:dict/NSStringLocalizedFormatKey:dict/:string`), then per
    /// plural variable (in the same order) one unit per category `pluralCategories` gives the
    /// target language, the source of a category the development entry lacks being its
    /// `other`. `NSStringFormatSpecTypeKey` and `NSStringFormatValueTypeKey` are not exported
    /// (Xcode does not either). A `.stringsdict` has no comments: a key's units carry the
    /// comment the `.strings` table of the same name gives the key (`notes`), as Xcode 14
    /// and later export them, and `<note/>` otherwise.
    package static func stringsdictUnits(
        development: [UInt8], path: String, target: [UInt8]?, targetPath: String?, targetLanguage: String,
        sameLanguage: Bool, notes: [String: String] = [:]
    ) throws -> [XLIFFUnit] {
        let entries = try Self.stringsdictEntries(development, path: path)
        var translations: [String: PlistNode] = [:]
        if let target, let targetPath {
            for (key, node) in try Self.stringsdictEntries(target, path: targetPath) { translations[key] = node }
        }
        var last: [String: PlistNode] = [:]
        for (key, node) in entries { last[key] = node }
        var seen = Set<String>()
        var units: [XLIFFUnit] = []
        for (key, _) in entries.sorted(by: { xcodeKeyOrder($0.0, $1.0) }) where seen.insert(key).inserted {
            guard let entry = last[key] else { continue }
            let translation = sameLanguage ? entry : translations[key]
            let formatKey = ExchangeUnitAddress.stringsdictFormatKey
            if let format = entry[formatKey]?.string {
                units.append(
                    XLIFFUnit(
                        id: ExchangeUnitAddress(key: key, steps: [.formatKey]).id(format: .stringsdict) ?? key,
                        source: format, target: translation?[formatKey]?.string, note: notes[key] ?? ""))
            }
            let variables = (entry.pairs ?? []).sorted { xcodeKeyOrder($0.key, $1.key) }
            for (variable, _, rule) in variables where variable != formatKey {
                guard let forms = rule.pairs else { continue }
                let developmentCategories = forms.map(\.key).filter(PluralCategories.all.contains)
                let translatedRule = translation?[variable]
                let translatedCategories = (translatedRule?.pairs ?? []).map(\.key).filter(
                    PluralCategories.all.contains)
                // The development language gets its own CLDR categories and `zero` (Xcode 15.0,
                // Elytra: zero, one, two, few, many, other exported as one, other, zero).
                let categories =
                    sameLanguage
                    ? pluralCategories(
                        for: targetLanguage, development: developmentCategories,
                        translated: developmentCategories.filter { $0 == "zero" })
                    : pluralCategories(
                        for: targetLanguage, development: developmentCategories, translated: translatedCategories)
                for category in categories {
                    guard let source = rule[category]?.string ?? rule["other"]?.string else { continue }
                    let address = ExchangeUnitAddress(key: key, steps: [.variable(variable), .plural(category)])
                    units.append(
                        XLIFFUnit(
                            id: address.id(format: .stringsdict) ?? key, source: source,
                            target: translatedRule?[category]?.string, note: notes[key] ?? ""))
                }
            }
        }
        return units
    }

    /// The top-level entries of a `.stringsdict`, in file order, duplicates included.
    package static func stringsdictEntries(_ bytes: [UInt8], path: String) throws -> [(String, PlistNode)] {
        let document = try StringsdictDocument(path: path, bytes: bytes)
        let root: PlistNode
        do {
            root = try document.text.withUnsafeBufferPointer { try PropertyListXMLParser.parse($0) }
        } catch let error as PlistSyntaxError {
            let (line, column) = document.text.withUnsafeBufferPointer { LineIndex($0).position(of: error.offset) }
            throw TableRefusal(
                path: path, line: line, column: column, reason: "invalid property list: \(error.message)")
        }
        return (root.pairs ?? []).map { ($0.key, $0.value) }
    }
}
