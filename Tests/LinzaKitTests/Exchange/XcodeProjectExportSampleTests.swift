import Foundation
import Testing

@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaTables
@testable import LinzaWriting

/// Linza's export of whole projects against the `.xcloc` bundles real projects committed as
/// Xcode wrote them (`Scripts/xcode-exports.sh` names each commit): each bundle's `Source
/// Contents` (the development tables Xcode exported from) is the project, Linza exports it to
/// the bundle's language, and its XLIFF is compared with `Localized Contents/<lang>.xliff`
/// `<file>` by `<file>`, byte for byte. docs/ROUNDTRIP.md records every count asserted here.
extension XcodeExportSampleTests {
    /// How one export compares, file by file (each counted per language).
    struct ProjectComparison: CustomStringConvertible {
        /// `<file>` elements byte-equal to Xcode's.
        var identical = 0
        /// Equal but for the `<file>` tag's attribute order: Xcode writes `datatype` first or
        /// last for no reason found in the tables (the same file differs between languages
        /// of one export).
        var datatypeOrderOnly = 0
        /// Files equal once what Linza cannot know is set aside (the counts below).
        var equalButForWhatTablesLack = 0
        /// Xcode's units for keys that only code has (Xcode reads them from the build; no
        /// table holds them), left out: (files, units).
        var codeOnly = (files: 0, units: 0)
        /// Units equal but for what Linza cannot know from the tables, counted by kind:
        /// Xcode's note taken from the code's call (`No comment provided by engineer.` or
        /// the call's comment, which wins over the table's); Xcode's target where the sample holds no translation (the
        /// project's table or catalog is not the one in the sample).
        var codeNotes = 0
        var unknownTargets = 0
        /// Xcode's files Linza writes nothing for (storyboards, xibs, intent definitions, tables
        /// outside the sample): by original.
        var notExported: Set<String> = []
        /// Files that differ otherwise: original and the first differing line, Xcode's then Linza's.
        var differing: [String] = []
        /// Linza's files in Xcode's order (all languages).
        var sameFileOrder = true
        var contentsJSON = 0

        /// The counts, without the differing files' details (each test's expected figures).
        var summary: String {
            "identical \(identical), datatype order only \(datatypeOrderOnly), "
                + "equal but for what the tables lack \(equalButForWhatTablesLack), "
                + "code-only units \(codeOnly.units) in \(codeOnly.files) files, code notes \(codeNotes), "
                + "unknown targets \(unknownTargets), not exported \(notExported.count), "
                + "same file order \(sameFileOrder), contents.json \(contentsJSON), differing \(differing.count)"
        }

        var description: String {
            "identical \(identical), datatype order only \(datatypeOrderOnly), "
                + "equal but for what the tables lack \(equalButForWhatTablesLack), "
                + "code-only units \(codeOnly.units) in \(codeOnly.files) files, code notes \(codeNotes), "
                + "unknown targets \(unknownTargets), "
                + "not exported \(notExported.sorted()), same file order \(sameFileOrder), "
                + "contents.json \(contentsJSON), differing \(differing.count): \(differing.prefix(6))"
        }
    }

    /// The tables of a folder, as Linza finds them: String Catalogs, and `.strings` and
    /// `.stringsdict` files in `.lproj` folders.
    static func tables(in folder: String) -> [TableFile] {
        var tables: [TableFile] = []
        for relative in (FileManager.default.subpaths(atPath: folder) ?? []).sorted() {
            let name = String(Path.lastComponent(relative))
            let path = folder + "/" + relative
            if name.hasSuffix(".xcstrings") {
                tables.append(
                    TableFile(
                        path: path, language: nil, name: String(name.dropLast(10)), format: .xcstrings,
                        displayName: name))
                continue
            }
            let lproj = Path.lastComponent(Path.parent(relative))
            guard lproj.hasSuffix(".lproj") else { continue }
            let language = String(lproj.dropLast(6))
            for format in [TableFormat.strings, .stringsdict] where name.hasSuffix("." + format.rawValue) {
                tables.append(
                    TableFile(
                        path: path, language: language, name: String(name.dropLast(format.rawValue.count + 1)),
                        format: format, displayName: "\(lproj)/\(name)"))
            }
        }
        return tables
    }

    /// The `<file>` elements of an XLIFF file's bytes, each with its `original` as written.
    static func fileElements(_ bytes: [UInt8]) -> [(original: String, lines: [Substring])] {
        var files: [(original: String, lines: [Substring])] = []
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  <file original=\"") {
                let original = line.dropFirst(18).prefix { $0 != "\"" }
                files.append((String(original), []))
            }
            if !files.isEmpty, files[files.count - 1].lines.last != "  </file>" {
                files[files.count - 1].lines.append(line)
            }
        }
        return files
    }

    /// A `<file>` tag with `datatype` last, where Xcode writes it in most files.
    static func datatypeLast(_ tag: Substring) -> String {
        let datatype = " datatype=\"plaintext\""
        var result = String(tag)
        guard let range = result.range(of: datatype) else { return result }
        result.removeSubrange(range)
        return String(result.dropLast()) + datatype + ">"
    }

    /// The units of one `<file>` element's lines.
    static func units(_ lines: [Substring]) throws -> [XLIFFUnit] {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + XLIFFWriter.rootTag + "\n"
            + lines.joined(separator: "\n") + "\n</xliff>\n"
        return try XLIFFReader.read(Array(text.utf8), path: "file.xliff").files.first?.units ?? []
    }

    /// Linza's XLIFF for `language` from the tables of `project` (and `extra` tables beside
    /// it), with `project` as the folder `original` paths are relative to.
    static func export(
        project: String, extra: [TableFile] = [], language: String, development: String, tool: XLIFFTool
    ) throws -> [UInt8] {
        let configuration = try ConfigurationLoader.load(
            text: "development_language: \(development)", file: project + "/.linza.yml")
        var options = ExportPlanner.Options(output: "/nonexistent/linza-export", projectRoot: project)
        options.languages = [language]
        options.format = .xliff
        options.tool = tool
        let plan = try ExportPlanner(options: options).plan([
            ExportModule(
                name: nil, configuration: configuration, tables: tables(in: project) + extra, interfaceNames: [])
        ])
        return try #require(plan.changes.first { $0.path.hasSuffix("/\(language).xliff") }).updated
    }

    /// A copy of `bundle`'s `Source Contents` (and of `outside`, a folder beside the bundles
    /// Xcode reached with `../../`) in a new temporary folder, with each language table Xcode
    /// exported targets from rebuilt from those targets: for projects whose translated tables
    /// are not public. Returns the copy's `Source Contents`.
    static func projectWithTargets(of bundle: String, xliff: XLIFFDocument, outside: String?) throws -> String {
        let root = NSTemporaryDirectory() + "linza-xcode-sample-" + UUID().uuidString
        let project = root + "/bundle/Source Contents"
        try FileManager.default.createDirectory(atPath: root + "/bundle", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: bundle + "/Source Contents", toPath: project)
        if let outside {
            try FileManager.default.copyItem(
                atPath: Path.parent(bundle) + "/" + outside, toPath: root + "/" + outside)
        }
        for file in xliff.files {
            let path = Path.normalize(project + "/" + file.original)
            let folder = Path.parent(path)
            guard let language = file.targetLanguage, folder.hasSuffix(".lproj"), Path.kind(path) == .file,
                path.hasSuffix(".strings") || path.hasSuffix(".stringsdict")
            else { continue }
            let translated = Path.parent(folder) + "/\(language).lproj/" + Path.lastComponent(path)
            let targets = file.units.compactMap { unit in unit.target.map { (unit.id, $0) } }
            if targets.isEmpty { continue }
            try FileManager.default.createDirectory(
                atPath: Path.parent(translated), withIntermediateDirectories: true)
            let bytes =
                path.hasSuffix(".stringsdict")
                ? stringsdict(targets.map { (id: $0.0, text: $0.1) }) : strings(targets.map { ($0.0, $0.1, nil) })
            try Data(bytes).write(to: URL(fileURLWithPath: translated))
        }
        return project
    }

    /// Compares Linza's export of every bundle in `folder` with Xcode's. `project` gives the
    /// folder to export for a bundle (default: its `Source Contents`); with `rebuildTargets`,
    /// a copy of it with the translated tables rebuilt from Xcode's targets.
    func compareBundles(
        in folder: String, project: (String) -> String = { $0 + "/Source Contents" }, rebuildTargets: Bool = false,
        outside: String? = nil
    ) throws -> ProjectComparison {
        var result = ProjectComparison()
        for bundle in bundles(folder) {
            let (manifest, bundleFile) = try self.manifest(of: bundle)
            let (language, development, tool) = (bundleFile.language, bundleFile.developmentLanguage, bundleFile.tool)
            if bundleFile.contents == manifest { result.contentsJSON += 1 }
            let xliff = try bytes(bundle + "/Localized Contents/\(language).xliff")
            let xcode = Self.fileElements(xliff)
            var exported = project(bundle)
            if rebuildTargets && language != development {
                exported = try Self.projectWithTargets(
                    of: bundle, xliff: try XLIFFReader.read(xliff, path: "\(language).xliff"), outside: outside)
            }
            defer {
                if exported != project(bundle) {
                    try? FileManager.default.removeItem(atPath: Path.parent(Path.parent(exported)))
                }
            }
            var extra: [TableFile] = []
            if let outside { extra = Self.tables(in: Path.normalize(exported + "/../../" + outside)) }
            let ours = Self.fileElements(
                try Self.export(
                    project: exported, extra: extra, language: language, development: development, tool: tool))
            let originals = Set(ours.map(\.original))
            if ours.map(\.original) != xcode.map(\.original).filter(originals.contains) { result.sameFileOrder = false }
            for file in xcode {
                guard let our = ours.first(where: { $0.original == file.original }) else {
                    result.notExported.insert(file.original)
                    continue
                }
                if our.lines == file.lines {
                    result.identical += 1
                    continue
                }
                let sameTag = Self.datatypeLast(our.lines[0]) == Self.datatypeLast(file.lines[0])
                if sameTag && our.lines.dropFirst() == file.lines.dropFirst() {
                    result.datatypeOrderOnly += 1
                    continue
                }
                let ourUnits = try Self.units(our.lines)
                let ids = Set(ourUnits.map(\.id))
                let xcodeUnits = try? Self.units(file.lines)
                let known = xcodeUnits?.filter { ids.contains($0.id) }
                if let xcodeUnits, var known, sameTag {
                    let xcodeIDs = Set(known.map(\.id))
                    let ours = ourUnits
                    var (notes, targets) = (0, 0)
                    if known.count == ours.count {
                        for index in known.indices where known[index] != ours[index] {
                            if known[index].note != ours[index].note {
                                known[index].note = ours[index].note
                                known[index].noteFrom = ours[index].noteFrom
                                notes += 1
                            }
                            if known[index].target != nil, ours[index].target == nil {
                                known[index].target = nil
                                known[index].state = nil
                                targets += 1
                            }
                        }
                    }
                    if known == ours {
                        result.equalButForWhatTablesLack += 1
                        if xcodeUnits.count != known.count {
                            result.codeOnly.files += 1
                            result.codeOnly.units += xcodeUnits.count - known.count
                        }
                        result.codeNotes += notes
                        result.unknownTargets += targets
                        continue
                    }
                    let extra = ours.filter { !xcodeIDs.contains($0.id) }.map(\.id)
                    if !extra.isEmpty {
                        result.differing.append("\(language) \(file.original): only Linza has \(extra)")
                        continue
                    }
                    if let index = known.indices.first(where: { $0 < ours.count && known[$0] != ours[$0] }) {
                        result.differing.append(
                            "\(language) \(file.original): unit \(known[index]) | \(ours[index])")
                        continue
                    }
                }
                let line = zip(file.lines, our.lines).first { $0 != $1 }
                result.differing.append(
                    "\(language) \(file.original): \(line.map { "\($0.0) | \($0.1)" } ?? "lengths differ")")
            }
            for file in ours where !xcode.contains(where: { $0.original == file.original }) {
                result.differing.append("\(language) \(file.original): only Linza exports it")
            }
        }
        return result
    }
}

extension XcodeExportSampleTests {
    /// Xcode 13.1's export of FocusedWork (teeeeeegz/focusedwork-translations at a4c7dd3):
    /// `.strings` and `.stringsdict` tables, six languages. The project is the bundles'
    /// `Source Contents` with the app's own translated tables (the repository's root
    /// `<lang>.lproj`) beside the development ones, where Xcode took the targets from.
    @Test func xcode13FocusedWorkExport() throws {
        let folder = Self.root + "/xcode-13.1-focusedwork"
        let project = folder + "/project"
        // Every bundle's Source Contents is the project's development tables.
        for bundle in bundles(folder) {
            let sources = bundle + "/Source Contents"
            for table in Self.tables(in: sources) {
                let relative = try #require(Path.relative(table.path, to: sources))
                #expect(try bytes(table.path) == (try bytes(project + "/" + relative)), "\(table.path)")
            }
        }
        let result = try compareBundles(in: folder, project: { _ in project })
        print("Xcode 13.1 FocusedWork: \(result)")
        #expect(
            result.summary
                == "identical 12, datatype order only 35, equal but for what the tables lack 7, code-only units 120 in 6 files, code notes 102, "
                + "unknown targets 26, not exported 0, same file order true, contents.json 6, differing 0",
            "\(result)")
    }

    /// Xcode 16.4 to 26.3's exports of Kitsune (JiZPaper/Kitsune-Translations): String
    /// Catalogs only, with plural and AppShortcuts units (26.2 and later: a string set,
    /// `<mrk mtype="x-set">`), 11 or 12 languages each. Known differences, one file in each
    /// of pt-BR and uk: a bundle's `Source Contents` holds the development language only,
    /// and Xcode gives a key whose translation varies where English does not (pt-BR by
    /// plural, uk by device) the translation's units (`|==|plural.one`, `|==|device.mac`)
    /// instead of the key's own; Linza does the same when the catalog has the translation
    /// (`ExchangeMappingTests`), but the bundle does not carry it.
    @Test(arguments: [
        (
            "16.4",
            "identical 41, datatype order only 0, equal but for what the tables lack 12, code-only units 7 in 7 files, code notes 0, unknown targets 3957"
        ),
        (
            "26.0.1",
            "identical 41, datatype order only 0, equal but for what the tables lack 17, code-only units 8 in 8 files, code notes 0, unknown targets 4359"
        ),
        (
            "26.2",
            "identical 65, datatype order only 0, equal but for what the tables lack 17, code-only units 0 in 0 files, code notes 0, unknown targets 4247"
        ),
        (
            "26.3",
            "identical 64, datatype order only 0, equal but for what the tables lack 18, code-only units 0 in 0 files, code notes 0, unknown targets 4309"
        ),
    ])
    func kitsuneCatalogExports(_ version: String, _ expected: String) throws {
        let result = try compareBundles(in: Self.root + "/xcode-\(version)-kitsune")
        print("Xcode \(version) Kitsune: \(result)")
        let contents = version == "16.4" ? 11 : 12
        #expect(
            result.summary
                == expected + ", not exported 0, same file order true, contents.json \(contents), "
                + "differing 2",
            "\(result)")
        for difference in result.differing {
            #expect(
                difference.hasPrefix("pt-BR Kitsune/Localization/Localizable.xcstrings: only Linza has")
                    || difference.hasPrefix("uk Kitsune/Localization/Localizable.xcstrings: only Linza has"),
                "\(difference)")
        }
    }

    /// Xcode 15.0's export of Elytra (ElytraApp/Localisations at b8be7f4): `.strings`,
    /// `.stringsdict` and String Catalogs in one export; the tables of its packages are
    /// outside the project (`original="../../DZ/…"`). Its translated tables are not public:
    /// they are rebuilt from Xcode's targets.
    @Test func xcode15ElytraExport() throws {
        let folder = Self.root + "/xcode-15.0-elytra"
        let result = try compareBundles(in: folder, rebuildTargets: true, outside: "DZ")
        print("Xcode 15.0 Elytra: \(result)")
        #expect(
            result.summary
                == "identical 136, datatype order only 45, equal but for what the tables lack 89, code-only units 1500 in 60 files, code notes 126, "
                + "unknown targets 18, not exported 10, same file order true, contents.json 10, "
                + "differing 0",
            "\(result)")
    }

    /// Xcode 14.2 to 15.0 beta's exports of Pockity (Pockity/Localisations): `.strings` and
    /// `.stringsdict` tables; translated tables rebuilt from Xcode's targets. Known
    /// difference (14.x): the English `Pockity-InfoPlist.strings` target of
    /// `NSHumanReadableCopyright` is an older text than its source (the project's `en.lproj`
    /// table, not in the sample, differs from its Info.plist).
    @Test(arguments: [
        (
            "14.2",
            "identical 32, datatype order only 35, equal but for what the tables lack 82, code-only units 1830 in 80 files, code notes 0, "
                + "unknown targets 0, not exported 3, same file order true, contents.json 10, differing 1"
        ),
        (
            "14.3",
            "identical 41, datatype order only 18, equal but for what the tables lack 80, code-only units 2470 in 80 files, code notes 0, "
                + "unknown targets 0, not exported 2, same file order true, contents.json 10, differing 1"
        ),
        (
            "14.3.1",
            "identical 49, datatype order only 0, equal but for what the tables lack 80, code-only units 2380 in 70 files, code notes 111, "
                + "unknown targets 0, not exported 2, same file order true, contents.json 10, differing 1"
        ),
        (
            "15.0b",
            "identical 40, datatype order only 0, equal but for what the tables lack 90, code-only units 2490 in 80 files, code notes 111, "
                + "unknown targets 0, not exported 2, same file order true, contents.json 10, differing 0"
        ),
    ])
    func pockityExports(_ version: String, _ expected: String) throws {
        let result = try compareBundles(in: Self.root + "/xcode-\(version)-pockity", rebuildTargets: true)
        print("Xcode \(version) Pockity: \(result)")
        #expect(result.summary == expected, "\(result)")
        for difference in result.differing {
            #expect(difference.hasPrefix("en macOS/SupportingFiles/en.lproj/Pockity-InfoPlist.strings: unit"))
        }
    }
}
