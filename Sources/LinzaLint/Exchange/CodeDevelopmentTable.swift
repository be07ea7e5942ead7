import LinzaBase
import LinzaRules
import LinzaTables

/// A development table a module keeps in its code: with `development_values_in_code`, a
/// table code reads that has no development-language file (Firefox Focus's widget: its
/// English texts are the calls' `value:`, its translations
/// `Widgets/<lang>.lproj/Localizable.strings`). Xcode exports such a table as
/// `<folder>/<dev>.lproj/<Table>.strings`, a file that does not exist, and its importer
/// creates the languages' files beside it. `export --include-missing` and `import
/// --include-missing` (the options that read the keys only code has) see it as that file,
/// written as genstrings would write it from the calls (`StringsDocument.genstringsText`).
package struct CodeDevelopmentTable: Sendable {
    /// The file the table would be, at a path where nothing is.
    package var file: TableFile
    /// Its text: one entry per key, sorted as Xcode's importer sorts a table it writes.
    package var bytes: [UInt8]

    /// The code tables of `module`, when its configuration keeps the development language's
    /// texts in code: each table code reads (`isCodeTable`) that has no development file, no
    /// `Base.lproj` file and no String Catalog, placed in the one folder holding its other
    /// languages' `.lproj` folders, else in the one folder of its calls' sources. A table
    /// with no one such folder is left out, and so is a key whose calls give different
    /// values or comments: a file cannot hold both.
    package static func tables(of module: Linter.LoadedModule) -> [CodeDevelopmentTable] {
        let project = module.project
        guard project.configuration.developmentValuesInCode else { return [] }
        let development = project.developmentLanguage
        var result: [CodeDevelopmentTable] = []
        for (name, keys) in project.usageIndex.tables.sorted(by: { $0.name < $1.name })
        where project.isCodeTable(name) && project.table(language: development, name: name) == nil
            && project.table(language: LanguageCode.base, name: name) == nil
            && !module.tables.contains(where: { $0.file.name == name && $0.file.format == .xcstrings })
        {
            let languageFolders = Set(
                module.tables.map(\.file).filter {
                    $0.name == name && $0.format == .strings && Path.parent($0.path).hasSuffix(".lproj")
                }.map { Path.parent(Path.parent($0.path)) })
            let callFolders = Set(keys.flatMap { $0.usages.map { Path.parent($0.location.file) } })
            let folders = languageFolders.isEmpty ? callFolders : languageFolders
            guard folders.count == 1, let folder = folders.first else { continue }
            var entries: [NewStringsEntry] = []
            for key in keys {
                let values = Set(key.usages.compactMap(\.defaultValue))
                let comments = Set(key.usages.compactMap(\.comment).filter { !$0.isEmpty })
                guard values.count <= 1, comments.count <= 1 else { continue }
                entries.append(
                    NewStringsEntry(key: key.key.value, value: values.first ?? key.key.value, comment: comments.first))
            }
            guard !entries.isEmpty else { continue }
            // Xcode's importer writes a table's keys sorted without regard to case.
            entries.sort {
                let (left, right) = ($0.key.lowercased(), $1.key.lowercased())
                return left == right
                    ? $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
                    : left.utf8.lexicographicallyPrecedes(right.utf8)
            }
            let path = Path.join(folder, "\(development).lproj/\(name).strings")
            result.append(
                CodeDevelopmentTable(
                    file: TableFile(
                        path: path, language: development, name: name, format: .strings,
                        displayName: "\(development).lproj/\(name).strings (in code)"),
                    bytes: StringsDocument.genstringsText(entries)))
        }
        return result
    }
}
