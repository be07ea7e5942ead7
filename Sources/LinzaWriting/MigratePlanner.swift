import LinzaBase
import LinzaConfiguration
import LinzaLint
import LinzaRules
import LinzaSources
import LinzaTables

/// Plans `linza migrate`: each selected table's `.strings` and `.stringsdict` files, in
/// every language, become one String Catalog `<Table>.xcstrings` in the folder that holds
/// their `.lproj` folders, and the files it replaces are removed, in one transaction.
/// With `toStrings`, the reverse: each selected catalog becomes `<lang>.lproj/<Table>.strings`
/// (and `.stringsdict`) beside it. A table whose shape the other format cannot hold is
/// refused whole, with the reason at its place; what the other format keeps less precisely
/// is said in `skipped` and `warnings`.
package struct MigratePlanner {
    package struct Options: Sendable {
        package var modules: Set<String> = []
        package var tables: Set<String> = []
        package var migration = CatalogMigration.Options()
        /// How the plan's messages name files (the command's `--absolute-paths`).
        package var paths = DisplayPaths.absolute
        /// Catalogs back to `.strings` and `.stringsdict` files.
        package var toStrings = false
        /// Drop the keys the development language lacks, as Xcode does, rather than refuse.
        package var dropsOrphans = false

        package init() {}
    }

    package let options: Options

    package init(options: Options) {
        self.options = options
    }

    package func plan(_ modules: [Linter.LoadedModule]) -> WritePlan {
        var plan = WritePlan()
        for module in modules where options.modules.isEmpty || module.name.map(options.modules.contains) == true {
            let configuration = module.configuration
            let byName = Dictionary(grouping: module.tables, by: \.file.name)
            for (name, files) in byName.sorted(by: { $0.key < $1.key }) {
                guard options.tables.isEmpty || options.tables.contains(name) else { continue }
                let catalogs = files.filter { $0.file.format == .xcstrings }
                let legacy = files.filter { $0.file.format != .xcstrings }
                // A catalog loads as one file per language it holds: one path per catalog.
                let catalogPaths = Array(Set(catalogs.map(\.file.path))).sorted()
                do {
                    if options.toStrings {
                        for path in catalogPaths {
                            try planBack(path, name: name, into: &plan)
                        }
                        continue
                    }
                    guard !legacy.isEmpty else { continue }
                    if let reason = Self.unsupported(name, module: module, explicit: options.tables.contains(name)) {
                        plan.skipped.append(reason)
                        continue
                    }
                    if let path = catalogPaths.first {
                        throw MigrationRefusal(
                            path: path,
                            reason: "table \(Messages.quoted(name)) already has this String Catalog; "
                                + "Linza does not merge .strings files into an existing catalog")
                    }
                    try planForward(name, legacy, configuration: configuration, into: &plan)
                } catch let refusal as MigrationRefusal {
                    plan.conflicts.append(
                        WriteConflict(
                            kind: .refusal, message: refusal.reason,
                            location: Location(file: refusal.path, line: refusal.line, column: 1), table: name))
                } catch {
                    plan.conflicts.append(
                        WriteConflict(
                            kind: .refusal,
                            message: (error as? any PathNamingError)?.description(paths: options.paths) ?? "\(error)",
                            location: Location(file: name, line: 1, column: 1),
                            table: name))
                }
            }
        }
        if !plan.conflicts.isEmpty { plan.wholeFiles = [] }
        return plan
    }

    /// Why Linza leaves table `name` as it is: Interface Builder and InfoPlist tables take
    /// a catalog of another shape (Xcode's own migration of them was not measured); nil to migrate it.
    static func unsupported(_ name: String, module: Linter.LoadedModule, explicit: Bool) -> String? {
        let kind: String
        if module.interfaceNames.contains(name) {
            kind = "an Interface Builder table (storyboard or xib)"
        } else if name == "InfoPlist" {
            kind = "the Info.plist table"
        } else {
            return nil
        }
        return "\(name): \(kind) is not migrated: Xcode writes those catalogs in a shape Linza has not verified"
            + (explicit ? " (--table \(name) was asked)" : "")
    }

    private func planForward(
        _ name: String, _ files: [LoadedTableFile], configuration: Configuration, into plan: inout WritePlan
    ) throws {
        let development = configuration.developmentLanguage
        var table = LegacyTable()
        var sources: [(path: String, bytes: [UInt8])] = []
        var byLanguage: [String: [LoadedTableFile]] = Dictionary(grouping: files, by: \.language)
        if let base = byLanguage.removeValue(forKey: "Base") {
            // Base files equal to the development language's go with them; the others stand for them.
            let twins = try mergeBase(base, into: &byLanguage, development: development)
            sources += try twins.map { ($0.file.path, try FileReader.read($0.file.path)) }
            plan.warnings += twins.map {
                "\(options.paths.path($0.file.path)) holds what "
                    + "\(development).lproj's does; it is removed with it"
            }
        }
        for (language, files) in byLanguage {
            for file in files {
                if let failure = file.failure {
                    throw MigrationRefusal(path: file.file.path, line: failure.location.line, reason: failure.message)
                }
                // Xcode's migration keeps the last definition, as the app reads it (XcodesApp's
                // ko.lproj "AppleID"); Linza does the same and says so.
                for duplicate in file.duplicates {
                    plan.warnings.append(
                        "\(options.paths.path(file.file.path)):"
                            + "\(duplicate.location.line): \(Messages.quoted(duplicate.key)) is defined again (first on line "
                            + "\(duplicate.firstLocation.line)); the catalog keeps this last definition, as the app and Xcode do"
                    )
                }
                for problem in file.problems where problem.effect == .losesEntry {
                    // Xcode migrates such an entry as written (IceCubesApp's de.lproj plural
                    // naming an undefined variable): so does Linza, saying so.
                    plan.warnings.append(
                        "\(options.paths.path(file.file.path)):"
                            + "\(problem.location.line): \(problem.message); migrated all the same, as Xcode does")
                }
                if let problem = file.problems.first(where: { $0.effect != .losesEntry }) {
                    throw MigrationRefusal(
                        path: file.file.path, line: problem.location.line,
                        reason: "the table cannot be read completely (\(problem.message)); fix it, then migrate")
                }
                let bytes = try FileReader.read(file.file.path)
                sources.append((file.file.path, bytes))
                switch file.file.format {
                case .strings:
                    let document = try StringsDocument(path: file.file.path, bytes: bytes)
                    table.texts[language, default: []] += Self.texts(of: document)
                case .stringsdict:
                    let document = try StringsdictDocument(path: file.file.path, bytes: bytes)
                    table.plurals[language, default: []] += try LegacyTable.plurals(
                        of: document.text, path: file.file.path)
                case .xcstrings:
                    continue
                }
            }
        }
        let orphans = table.orphans(development: development)
        if !orphans.isEmpty {
            let named =
                orphans.prefix(5).map(Messages.quoted).joined(separator: ", ") + (orphans.count > 5 ? ", …" : "")
            guard options.dropsOrphans else {
                throw MigrationRefusal(
                    path: files.first { $0.language == development }?.file.path ?? files[0].file.path,
                    reason:
                        "\(orphans.count) key\(orphans.count == 1 ? "" : "s") only other languages have (\(named)): "
                        + "in a String Catalog \(orphans.count == 1 ? "it" : "they") would read as \(development) text "
                        + "equal to the key, and Xcode's migration drops them with their translations. Add them to "
                        + "the \(development) table, delete them, or run again with --drop-orphans to drop them as Xcode does"
                )
            }
            table = table.dropping(Set(orphans))
            plan.warnings.append(
                "\(name): dropped \(orphans.count) key\(orphans.count == 1 ? "" : "s") only other languages have "
                    + "(\(named)), with their translations, as Xcode's migration does")
        }
        for file in files where file.entries.isEmpty && file.language != "Base" {
            plan.warnings.append(
                "\(options.paths.path(file.file.path)) has no entries: "
                    + "a String Catalog cannot hold a language with an empty table, so lint will see \(file.language) "
                    + "without this table (the app reads it the same: it falls back to \(development))")
        }
        let folder = try Self.catalogFolder(files, development: development)
        let path = Path.join(folder, name + ".xcstrings")
        guard Path.kind(path) == .missing else {
            throw MigrationRefusal(path: path, reason: "a file is already there; Linza does not replace it")
        }
        let (catalog, notes) = CatalogMigration.catalog(table, sourceLanguage: development, options: options.migration)
        let bytes = XcodeJSONLayout().render(catalog)
        try Self.verify(bytes, path: path, table: table, development: development)
        plan.warnings += notes.map { "\(name): \($0)" }
        plan.wholeFiles.append(FileTransaction.Change(path: path, original: nil, updated: bytes))
        plan.wholeFiles += sources.sorted { $0.path < $1.path }.map {
            FileTransaction.Change.removal(of: $0.path, original: $0.bytes)
        }
    }

    /// `Base.lproj`'s files stand for the development language's when it has none; when
    /// both exist they must hold the same entries, or Linza cannot tell which the catalog
    /// should keep.
    /// Returns the Base files that only repeat the development language's.
    private func mergeBase(
        _ base: [LoadedTableFile], into byLanguage: inout [String: [LoadedTableFile]], development: String
    ) throws -> [LoadedTableFile] {
        let own = byLanguage[development] ?? []
        var twins: [LoadedTableFile] = []
        for file in base {
            guard let twin = own.first(where: { $0.file.format == file.file.format }) else {
                byLanguage[development, default: []].append(file)
                continue
            }
            twins.append(file)
            let values = { (file: LoadedTableFile) in
                Dictionary(file.entries.map { ($0.key, $0.texts.map(\.text)) }, uniquingKeysWith: { _, last in last })
            }
            guard values(file) == values(twin) else {
                let key = Set(values(file).keys).union(values(twin).keys).sorted().first {
                    values(file)[$0] != values(twin)[$0]
                }
                throw MigrationRefusal(
                    path: file.file.path,
                    reason: "Base.lproj and \(development).lproj both hold this table and disagree"
                        + (key.map { key in
                            let only =
                                values(file)[key] == nil
                                ? ", which only \(development).lproj has"
                                : values(twin)[key] == nil ? ", which only Base.lproj has" : ""
                            return " (first on \(Messages.quoted(key))\(only))"
                        } ?? "")
                        + "; make them agree or remove one, then migrate")
            }
        }
        return twins
    }

    /// The folder that holds the table's `.lproj` folders (its `.strings` files' when the
    /// `.stringsdict` files lie elsewhere, as in IceCubesApp's `Plurals/`).
    static func catalogFolder(_ files: [LoadedTableFile], development: String) throws -> String {
        let strings = files.filter { $0.file.format == .strings }
        let folders = Set((strings.isEmpty ? files : strings).map { Path.parent(Path.parent($0.file.path)) })
        guard folders.count == 1, let folder = folders.first else {
            throw MigrationRefusal(
                path: files[0].file.path,
                reason: "the table's .lproj folders lie in \(folders.count) folders "
                    + "(\(folders.sorted().joined(separator: ", "))); Linza does not pick where the catalog goes")
        }
        return folder
    }

    /// A `.strings` file's entries, each with the last comment above it (`"key";` alone
    /// reads as its key).
    static func texts(of document: StringsDocument) -> [LegacyTable.Text] {
        document.entries.map {
            LegacyTable.Text(
                key: $0.key, value: $0.value ?? $0.key,
                comment: lastComment(document.text, $0.span.lowerBound..<$0.keyOffset))
        }
    }

    /// The last comment in `range` of `text`, without its marks and surrounding white space.
    static func lastComment(_ text: [UInt8], _ range: Range<Int>) -> String? {
        var last: Range<Int>?
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            guard text[index] == UInt8(ascii: "/"),
                text[index + 1] == UInt8(ascii: "*") || text[index + 1] == UInt8(ascii: "/")
            else {
                index += 1
                continue
            }
            let block = text[index + 1] == UInt8(ascii: "*")
            var end = index + 2
            if block {
                while end + 1 < range.upperBound,
                    !(text[end] == UInt8(ascii: "*") && text[end + 1] == UInt8(ascii: "/"))
                {
                    end += 1
                }
                last = (index + 2)..<min(end, range.upperBound)
                index = end + 2
            } else {
                while end < range.upperBound, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
                last = (index + 2)..<end
                index = end
            }
        }
        guard let last else { return nil }
        let comment = String(decoding: text[last], as: UTF8.self)
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        let trimmed = comment.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }
}
