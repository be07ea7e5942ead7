import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaTables

/// Plans `linza import`: the targets of XLIFF units set in the project's tables, as
/// Xcode's importer sets them, but with every unit it does not apply reported. A unit is
/// applied only when its `<source>` is the project's current source text (or with
/// `acceptChangedSource`); its `original` names the development table, relative to the
/// folder of `.linza.yml`; its file's `target-language` names the language, matched to
/// the project's spelling of it. A language the table lacks gets its file created beside
/// the other languages' `.lproj` folders, or the units are reported when that place is
/// not one folder.
package struct ImportPlanner {
    package struct Options: Sendable {
        /// Apply units whose source differs from the project's current source text.
        package var acceptChangedSource = false
        /// How the plan's messages name files (the command's `--absolute-paths`).
        package var paths = DisplayPaths.absolute
        /// Also apply units of keys code uses that the development table lacks (what
        /// `export --include-missing` exports), their source the call's `value:` or the key,
        /// as Xcode's importer does: it reads those keys from the code. A String Catalog
        /// gains the key's entry as Xcode's extraction writes it. Needs the modules loaded
        /// with their code (`Linter.load`).
        package var includeMissing = false

        package init() {}
    }

    /// The units the documents give more than once with different targets (the same
    /// `original`, language and id), with where each is: which one is meant is not Linza's to
    /// guess, so none is applied.
    static func conflictingUnits(_ documents: [ExchangeDocument]) -> [String: [Location]] {
        var targets: [String: [(target: String, set: [String]?, location: Location)]] = [:]
        for document in documents {
            for section in document.document.files {
                for unit in section.units {
                    guard let target = unit.target else { continue }
                    targets[unitIdentity(section, unit), default: []].append(
                        (
                            target, unit.targetSet,
                            Location(file: document.path, line: max(unit.line, 1), column: max(unit.column, 1))
                        ))
                }
            }
        }
        return targets.filter { _, given in
            given.contains { $0.target != given[0].target || $0.set != given[0].set }
        }.mapValues { $0.map(\.location) }
    }

    /// A unit's identity across an import's files: its table, language and id.
    static func unitIdentity(_ section: XLIFFFile, _ unit: XLIFFUnit) -> String {
        let language = section.targetLanguage ?? section.sourceLanguage
        return [Path.normalize(section.original), LanguageCode.normalize(language) ?? language, unit.id]
            .joined(separator: "\u{0}")
    }

    /// A text a unit of this import gives a table's key (its first unit's, and where it is).
    struct GivenText {
        var value: String
        var values: [String]?
        var location: Location
    }

    /// A unit not applied, at its line in the XLIFF, and why.
    package struct Skip: Sendable, Hashable {
        package var location: Location
        package var id: String
        package var reason: String
    }

    /// The plan and what it leaves.
    package struct Result: Sendable {
        package var plan = WritePlan()
        package var skips: [Skip] = []
        /// Units without a `<target>`: nothing to apply.
        package var untranslated = 0
        /// Units whose target the table has already.
        package var unchanged = 0
        /// Texts set.
        package var applied = 0
    }

    package let options: Options

    package init(options: Options) {
        self.options = options
    }

    /// The plan for `documents` against `modules` (as `Linter.load` returns them); `root`
    /// is the folder of `.linza.yml`.
    package func plan(_ documents: [ExchangeDocument], modules: [Linter.LoadedModule], root: String) -> Result {
        var result = Result()
        var cache = DocumentCache()
        var developmentDocuments: [String: any EditableTable] = [:]
        var addressCache: [String: [String: ExchangeCurrentUnit]] = [:]
        var given: [String: GivenText] = [:]
        let conflicts = Self.conflictingUnits(documents)
        for document in documents {
            for section in document.document.files {
                plan(
                    section, in: document.path, modules: modules, root: root, cache: &cache,
                    developmentDocuments: &developmentDocuments, addressCache: &addressCache, given: &given,
                    conflicts: conflicts, result: &result)
            }
        }
        result.plan.files = cache.changes.filter { !$0.edits.isEmpty }
        return result
    }

    /// Plans one `<file>` of the XLIFF document at `path`.
    private func plan(
        _ section: XLIFFFile, in path: String, modules: [Linter.LoadedModule], root: String,
        cache documents: inout DocumentCache, developmentDocuments: inout [String: any EditableTable],
        addressCache: inout [String: [String: ExchangeCurrentUnit]], given: inout [String: GivenText],
        conflicts: [String: [Location]], result: inout Result
    ) {
        func skip(_ unit: XLIFFUnit, _ reason: String) {
            result.skips.append(
                Skip(
                    location: Location(file: path, line: max(unit.line, 1), column: max(unit.column, 1)), id: unit.id,
                    reason: reason))
        }
        let translated = section.units.filter { $0.target != nil }
        result.untranslated += section.units.count - translated.count
        guard !translated.isEmpty else { return }
        // With --include-missing, a table a module keeps in code is a development table too
        // (looked for only when no table file is the one named).
        var codeTable: CodeDevelopmentTable?
        var found = ExchangeProject.developmentTable(section.original, root: root, in: modules)
        if found == nil, options.includeMissing,
            let (module, table) = ExchangeProject.codeTable(section.original, root: root, in: modules)
        {
            codeTable = table
            found = (module, table.file)
        }
        guard let (module, development) = found else {
            for unit in translated {
                skip(
                    unit,
                    "unknown file: \(section.original) is no table of the project (original= names the development "
                        + "table, relative to the folder of .linza.yml)")
            }
            return
        }
        let language = ExchangeProject.projectLanguage(
            section.targetLanguage ?? section.sourceLanguage, in: module)
        let developmentDocument: any EditableTable
        let known: [String: ExchangeCurrentUnit]
        do {
            if let cached = developmentDocuments[development.path] {
                developmentDocument = cached
            } else {
                developmentDocument = try development.format.editableTable(
                    path: development.path, bytes: try codeTable?.bytes ?? documents.read(development.path))
                developmentDocuments[development.path] = developmentDocument
            }
            let cacheKey = development.path + "\u{0}" + language
            if let cached = addressCache[cacheKey] {
                known = cached
            } else {
                let catalog = developmentDocument as? CatalogDocument
                var units =
                    try catalog.map { ExchangeCurrentUnit.units(of: $0, language: language) }
                    ?? ExchangeProject.currentUnits(
                        of: development, bytes: developmentDocument.bytes, language: language, in: module,
                        read: { try documents.read($0) })
                if options.includeMissing && development.format != .stringsdict {
                    // The code's keys are the same for every language: found once per table.
                    let codeKey = development.path + "\u{0}code"
                    let code =
                        addressCache[codeKey]
                        ?? ExchangeCurrentUnit.codeUnits(
                            of: development.name, in: module.project, extracting: catalog != nil)
                    addressCache[codeKey] = code
                    units.merge(code) { table, _ in table }
                }
                known = units
            }
            addressCache[cacheKey] = known
        } catch {
            result.plan.conflicts.append(DocumentCache.refusal(error, file: development.path))
            return
        }
        var translations: [(unit: XLIFFUnit, translation: TextTranslation)] = []
        for unit in translated {
            guard let target = unit.target else { continue }
            if let places = conflicts[Self.unitIdentity(section, unit)] {
                skip(
                    unit,
                    "given \(places.count) times in this import with different texts ("
                        + places.map(options.paths.location).joined(separator: ", ") + "); none is applied")
                continue
            }
            let address: ExchangeCurrentUnit
            switch ExchangeUnitVerdict(
                unit, target: target, known: known, language: language, format: development.format)
            {
            case .current(let current):
                address = current
            case .staleSource(let current):
                guard options.acceptChangedSource else {
                    skip(
                        unit,
                        "stale source: the unit was translated from \(Messages.quoted(unit.source)), the source is now "
                            + "\(Messages.quoted(current.source)); not applied (--accept-changed-source applies it)")
                    continue
                }
                address = current
            case .unknownKey:
                skip(unit, "unknown key: \(section.original) has no unit \(Messages.quoted(unit.id)) today")
                continue
            case .categoryNotInLanguage(let category, let categories):
                skip(
                    unit,
                    "plural category \(category) is not one \(language) has (\(categories.joined(separator: ", "))); "
                        + "not applied")
                continue
            case .translatedNotTranslatable:
                skip(unit, "translated a unit marked translate=\"no\"; not applied")
                continue
            case .untranslatable:
                continue
            }
            guard (unit.targetSet == nil) == (address.sourceSet == nil) else {
                skip(
                    unit,
                    address.sourceSet == nil
                        ? "the target is a set of phrases (<mrk mtype=\"x-set\">) and the table holds one text; "
                            + "not applied"
                        : "the table holds a set of phrases (an App Shortcut's) and the target is one text, not "
                            + "<mrk mtype=\"x-set\"> values; not applied")
                continue
            }
            translations.append(
                (
                    unit,
                    TextTranslation(
                        key: address.key, language: language, path: address.path, value: target,
                        state: ExchangeMapping.catalogState(xliffState: unit.state) ?? "translated",
                        comment: unit.note.flatMap { $0.isEmpty ? nil : $0 }, extracted: address.extracted,
                        values: unit.targetSet)
                ))
        }
        // A text given twice in this import (one unit twice, or in two files of one language)
        // is set once: a table written twice from one plan would hold the key or form twice.
        translations.removeAll { item in
            let id = [development.path, language, item.translation.key] + item.translation.path
            let text = GivenText(
                value: item.translation.value, values: item.translation.values,
                location: Location(file: path, line: max(item.unit.line, 1), column: max(item.unit.column, 1)))
            guard let earlier = given[id.joined(separator: "\u{0}")] else {
                given[id.joined(separator: "\u{0}")] = text
                return false
            }
            if earlier.value == text.value && earlier.values == text.values {
                result.unchanged += 1
            } else {
                skip(
                    item.unit,
                    "given twice in this import with different texts; the one at \(options.paths.location(earlier.location)) "
                        + "is applied, not this one")
            }
            return true
        }
        guard !translations.isEmpty else { return }
        var refused: [(XLIFFUnit, String)] = []
        apply(
            translations, module: module, development: development, developmentDocument: developmentDocument,
            language: language, documents: &documents, result: &result, refused: &refused)
        for (unit, reason) in refused { skip(unit, reason) }
    }

    /// Sets `translations` in `language`'s file of the development table `development`.
    private func apply(
        _ translations: [(unit: XLIFFUnit, translation: TextTranslation)], module: Linter.LoadedModule,
        development: TableFile, developmentDocument: any EditableTable, language: String,
        documents: inout DocumentCache, result: inout Result, refused: inout [(XLIFFUnit, String)]
    ) {
        let order = developmentDocument.keys
        var positions: [String: Int] = [:]
        for (position, key) in order.enumerated() where positions[key] == nil { positions[key] = position }
        func body(_ change: inout WritePlan.FileChange) {
            let present = Set(change.document.keys)
            let outcome = change.document.translate(
                translations.map(\.translation), like: { developmentDocument.payload(of: $0) },
                placing: { key in
                    // After the nearest key before it in the development order that this file has.
                    guard let position = positions[key] else { return nil }
                    return order[..<position].last { present.contains($0) }
                }, edits: &change.edits)
            for (index, item) in translations.enumerated() {
                switch outcome.results[index] {
                case .changed: result.applied += 1
                case .unchanged: result.unchanged += 1
                case .refused(let reason): refused.append((item.unit, "not applied: \(reason)"))
                }
            }
            change.translated.merge(outcome.expected) { _, new in new }
            change.translatedKeys.formUnion(outcome.touched)
            change.translationCount += outcome.results.count { $0 == .changed }
        }
        do {
            switch Self.targetFile(of: development, language: language, in: module, paths: options.paths) {
            case .existing(let path) where path == development.path && development.format == .xcstrings:
                // A catalog holds every language: the development document read for the units
                // is the one to edit (a 12 MB catalog parsed and checked once, not twice).
                documents.create(developmentDocument, language: language, table: development.name, body)
            case .existing(let path):
                try documents.change(
                    path, format: development.format, language: language, table: development.name, body)
            case .new(let path):
                let document = try development.format.newTable(at: path, like: developmentDocument)
                documents.create(document, language: language, table: development.name, body)
            case .ambiguous(let reason):
                refused += translations.map { ($0.unit, reason) }
            }
        } catch {
            result.plan.conflicts.append(DocumentCache.refusal(error, file: development.path))
        }
    }
}
