import LinzaBase
import LinzaTables

/// A module's table files as the language passes read them: String Catalogs and the
/// development language's (and Base's) `.lproj` files once, up front; each other language's
/// `.lproj` files on demand, so a caller can read, use and drop one language at a time.
/// `lint` (`LanguagePasses`) and `status` share it, so both see the same tables merged in
/// the same order.
package struct ModuleTables: Sendable {
    /// The module's table files in discovery order (sorted by path).
    package let tableFiles: [TableFile]
    private let load: @Sendable (TableFile) -> [LoadedTableFile]
    /// `.lproj` files by language, as indices into `tableFiles`: each pass finds its own
    /// without hashing every path of the module again.
    private let lprojIndices: [String: [Int]]
    private let catalogIndices: [Int]
    /// String Catalogs hold every language in one file: read once, split by language (or
    /// only their development parts taken from the cache, the rest read if a pass asks).
    private let catalogs: [Int: CatalogParts]
    /// The development language's and Base's files with the catalogs' parts for them (and
    /// any unreadable catalog, language "", which stands for every language), in discovery order.
    package let developmentFiles: [LoadedTableFile]
    /// What could not be read among the development files and the catalogs.
    package let developmentFailures: [InputFailure]
    /// Every language with tables, Base excluded, sorted.
    package let languages: [String]

    /// `catalogRecord` gives a String Catalog's development parts from an earlier run, when
    /// its file is unchanged, and is told those of a catalog read now (`CatalogRecord`).
    package init(
        tableFiles: [TableFile], developmentLanguage: String,
        load: @escaping @Sendable (TableFile) -> [LoadedTableFile] = TableLoader.load,
        catalogRecord: CatalogRecord.Lookup? = nil
    ) {
        self.tableFiles = tableFiles
        self.load = load
        // Locals first: a closure may not capture `self` before every property is set.
        let lprojIndices = Dictionary(grouping: tableFiles.indices.filter { tableFiles[$0].language != nil }) {
            tableFiles[$0].language!
        }
        let catalogIndices = tableFiles.indices.filter { tableFiles[$0].format == .xcstrings }
        let developmentLanguages: Set<String> = [developmentLanguage, LanguageCode.base]
        let developmentParts = developmentLanguages.union([""])
        let catalogs = Dictionary(
            uniqueKeysWithValues: zip(
                catalogIndices,
                catalogIndices.concurrentMap { index in
                    CatalogParts(
                        tableFiles[index], developmentParts: developmentParts, load: load, record: catalogRecord)
                }))
        let developmentIndices = developmentLanguages.flatMap { lprojIndices[$0] ?? [] }
        let developmentLproj = Self.loaded(developmentIndices, of: tableFiles, load: load)
        self.lprojIndices = lprojIndices
        self.catalogIndices = catalogIndices
        self.catalogs = catalogs
        developmentFiles = Self.inOrder(
            developmentIndices, lproj: developmentLproj, catalogIndices: catalogIndices,
            catalogs: catalogs, languages: developmentParts)
        developmentFailures = (developmentLproj.values.flatMap { $0 } + catalogs.values.flatMap(\.failures)).compactMap(
            \.failure)
        let catalogLanguages = catalogs.values.flatMap(\.languages)
        languages = Set(Array(lprojIndices.keys) + catalogLanguages).subtracting([LanguageCode.base, ""]).sorted()
    }

    /// Reads `language`'s `.lproj` files: them and the catalogs' parts for the language, in
    /// discovery order (the order a whole-project check merges them in), and what could not
    /// be read.
    package func files(of language: String) -> (files: [LoadedTableFile], failures: [InputFailure]) {
        let indices = lprojIndices[language] ?? []
        let lproj = Self.loaded(indices, of: tableFiles, load: load)
        // A catalog taken from its record and read whole only now may fail to read now.
        let lateFailures = catalogIndices.flatMap { catalogs[$0]!.lateFailures(of: [language]) }
        return (
            Self.inOrder(
                indices, lproj: lproj, catalogIndices: catalogIndices, catalogs: catalogs,
                languages: [language]),
            lproj.values.flatMap { $0.compactMap(\.failure) } + lateFailures
        )
    }

    /// The files at `indices` read and parsed, by index, on all cores.
    private static func loaded(
        _ indices: [Int], of tableFiles: [TableFile],
        load: @Sendable (TableFile) -> [LoadedTableFile]
    ) -> [Int: [LoadedTableFile]] {
        Dictionary(uniqueKeysWithValues: zip(indices, indices.concurrentMap { load(tableFiles[$0]) }))
    }

    /// The loaded `.lproj` files and the catalog parts of `languages`, in discovery order.
    private static func inOrder(
        _ lprojIndices: [Int], lproj: [Int: [LoadedTableFile]], catalogIndices: [Int],
        catalogs: [Int: CatalogParts], languages: Set<String>
    ) -> [LoadedTableFile] {
        (lprojIndices + catalogIndices).sorted().flatMap { index -> [LoadedTableFile] in
            if let catalog = catalogs[index] { return catalog.parts(of: languages) }
            return lproj[index] ?? []
        }
    }
}
