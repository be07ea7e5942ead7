import LinzaBase
import LinzaConfiguration
import LinzaRules
import LinzaTables

/// `lint --xliff`: XLIFF files (a translator's, a service's, an export) checked with the
/// rules that check exchange files (`RuleInputs.exchangeFiles`). Each `<file>` is one view
/// (`LintProject.exchange`): its sources and targets as tables, so `format_mismatch`,
/// `plural_forms` and `empty_value` check each target against its own source as they check
/// a table; and each translated unit judged against the project's tables today as `import`
/// judges it (`ExchangeUnitVerdict`), for `stale_source`, `should_not_translate` and
/// `unused_plural_category`. Findings are at the units' lines in the XLIFF files.
package struct XLIFFLinter {
    /// The rules run; only those that check exchange files do anything.
    package var rules: [any Rule.Type] = RuleRegistry.all
    /// Whether units are judged against the project's tables: `lint --xliff` judges them;
    /// `import`, which judges them itself and reports what it does not apply, does not.
    package var judgesUnits = true
    /// Reads a development table's bytes (tests read from memory).
    package var read: (String) throws -> [UInt8] = { try FileReader.read($0) }

    /// What checking the files found.
    package struct Result: Sendable {
        package var diagnostics: [Diagnostic] = []
        /// The target languages checked, as the project spells them, sorted.
        package var languages: [String] = []
        /// Development tables the units could not be judged against (unreadable, or not
        /// tables Linza maps to units exactly).
        package var failures: [InputFailure] = []
    }

    package init() {}

    /// Checks `documents` against `modules` (as `Linter.load` or `loadTables` returns them);
    /// `configuration` is the project's, its folder the one `original` paths are relative to.
    package func lint(
        _ documents: [ExchangeDocument], modules: [Linter.LoadedModule], configuration: Configuration
    ) -> Result {
        var result = Result()
        var languages = Set<String>()
        var known: [String: [String: ExchangeCurrentUnit]] = [:]
        var unreadable = Set<String>()
        for document in documents {
            for section in document.document.files {
                let resolved = resolve(section, modules: modules, root: configuration.baseDirectory)
                languages.insert(resolved.language)
                var units: [String: ExchangeCurrentUnit]?
                if judgesUnits, let module = resolved.module, let development = resolved.development {
                    let cacheKey = development.path + "\u{0}" + resolved.language
                    if let cached = known[cacheKey] {
                        units = cached
                    } else if !unreadable.contains(development.path) {
                        do {
                            units = try ExchangeProject.currentUnits(
                                of: development, bytes: try read(development.path), language: resolved.language,
                                in: module, read: read)
                            known[cacheKey] = units
                        } catch {
                            unreadable.insert(development.path)
                            result.failures.append(Self.failure(error, table: development.path))
                        }
                    }
                    // A table Linza could not map is a failure already; its units are not judged.
                    if units == nil { continue }
                }
                let view = self.view(
                    section, in: document.path, resolved: resolved, known: units,
                    configuration: resolved.module?.configuration ?? configuration)
                result.diagnostics += RuleEngine.checkExchange(view, rules: rules)
            }
        }
        result.diagnostics = result.diagnostics.sortedForOutput()
        result.languages = languages.sorted()
        return result
    }

    /// What a `<file>` names in the project.
    struct Resolved {
        var module: Linter.LoadedModule?
        var development: TableFile?
        /// The format its ids are in; nil for a file Linza does not read as a table.
        var format: TableFormat?
        var name: String
        var language: String
    }

    func resolve(_ section: XLIFFFile, modules: [Linter.LoadedModule], root: String) -> Resolved {
        let fileName = Path.lastComponent(section.original)
        let dot = fileName.lastIndex(of: ".")
        let name = String(fileName[..<(dot ?? fileName.endIndex)])
        let format = dot.flatMap { TableFormat(rawValue: String(fileName[fileName.index(after: $0)...])) }
        let code = section.targetLanguage ?? section.sourceLanguage
        guard format != nil,
            let (module, development) = ExchangeProject.developmentTable(
                section.original, root: root, in: modules)
        else {
            return Resolved(format: format, name: name, language: LanguageCode.normalize(code) ?? code)
        }
        return Resolved(
            module: module, development: development, format: development.format, name: name,
            language: ExchangeProject.projectLanguage(code, in: module))
    }

    /// The view of one `<file>` the rules check: its tables, in the pass of its target
    /// language, and its translated units with their verdicts (`known`: the table's units
    /// today, nil when they are not judged).
    func view(
        _ section: XLIFFFile, in path: String, resolved: Resolved, known: [String: ExchangeCurrentUnit]?,
        configuration: Configuration
    ) -> LintProject {
        var configuration = configuration
        // In an exchange file a category the language lacks is a unit import drops, not dead
        // text: the rule is on there unless the configuration sets its level.
        let unusedCategory = UnusedPluralCategoryRule.description.id
        if judgesUnits && configuration.settings(for: unusedCategory).level == nil {
            configuration.optInRules.insert(unusedCategory)
        }
        let developmentLanguage = configuration.developmentLanguage
        let format = resolved.format ?? .strings
        let tables = ExchangeTables.tables(
            of: section, path: path, format: format, name: resolved.name,
            developmentLanguage: developmentLanguage, language: resolved.language)
        // A file to the development language carries its sources as targets: nothing to compare.
        let targets = resolved.language == developmentLanguage ? [] : [tables.target]
        var view = LintProject(
            sources: [], tables: TableCatalog(files: [tables.development]), configuration: configuration
        ).pass(for: resolved.language, adding: targets)
        let table: ExchangeSection.Table =
            resolved.format == nil ? .notATable : resolved.development == nil ? .unknown : .known
        let units = section.units.compactMap { unit -> ExchangeSection.Unit? in
            guard let target = unit.target else { return nil }
            let format = resolved.format ?? .strings
            return ExchangeSection.Unit(
                id: unit.id, key: ExchangeUnitAddress(id: unit.id, format: format)?.key ?? unit.id,
                location: Location(file: path, line: max(unit.line, 1), column: max(unit.column, 1)),
                source: unit.source, target: target,
                verdict: known.map {
                    ExchangeUnitVerdict(unit, target: target, known: $0, language: resolved.language, format: format)
                })
        }
        view.exchange = ExchangeSection(
            original: section.original,
            location: Location(file: path, line: max(section.line, 1), column: max(section.column, 1)),
            tableName: resolved.name, language: resolved.language, table: table, units: units)
        return view
    }

    /// A development table the units cannot be judged against, at the place that says why.
    static func failure(_ error: any Error, table path: String) -> InputFailure {
        if let refusal = error as? TableRefusal {
            return InputFailure(
                location: Location(file: refusal.path, line: refusal.line, column: refusal.column),
                message: "XLIFF units cannot be checked against this table: \(refusal.reason)")
        }
        return InputFailure(
            location: Location(file: path, line: 1, column: 1),
            message: "XLIFF units cannot be checked against this table: \(error)")
    }
}
