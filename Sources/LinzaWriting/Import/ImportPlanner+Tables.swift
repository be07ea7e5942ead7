import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaTables

/// Which file of a table an XLIFF `<file>`'s language is written to (or created as, where
/// the project shows one place for it); `ExchangeProject` finds the table and language.
extension ImportPlanner {
    /// Where a language's texts of a table go.
    enum TargetFile: Equatable {
        case existing(String)
        /// A file to create (the language has none of this table).
        case new(String)
        /// No one place for a new file: the reason, in a sentence.
        case ambiguous(String)
    }

    /// `language`'s file of `development`'s table: the catalog itself; the file of the same
    /// name and format in that language's `.lproj` folder beside the development one;
    /// else a new one there, unless the table's other languages are in other folders.
    static func targetFile(
        of development: TableFile, language: String, in module: Linter.LoadedModule, paths: DisplayPaths
    ) -> TargetFile {
        if development.format == .xcstrings { return .existing(development.path) }
        let folder = Path.parent(Path.parent(development.path))
        let same = module.tables.map(\.file).filter { $0.name == development.name && $0.format == development.format }
        if let file = same.first(where: { $0.language == language && Path.parent(Path.parent($0.path)) == folder }) {
            return .existing(file.path)
        }
        guard Path.isInLanguageFolder(development.path) else {
            return .ambiguous(
                "\(language) has no \(development.displayName), and the development table is in no .lproj folder "
                    + "to put one beside; create it by hand, then import again")
        }
        let elsewhere = Set(same.filter { $0.language == language }.map(\.path))
        if let other = elsewhere.sorted().first {
            return .ambiguous(
                "\(language)'s \(development.name) table is at \(paths.path(other)), not beside the development table; "
                    + "not applied, as Linza cannot tell which file is meant")
        }
        // None at all: a table the module keeps in code (`CodeDevelopmentTable`), whose
        // languages start beside the file it would be.
        let folders = Set(same.map { Path.parent(Path.parent($0.path)) })
        guard folders.isEmpty || folders == [folder] else {
            return .ambiguous(
                "\(language) has no \(development.name) table, and its other languages are in \(folders.count) folders "
                    + "(\(folders.sorted().map(paths.path).joined(separator: ", "))); create it by hand where it belongs, then import again"
            )
        }
        let path = Path.join(folder, "\(language).lproj/\(development.name).\(development.format.rawValue)")
        guard Path.kind(path) == .missing else {
            return .ambiguous("\(paths.path(path)) is there but Linza did not read it as a table; not written over")
        }
        return .new(path)
    }
}
