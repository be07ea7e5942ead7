import LinzaBase
import LinzaConfiguration
import LinzaRules
import LinzaTables

/// Plans `linza export`: for each language, the XLIFF Xcode's `-exportLocalizations` writes
/// for the project's tables (`ExchangeMapping`, `XLIFFWriter`), alone (`--format xliff`) or
/// in an `.xcloc` bundle (`ExportBundle`). Nothing is written here: the plan lists new files
/// (or the files of a previous export it replaces) for one `FileTransaction`.
package struct ExportPlanner {
    /// `xcloc` (Xcode's bundle, the default) or `xliff` (the XLIFF file alone).
    package enum Format: String, Sendable, CaseIterable {
        case xcloc
        case xliff
    }

    /// What to export.
    package struct Options: Sendable {
        /// The languages to export; empty: every language the project has but the development language.
        package var languages: [String] = []
        /// The folder the exports go to (absolute).
        package var output: String
        package var format: Format = .xcloc
        /// The `<tool>` header: the Xcode whose output the export reproduces.
        package var tool = XLIFFTool(
            version: ExportPlanner.defaultXcodeVersion, buildNumber: ExportPlanner.defaultXcodeBuild)
        package var modules: Set<String> = []
        /// Add the keys code uses that no table has, as units without translation.
        package var includeMissing = false
        /// The folder of `.linza.yml`: `<file original>` paths are relative to it.
        package var projectRoot: String

        package init(output: String, projectRoot: String) {
            self.output = output
            self.projectRoot = projectRoot
        }

        func includes(module: String?) -> Bool {
            modules.isEmpty || module.map(modules.contains) == true
        }
    }

    /// The Xcode the default `<tool>` header names (`--xcode-version`, `--xcode-build`): the
    /// newest whose exports Linza reproduces (26.3, Kitsune's: docs/ROUNDTRIP.md).
    package static let defaultXcodeVersion = "26.3"
    package static let defaultXcodeBuild = "17C529"

    package let options: Options

    package init(options: Options) {
        self.options = options
    }

    /// The plan for `modules`; a table Linza cannot read exactly, or an output in the way,
    /// is a `TableRefusal` (nothing is written).
    package func plan(_ modules: [ExportModule]) throws -> ExportPlan {
        var plan = ExportPlan()
        let tables = try developmentTables(modules, skipped: &plan.skipped)
        let development = modules.first?.configuration.developmentLanguage ?? "en"
        let languages = options.languages.isEmpty ? projectLanguages(modules, tables, development) : options.languages
        if languages.isEmpty {
            plan.skipped.append(
                "the project has no language but \(development); name one with --language (\(development) included)")
        }
        let missing = options.includeMissing ? missingUnits(modules, tables: tables, warnings: &plan.warnings) : [:]
        for language in languages {
            var files: [XLIFFFile] = []
            for table in tables {
                var units = try units(of: table, language: language, development: development)
                if let added = missing[table.path] {
                    units = Self.inserting(
                        added.map { unit in
                            var unit = unit
                            if language == development {
                                unit.target = unit.source
                                unit.state = XLIFFUnit.State.new.rawValue
                            }
                            return unit
                        }, into: units, format: table.format)
                }
                files.append(
                    XLIFFFile(
                        original: table.original, sourceLanguage: table.catalog?.sourceLanguage ?? development,
                        targetLanguage: language, tool: options.tool, units: units))
            }
            let xliff = XLIFFWriter.bytes(of: XLIFFDocument(files: files))
            let unitCount = files.reduce(0) { $0 + $1.units.count }
            switch options.format {
            case .xliff:
                let path = Path.join(options.output, "\(language).xliff")
                try plan.add(
                    path: path, bytes: xliff, replacing: try ExportBundle.previousXLIFF(path, language: language))
                plan.outputs.append(.init(language: language, path: path, units: unitCount, tables: files.count))
            case .xcloc:
                let bundle = ExportBundle(
                    path: Path.join(options.output, "\(language).xcloc"), language: language,
                    developmentLanguage: development, tool: options.tool,
                    project: ExportBundle.xcodeProjectName(in: options.projectRoot))
                try bundle.plan(xliff: xliff, tables: tables, into: &plan)
                plan.outputs.append(.init(language: language, path: bundle.path, units: unitCount, tables: files.count))
            }
        }
        return plan
    }

    /// The units of one table for `language`.
    func units(of table: ExportTable, language: String, development: String) throws -> [XLIFFUnit] {
        switch table.format {
        case .xcstrings:
            guard let catalog = table.catalog else { return [] }
            return ExchangeMapping.catalogUnits(catalog, targetLanguage: language)
        case .strings, .stringsdict:
            let targetPath = language == development ? nil : table.translations[language]
            let target = try targetPath.map { path in
                do {
                    return try FileReader.read(path)
                } catch {
                    throw TableRefusal(
                        path: path, reason: "cannot be read: \((error as? FileReadError)?.reason ?? "\(error)")")
                }
            }
            if table.format == .strings {
                return try ExchangeMapping.stringsUnits(
                    development: table.bytes, path: table.path, target: target, targetPath: targetPath,
                    sameLanguage: language == development, stringsdictKeys: table.stringsdictKeys)
            }
            return try ExchangeMapping.stringsdictUnits(
                development: table.bytes, path: table.path, target: target, targetPath: targetPath,
                targetLanguage: language, sameLanguage: language == development, notes: table.stringsComments)
        }
    }

    /// `added` put where Xcode would list their keys, each in turn: before the first unit of
    /// a key that follows it (a catalog's keys in Xcode's XLIFF order, a `.strings` table's
    /// byte by byte). The units' keys are read from their ids once, not once per unit added.
    static func inserting(_ added: [XLIFFUnit], into units: [XLIFFUnit], format: TableFormat) -> [XLIFFUnit] {
        var units = units
        func key(_ unit: XLIFFUnit) -> String { ExchangeUnitAddress(id: unit.id, format: format)?.key ?? unit.id }
        var keys = units.map(key)
        for unit in added {
            let index =
                keys.firstIndex { key in
                    format == .xcstrings
                        ? ExchangeUnitOrder.precedes(unit.id, key) : ExchangeMapping.xcodeKeyOrder(unit.id, key)
                } ?? units.endIndex
            units.insert(unit, at: index)
            keys.insert(key(unit), at: index)
        }
        return units
    }

    /// Every language the project holds: its tables' languages, its catalogs' localizations,
    /// and the required and warned languages of its configuration (a language to start
    /// translating), without the development language and Base.
    func projectLanguages(_ modules: [ExportModule], _ tables: [ExportTable], _ development: String) -> [String] {
        var found = Set<String>()
        for module in modules where options.includes(module: module.name) {
            found.formUnion(module.configuration.requiredLanguages ?? [])
            found.formUnion(module.configuration.warnedLanguages)
            found.formUnion(module.tables.compactMap(\.language))
        }
        for table in tables { found.formUnion(table.catalog?.languages ?? []) }
        found.remove(development)
        found.remove(LanguageCode.base)
        return found.sorted()
    }
}
