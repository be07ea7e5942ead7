import LinzaBase
import LinzaTables

/// Which of the project's tables an XLIFF `<file>` means: its `original` as the project's
/// development table, its `target-language` as the project spells that language. What
/// `import` applies units to and `lint --xliff` checks them against.
package enum ExchangeProject {
    /// The table file `original` (relative to `root`, the folder of `.linza.yml`) names,
    /// and the module it is in.
    package static func developmentTable(_ original: String, root: String, in modules: [Linter.LoadedModule])
        -> (Linter.LoadedModule, TableFile)?
    {
        let wanted = Path.normalize(Path.absolute(original, relativeTo: root))
        let real = Path.realOrNearest(wanted)
        for module in modules {
            if let loaded = module.tables.first(where: {
                $0.failure == nil && ($0.file.path == wanted || Path.realOrNearest($0.file.path) == real)
            }) {
                var file = loaded.file
                if file.format == .xcstrings { file.language = nil }
                return (module, file)
            }
        }
        return nil
    }

    /// The table a module keeps in code (`CodeDevelopmentTable`) that `original` names, and
    /// the module: a `<file>` Xcode exported for a development file that does not exist.
    package static func codeTable(_ original: String, root: String, in modules: [Linter.LoadedModule])
        -> (Linter.LoadedModule, CodeDevelopmentTable)?
    {
        let wanted = Path.normalize(Path.absolute(original, relativeTo: root))
        for module in modules {
            if let table = CodeDevelopmentTable.tables(of: module).first(where: { $0.file.path == wanted }) {
                return (module, table)
            }
        }
        return nil
    }

    /// The units the development table `development` (a `.strings` or `.stringsdict` file,
    /// its `bytes`) of `module` gives for `language` today, with what the language's own file
    /// adds to them (`ExchangeCurrentUnit.units`): what import applies and `lint --xliff`
    /// judges. `read` reads that file.
    package static func currentUnits(
        of development: TableFile, bytes: [UInt8], language: String, in module: Linter.LoadedModule,
        read: (String) throws -> [UInt8]
    ) throws -> [String: ExchangeCurrentUnit] {
        let pairs = stringsdictKeys(besides: development, in: module)
        let target =
            pairs.isEmpty && development.format != .stringsdict
            ? nil : languageFile(of: development, language: language, in: module)
        return try ExchangeCurrentUnit.units(
            of: development, bytes: bytes, language: language,
            developmentLanguage: module.project.developmentLanguage, stringsdictKeys: pairs,
            target: try target.map { (try read($0), $0) })
    }

    /// The keys of the `.stringsdict` beside the `.strings` table `development` (same
    /// folder, same name): Xcode exports such a key from the `.stringsdict` and marks its
    /// `.strings` unit `translate="no"`, so import and `lint --xliff` must know them.
    package static func stringsdictKeys(besides development: TableFile, in module: Linter.LoadedModule)
        -> Set<String>
    {
        guard development.format == .strings else { return [] }
        let folder = Path.parent(development.path)
        let sibling = module.tables.first {
            $0.file.format == .stringsdict && $0.file.name == development.name && Path.parent($0.file.path) == folder
        }
        return Set(sibling?.entries.map(\.key) ?? [])
    }

    /// `language`'s file of the `.strings` or `.stringsdict` table `development` in the
    /// `.lproj` folder beside it, when the module has one (read for the texts of units that
    /// are not to be translated).
    package static func languageFile(of development: TableFile, language: String, in module: Linter.LoadedModule)
        -> String?
    {
        let folder = Path.parent(Path.parent(development.path))
        return module.tables.first {
            $0.file.name == development.name && $0.file.format == development.format && $0.file.language == language
                && Path.parent(Path.parent($0.file.path)) == folder
        }?.file.path
    }

    /// `code` as the module spells the language among its tables and required languages
    /// (`zh-Hans` for `zh_Hans` or `zh-hans`), else in its normal form. A region-less
    /// Chinese code from a translation service (`zh-CN`, `zh-TW`) means the script the
    /// project has (`zh-Hans`, `zh-Hant`) when the project has no table of the region code.
    package static func projectLanguage(_ code: String, in module: Linter.LoadedModule) -> String {
        let normal = LanguageCode.normalize(code) ?? code
        var known = Set(module.tables.compactMap(\.file.language) + module.project.requiredLanguages)
        if known.contains(normal) { return normal }
        let aliases = ["zh-CN": "zh-Hans", "zh-SG": "zh-Hans", "zh-TW": "zh-Hant", "zh-HK": "zh-Hant"]
        guard let alias = aliases[normal] else { return normal }
        // Catalogs loaded without their entries hold languages too: read here, the one place
        // where they decide.
        for table in module.tables where TableLoader.isUnparsedCatalog(table) {
            if let bytes = try? FileReader.read(table.file.path),
                let catalog = try? ExchangeMapping.parseCatalog(bytes, path: table.file.path)
            {
                known.formUnion(catalog.languages)
            }
        }
        if known.contains(normal) { return normal }
        return known.contains(alias) ? alias : normal
    }
}
