import LinzaBase
import LinzaTables

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a lint run reads.
package struct DiscoveredFiles: Equatable, Sendable {
    /// Swift and Objective-C sources, sorted by path.
    package var sources: [String] = []
    /// `.strings` and `.stringsdict` files inside `<lang>.lproj` folders and String
    /// Catalogs anywhere in the resource folders, sorted by path.
    package var tables: [TableFile] = []
    /// Names of tables code does not read: storyboards and xibs in `.lproj` folders (their
    /// tables hold Interface Builder text), Siri intent definitions (read by the system) and
    /// tables of a Settings.bundle (read by the Settings app).
    package var interfaceNames: Set<String> = []
    /// The storyboards, xibs and intent definitions behind `interfaceNames`, sorted by path.
    package var interfaceFiles: [String] = []
    /// Folders that could not be read.
    package var failures: [InputFailure] = []

    package init() {}
}

/// Decides which files belong to a run: sources under `included`, tables under
/// `resources`, minus `excluded`, the always-skipped folders and hidden entries.
/// Each folder tree is walked once even when it is both included and a resource folder.
package enum FileDiscovery {
    package static func discover(_ configuration: Configuration) -> DiscoveredFiles {
        var trace: DirectoryWalker.Trace?
        return discover(configuration, trace: &trace)
    }

    /// `discover(_:)`, saying in `trace` which folders it read (`DirectoryWalker.Trace`): a
    /// root that is a file counts as its folder's entry. Declared input files
    /// (`inputFiles`) are no walk: the trace is then incomplete.
    package static func discover(_ configuration: Configuration, trace: inout DirectoryWalker.Trace?)
        -> DiscoveredFiles
    {
        var result = DiscoveredFiles()
        var languages = LanguageFolders()
        let excluded = ExcludedNames(configuration.excluded)
        let included = SelectorIndex(configuration.selected)
        if configuration.inputFiles != nil { trace?.isComplete = false }
        let tracing = trace != nil
        var linkRootsResolved: [ResolvedPath]?
        for root in configuration.inputFiles.map({ inputRoots($0, configuration) }) ?? walkRoots(configuration) {
            // A root that is a file is an entry of its folder, whose signature is taken first:
            // the file's removal, or a folder in its place, changes it.
            let folderSignature = trace?.signature(Path.parent(root))
            if Path.kind(root) == .file {
                trace?.add(Path.parent(root), signature: folderSignature)
                classify(
                    root, name: Path.lastComponent(root), configuration, included, languages: &languages, into: &result)
                continue
            }
            DirectoryWalker.walk(
                root, trace: &trace,
                visit: { entry, name in
                    switch entry {
                    case .directory(let path):
                        return !isExcluded(path, name: name, configuration, excluded)
                    case .file(let path):
                        if !isExcluded(path, name: name, configuration, excluded) {
                            classify(
                                path, name: name[...], configuration, included, languages: &languages, into: &result)
                        }
                        return false
                    case .link(let path):
                        if !isExcluded(path, name: name, configuration, excluded) {
                            // Resolved before the first link is classified against them.
                            if tracing, linkRootsResolved == nil {
                                linkRootsResolved = linkRoots(configuration).map { ResolvedPath($0) }
                            }
                            classifyLink(path, configuration, included, languages: &languages, into: &result)
                        }
                        return false
                    }
                },
                failed: { path, reason in
                    result.failures.append(
                        InputFailure(
                            location: Location(file: path, line: 1, column: 1),
                            message: Messages.unreadableFolder(reason)))
                })
        }
        trace?.resolved += linkRootsResolved ?? []
        result.sources.sort()
        result.tables.sort { $0.path < $1.path }
        result.interfaceFiles.sort()
        return result
    }

    /// Declared input files and folders that lie in the included or resource folders.
    private static func inputRoots(_ files: [String], _ configuration: Configuration) -> [String] {
        let scopes = configuration.selected.map(\.root) + configuration.resources
        return Set(files.map { Path.normalize($0) }).sorted().filter { file in
            Path.kind(file) != .missing && !isExcluded(file, name: String(Path.lastComponent(file)), configuration)
                && scopes.contains { Path.isInside(file, $0) }
        }
    }

    /// The distinct starting points, without those inside another one.
    private static func walkRoots(_ configuration: Configuration) -> [String] {
        let all = Set(configuration.selected.map(\.root) + configuration.resources).sorted()
        // Each candidate's folders are looked up among the roots kept so far (in sorted order
        // a folder comes before what it holds), instead of testing every root: `linza init`
        // writes a resource folder per language per module, a thousand in a big app.
        var roots: [String] = []
        var kept = Set<String>()
        for candidate in all where !Path.ancestors(of: candidate).contains(where: kept.contains) {
            roots.append(candidate)
            kept.insert(candidate)
        }
        return roots
    }

    /// Whether `path` (whose last component is `name`) is left out.
    private static func isExcluded(
        _ path: String, name: String, _ configuration: Configuration,
        _ excluded: ExcludedNames? = nil
    ) -> Bool {
        if name.hasPrefix(".") || Configuration.alwaysExcludedFolders.contains(name) { return true }
        if let excluded, !excluded.couldMatch(name) { return false }
        return configuration.excluded.contains { $0.matches(path) }
    }

    /// The last names `excluded:` patterns can match, when every pattern ends with a plain
    /// name (as `linza init` writes them): a path whose name is none of them is not
    /// excluded, found with one set lookup instead of a match per pattern.
    private struct ExcludedNames {
        /// As strings: a name equal to one of them only canonically (NFC against NFD) is
        /// then matched byte by byte, as every pattern is.
        private let names: Set<String>?

        init(_ patterns: [GlobPattern]) {
            let names = patterns.compactMap(\.lastLiteralName)
            self.names = names.count == patterns.count ? Set(names.map { String(decoding: $0, as: UTF8.self) }) : nil
        }

        func couldMatch(_ name: String) -> Bool {
            names?.contains(name) ?? true
        }
    }

    /// Files `path` (whose last component is `name`) as a source, a table or an
    /// Interface Builder file, or not at all.
    private static func classify(
        _ path: String, name: Substring, _ configuration: Configuration, _ included: SelectorIndex,
        languages: inout LanguageFolders, into result: inout DiscoveredFiles
    ) {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return }
        let fileExtension = String(name[name.index(after: dot)...])
        if configuration.languages.contains(where: { $0.fileExtensions.contains(fileExtension) }),
            included.selects(path)
        {
            result.sources.append(path)
        } else if let format = TableFormat(rawValue: fileExtension),
            configuration.resources.contains(where: { Path.isInside(path, $0) }),
            let table = tableFile(path, name: name[..<dot], format: format, languages: &languages)
        {
            result.tables.append(table)
            if Path.hasComponent(path, named: "Settings.bundle") { result.interfaceNames.insert(table.name) }
        } else if ((fileExtension == "storyboard" || fileExtension == "xib")
            && Path.lastComponent(Path.parent(path)).hasSuffix(".lproj"))
            // Siri intent definitions: the system reads their tables (`Intents.strings`),
            // wherever the definition file lies.
            || fileExtension == "intentdefinition"
        {
            result.interfaceNames.insert(String(name[..<dot]))
            result.interfaceFiles.append(path)
        }
    }

    /// A link is read like the file it leads to, unless that file lies outside the project
    /// (the configuration's folder, and the included and resource folders): a pull request
    /// could otherwise make Linza read, and quote, `/etc/passwd` or `/proc/self/environ`.
    private static func classifyLink(
        _ path: String, _ configuration: Configuration, _ included: SelectorIndex, languages: inout LanguageFolders,
        into result: inout DiscoveredFiles
    ) {
        guard let target = Path.real(path) else {
            // Dangling or looping: reading it says why.
            return classify(
                path, name: Path.lastComponent(path), configuration, included, languages: &languages, into: &result)
        }
        if linkRoots(configuration).contains(where: { root in
            Path.real(root).map { Path.relative(target, to: $0) != nil } ?? false
        }) {
            return classify(
                path, name: Path.lastComponent(path), configuration, included, languages: &languages, into: &result)
        }
        var probe = DiscoveredFiles()
        classify(path, name: Path.lastComponent(path), configuration, included, languages: &languages, into: &probe)
        if !probe.sources.isEmpty || !probe.tables.isEmpty || !probe.interfaceFiles.isEmpty {
            result.failures.append(
                InputFailure(
                    location: Location(file: path, line: 1, column: 1),
                    message: Messages.linkOutsideProject))
        }
    }

    /// The folders a link's target must lie in (`classifyLink`).
    private static func linkRoots(_ configuration: Configuration) -> [String] {
        [configuration.baseDirectory] + configuration.selected.map(\.root) + configuration.resources
    }

    /// Whether one of `selectors` selects `path`: it lies in a selector's root and, for a
    /// selector with a pattern, it or one of its folders below the root matches.
    package static func selects(_ selectors: [PathSelector], _ path: String) -> Bool {
        selectors.contains { selects($0, path) }
    }

    /// Whether `selector` selects `path` (see `selects(_:_:)`).
    package static func selects(_ selector: PathSelector, _ path: String) -> Bool {
        guard Path.isInside(path, selector.root) else { return false }
        guard let pattern = selector.pattern else { return true }
        // The file or one of its folders below the root must match.
        var candidate = path
        while candidate.count >= selector.root.count {
            if pattern.matches(candidate) { return true }
            candidate = Path.parent(candidate)
        }
        return false
    }

    /// A `TableFile` for a `.strings` or `.stringsdict` file directly inside a
    /// `<lang>.lproj` folder, or for a String Catalog anywhere.
    private static func tableFile(
        _ path: String, name: Substring, format: TableFormat,
        languages: inout LanguageFolders
    ) -> TableFile? {
        let folder = Path.lastComponent(Path.parent(path))
        let isInLanguageFolder = Path.isLanguageFolderName(folder)
        if format == .xcstrings {
            let displayName =
                isInLanguageFolder ? "\(folder)/\(Path.lastComponent(path))" : String(Path.lastComponent(path))
            return TableFile(path: path, language: nil, name: String(name), format: format, displayName: displayName)
        }
        guard isInLanguageFolder, let language = languages.language(of: folder) else {
            return nil
        }
        // Xcode finds `infoPlist.strings` as the InfoPlist table (a Mac's file system ignores
        // case); read as a table of its own, its permission texts would look unused.
        let name = name.utf8.count == 9 && name.lowercased() == "infoplist" ? "InfoPlist" : name
        return TableFile(
            path: path, language: language, name: String(name), format: format,
            displayName: "\(folder)/\(Path.lastComponent(path))")
    }
}

/// `de.lproj` -> `de`, normalised once per folder name: a big app has a hundred
/// thousand table files in a few hundred differently named folders.
private struct LanguageFolders {
    private var known: [Substring: String?] = [:]

    mutating func language(of folder: Substring) -> String? {
        if let language = known[folder] { return language }
        let language = LanguageCode.normalize(String(folder.dropLast(".lproj".count)))
        known[folder] = language
        return language
    }
}

extension Messages {
    static let linkOutsideProject =
        "this is a link to a file outside the project; Linza does not read it"
}
