import LinzaBase

extension ExchangeMapping {
    /// The units of a String Catalog for `targetLanguage`, in Xcode's XLIFF order of the keys
    /// (`ExchangeUnitOrder`, not the catalog's own):
    /// a plain entry gives one unit (id = key; source = the source language's value, with its
    /// positional specifiers, or the key when the source language has none); a plural gives
    /// `key|==|plural.<cat>` per category `pluralCategories` gives the target language; a
    /// device variation `key|==|device.<device>` (and `.plural.<cat>` inside it); each
    /// substitution `key|==|substitutions.<name>.plural.<cat>` after the base unit. The note is
    /// the entry's comment (`<note/>` without one); `shouldTranslate: false` is
    /// `translate="no"`; the target carries the catalog state as XLIFF's (`xliffState`).
    /// Returns the catalog's source language with the units.
    package static func catalogUnits(_ bytes: [UInt8], path: String, targetLanguage: String) throws -> (
        sourceLanguage: String, units: [XLIFFUnit]
    ) {
        let root = try parseCatalog(bytes, path: path)
        return (root.sourceLanguage, catalogUnits(root, targetLanguage: targetLanguage))
    }

    /// A String Catalog read for export: its tree and source language, read once and
    /// exported to each language (`catalogUnits(_:targetLanguage:)`).
    package struct ParsedCatalog: Sendable {
        package var root: CatalogValue
        package var sourceLanguage: String

        /// Every language some entry has a localization for, sorted.
        package var languages: [String] {
            var found = Set<String>()
            for entry in root["strings"]?.members ?? [] {
                for localization in entry.value["localizations"]?.members ?? [] { found.insert(localization.key) }
            }
            return found.sorted()
        }
    }

    /// Reads a String Catalog for export; a file that is no catalog is a `TableRefusal`.
    package static func parseCatalog(_ bytes: [UInt8], path: String) throws -> ParsedCatalog {
        let node: JSONNode
        do {
            node = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
        } catch let error as JSONSyntaxError {
            let (line, column) = bytes.withUnsafeBufferPointer { LineIndex($0).position(of: error.offset) }
            throw TableRefusal(path: path, line: line, column: column, reason: "invalid JSON: \(error.message)")
        }
        guard let root = CatalogValue(node), root["strings"]?.members != nil,
            let sourceLanguage = root["sourceLanguage"]?.string
        else {
            throw TableRefusal(
                path: path,
                reason: "not a String Catalog Linza can export (it needs \"sourceLanguage\" and a "
                    + "\"strings\" object, and no key twice in one object)")
        }
        return ParsedCatalog(root: root, sourceLanguage: sourceLanguage)
    }

    /// The units of a parsed catalog for `targetLanguage` (see `catalogUnits(_:path:targetLanguage:)`).
    package static func catalogUnits(_ catalog: ParsedCatalog, targetLanguage: String) -> [XLIFFUnit] {
        let sourceLanguage = catalog.sourceLanguage
        // In Xcode's XLIFF order, a key's units together (`ExchangeUnitOrder`); the sort is
        // stable, and each key's code units are made once, not once per comparison.
        let members = catalog.root["strings"]?.members ?? []
        let codeUnits = members.map { Array($0.key.utf16) }
        let strings = members.indices.sorted {
            let order = ExchangeUnitOrder.compare(codeUnits[$0], codeUnits[$1])
            return order == 0 ? $0 < $1 : order < 0
        }.map { members[$0] }
        let sameLanguage = sourceLanguage == targetLanguage
        var builder = CatalogUnitBuilder(targetLanguage: targetLanguage, sameLanguage: sameLanguage)
        for member in strings {
            let entry = member.value
            builder.key = member.key
            builder.note = entry["comment"]?.string ?? ""
            builder.isTranslatable = entry["shouldTranslate"] != .literal("false")
            let source = entry["localizations"]?[sourceLanguage]
            let target = sameLanguage ? source : entry["localizations"]?[targetLanguage]
            builder.add(source: source, target: target, steps: [])
            for substitution in source?["substitutions"]?.members ?? [] {
                builder.add(
                    source: substitution.value, target: target?["substitutions"]?[substitution.key],
                    steps: [.substitution(substitution.key)])
            }
        }
        return builder.units
    }

    /// The XLIFF state of a catalog string unit's state: `new`, `translated`,
    /// `needs_review` → `needs-review-l10n`; `stale` (a translation whose key code no longer
    /// uses) → `needs-review-l10n` too *(no Xcode sample shows it: an inference)*.
    package static func xliffState(catalogState: String?) -> String? {
        switch catalogState {
        case nil: nil
        case "needs_review", "stale": XLIFFUnit.State.needsReviewL10n.rawValue
        case let state?: state
        }
    }

    /// The catalog state of an XLIFF target state (the inverse of `xliffState`, for import):
    /// nil for a state Xcode's importer does not map.
    package static func catalogState(xliffState: String?) -> String? {
        switch xliffState {
        case "new", "needs-translation": "new"
        case "translated", "final", "signed-off": "translated"
        case "needs-review-l10n", "needs-review-translation", "needs-review-adaptation": "needs_review"
        default: nil
        }
    }
}

/// Walks one catalog entry's source and target localizations into units.
private struct CatalogUnitBuilder {
    let targetLanguage: String
    let sameLanguage: Bool
    var key = ""
    var note = ""
    var isTranslatable = true
    var units: [XLIFFUnit] = []

    init(targetLanguage: String, sameLanguage: Bool) {
        self.targetLanguage = targetLanguage
        self.sameLanguage = sameLanguage
    }

    /// Adds the units of one localization node (`stringUnit` or `variations`).
    mutating func add(source: CatalogValue?, target: CatalogValue?, steps: [ExchangeUnitAddress.Step]) {
        if let plural = source?["variations"]?["plural"]?.members {
            let present = plural.map(\.key)
            let translated = target?["variations"]?["plural"]?.members?.map(\.key) ?? []
            let categories =
                sameLanguage
                ? present
                : ExchangeMapping.pluralCategories(for: targetLanguage, development: present, translated: translated)
            for category in categories {
                let form = source?["variations"]?["plural"]?[category] ?? source?["variations"]?["plural"]?["other"]
                add(
                    source: form, target: target?["variations"]?["plural"]?[category],
                    steps: steps + [.plural(category)])
            }
            return
        }
        if let devices = source?["variations"]?["device"]?.members {
            for device in devices {
                add(
                    source: device.value, target: target?["variations"]?["device"]?[device.key],
                    steps: steps + [.device(device.key)])
            }
            return
        }
        let sourceUnit = source?["stringUnit"]
        // A substitution without a plural of its own holds nothing to translate.
        if steps.first.map({ if case .substitution = $0 { true } else { false } }) == true, sourceUnit == nil,
            steps.count == 1
        {
            return
        }
        let text = sourceUnit?["value"]?.string ?? key
        let targetUnit = target?["stringUnit"]
        var targetText = targetUnit?["value"]?.string
        var state = ExchangeMapping.xliffState(catalogState: targetUnit?["state"]?.string)
        if sameLanguage, targetText == nil {
            // An extracted key with no source value yet: Xcode copies the source, marked new.
            targetText = text
            state = XLIFFUnit.State.new.rawValue
        }
        units.append(
            XLIFFUnit(
                id: ExchangeUnitAddress(key: key, steps: steps).id(format: .xcstrings) ?? key, source: text,
                target: targetText, state: targetText == nil ? nil : state, note: note,
                isTranslatable: isTranslatable))
    }
}
