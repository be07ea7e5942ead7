import Foundation
import Testing

@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaTables
@testable import LinzaWriting

/// Linza's export compared with real Xcode exports, which are not committed: set
/// `LINZA_XCODE_EXPORTS` to a folder `Scripts/xcode-exports.sh` prepared (it says where each
/// sample comes from). docs/ROUNDTRIP.md records what matches byte for byte and what differs.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LINZA_XCODE_EXPORTS"] != nil))
struct XcodeExportSampleTests {
    static var root: String { ProcessInfo.processInfo.environment["LINZA_XCODE_EXPORTS"] ?? "" }

    func bytes(_ path: String) throws -> [UInt8] {
        try FileReader.read(path)
    }

    func bundles(_ folder: String) -> [String] {
        Path.entryNames(in: folder).filter { $0.hasSuffix(".xcloc") }.sorted().map { folder + "/" + $0 }
    }

    /// A sample bundle's `contents.json` as Xcode wrote it, and the bundle Linza makes of
    /// what it says (language, development language, tool, project).
    func manifest(of bundle: String) throws -> (bytes: [UInt8], ours: ExportBundle) {
        let manifest = try bytes(bundle + "/contents.json")
        let node = try manifest.withUnsafeBufferPointer { try JSONParser.parse($0) }
        let tool = XLIFFTool(
            version: node["toolInfo"]?["toolVersion"]?.string,
            buildNumber: node["toolInfo"]?["toolBuildNumber"]?.string)
        let ours = ExportBundle(
            path: bundle, language: try #require(node["targetLocale"]?.string),
            developmentLanguage: try #require(node["developmentRegion"]?.string), tool: tool,
            project: node["project"]?.string)
        return (manifest, ours)
    }

    /// `contents.json` of every sample bundle, byte for byte (Xcode 11.2.1 and 12.4 name no project).
    @Test func contentsJSONIsXcodes() throws {
        var compared = 0
        for bundle in bundles(Self.root + "/xcode-11.2.1") + bundles(Self.root + "/xcode-12.4") {
            let (manifest, ours) = try self.manifest(of: bundle)
            #expect(ours.contents == manifest, "\(bundle)/contents.json")
            compared += 1
        }
        #expect(compared == 17)
    }

    /// Xcode 12.4's export of GetAPet: its `Source Contents` holds the development `.strings`
    /// tables, so Linza exports them and compares every unit's id, source and note, in order.
    /// Known difference: Xcode adds `CFBundleName` ("Bundle name") from Info.plist, which no
    /// table holds; the storyboard is not exported by Linza.
    @Test func xcode12ExportOfStringsTablesMatchesUnitForUnit() throws {
        let bundle = Self.root + "/xcode-12.4/da.xcloc"
        let sample = try XLIFFReader.read(try bytes(bundle + "/Localized Contents/da.xliff"), path: "da.xliff")
        var matched = 0
        for file in sample.files where file.original.hasSuffix(".strings") {
            let path = bundle + "/Source Contents/" + file.original
            let ours = try ExchangeMapping.stringsUnits(
                development: try bytes(path), path: path, target: nil, targetPath: nil, sameLanguage: false)
            let xcode = file.units.filter { $0.id != "CFBundleName" || ours.contains { $0.id == "CFBundleName" } }
            #expect(ours.map(\.id) == xcode.map(\.id), "\(file.original)")
            #expect(ours.map(\.source) == xcode.map(\.source), "\(file.original)")
            #expect(ours.map(\.note) == xcode.map(\.note), "\(file.original)")
            matched += ours.count
        }
        #expect(matched == 17)
    }

    /// Xcode 11.2.1's exports of one project to 17 languages: the development tables are
    /// rebuilt from `en.xliff` (sources, notes) and each language's from its targets; Linza's
    /// units must then have Xcode's ids in Xcode's order for every language: which plural
    /// categories each language gets, and the key order. Known differences: `signin.siwa`,
    /// first in every Xcode file against byte order (unexplained), is compared without it;
    /// French and Portuguese get CLDR's `many` from Linza (as Xcode 15 and later offer it),
    /// which Xcode 11.2.1's older CLDR did not have.
    @Test func xcode11UnitIdsPerLanguage() throws {
        let folder = Self.root + "/xcode-11.2.1"
        let english = try XLIFFReader.read(
            try bytes(folder + "/en.xcloc/Localized Contents/en.xliff"), path: "en.xliff")
        let strings = try #require(english.files.first { $0.original.hasSuffix("Localizable.strings") })
        let plurals = try #require(english.files.first { $0.original.hasSuffix(".stringsdict") })
        let developmentStrings = Self.strings(strings.units.map { ($0.id, $0.source, $0.note) })
        let developmentPlurals = Self.stringsdict(plurals.units.map { ($0.id, $0.source) })
        var languages = 0
        for bundle in bundles(folder) {
            let language = String(Path.lastComponent(bundle).dropLast(".xcloc".count))
            let sample = try XLIFFReader.read(
                try bytes(bundle + "/Localized Contents/\(language).xliff"), path: "\(language).xliff")
            let xcodeStrings = try #require(sample.files.first { $0.original == strings.original })
            let targets = Self.strings(xcodeStrings.units.compactMap { unit in unit.target.map { (unit.id, $0, nil) } })
            let ours = try ExchangeMapping.stringsUnits(
                development: developmentStrings, path: "en.strings", target: targets, targetPath: "x.strings",
                sameLanguage: language == "en")
            let skipped = Set(["signin.siwa"])
            #expect(
                ours.map(\.id).filter { !skipped.contains($0) }
                    == xcodeStrings.units.map(\.id).filter { !skipped.contains($0) },
                "\(language)")
            let xcodePlurals = try #require(sample.files.first { $0.original == plurals.original })
            let translated = Self.stringsdict(
                xcodePlurals.units.compactMap { unit in unit.target.map { (unit.id, $0) } })
            // French and Portuguese without `many`, as Xcode exports them (`pluralCategories`).
            let ourPlurals = try ExchangeMapping.stringsdictUnits(
                development: developmentPlurals, path: "en.stringsdict", target: translated,
                targetPath: "x.stringsdict",
                targetLanguage: language, sameLanguage: language == "en")
            #expect(ourPlurals.map(\.id) == xcodePlurals.units.map(\.id), "\(language) plural units")
            #expect(ourPlurals.map(\.source) == xcodePlurals.units.map(\.source), "\(language) plural sources")
            languages += 1
        }
        #expect(languages == 16)
    }

    /// Xcode 26.2's export of a project with two String Catalogs (cleveland-lewis/Itori at
    /// a6385dd) to zh-Hans, zh-Hant and its development language: each bundle's `Source
    /// Contents` holds the catalogs as they were exported, so Linza exports them (with that
    /// folder as the project) and must write Xcode's XLIFF byte for byte: its unit order
    /// (`ExchangeUnitOrder`), `<source/>` and `<target state="new"/>` for the empty key,
    /// the development language's `new` targets; and its `contents.json`.
    @Test func xcode26ExportOfStringCatalogsIsByteForByte() throws {
        var compared = 0
        for bundle in bundles(Self.root + "/xcode-26.2") {
            let (manifest, ours) = try self.manifest(of: bundle)
            let (language, development, tool) = (ours.language, ours.developmentLanguage, ours.tool)
            #expect(ours.contents == manifest, "\(bundle)/contents.json")

            let sources = bundle + "/Source Contents"
            var catalogs: [TableFile] = []
            for relative in FileManager.default.subpaths(atPath: sources) ?? [] where relative.hasSuffix(".xcstrings") {
                let name = String(Path.lastComponent(relative).dropLast(".xcstrings".count))
                catalogs.append(
                    TableFile(
                        path: sources + "/" + relative, language: nil, name: name, format: .xcstrings,
                        displayName: String(Path.lastComponent(relative))))
            }
            let configuration = try ConfigurationLoader.load(
                text: "development_language: \(development)", file: sources + "/.linza.yml")
            var options = ExportPlanner.Options(output: "/nonexistent/linza-export", projectRoot: sources)
            options.languages = [language]
            options.format = .xliff
            options.tool = tool
            let plan = try ExportPlanner(options: options).plan([
                ExportModule(name: nil, configuration: configuration, tables: catalogs, interfaceNames: [])
            ])
            let xliff = try #require(plan.changes.first { $0.path.hasSuffix("/\(language).xliff") })
            #expect(
                xliff.updated == (try bytes(bundle + "/Localized Contents/\(language).xliff")),
                "\(Path.lastComponent(bundle))")
            compared += 1
        }
        #expect(compared == 3)
    }

    /// Reading a sample and writing it again gives its bytes back, for every sample Xcode
    /// wrote as it is (not re-serialised or edited by another tool afterwards).
    @Test func readerAndWriterGiveXcodesBytesBack() throws {
        var identical: [String] = []
        var differing: [String] = []
        var files = bundles(Self.root + "/xcode-11.2.1").map {
            "\($0)/Localized Contents/\(Path.lastComponent($0).dropLast(".xcloc".count)).xliff"
        }
        files += ["/moz-l10n/xcode.xliff", "/moz-l10n/xcstrings.xliff"].map { Self.root + $0 }
        files += bundles(Self.root + "/xcode-26.2").map {
            "\($0)/Localized Contents/\(Path.lastComponent($0).dropLast(".xcloc".count)).xliff"
        }
        for file in files {
            let original = try bytes(file)
            let document = try XLIFFReader.read(original, path: file)
            (XLIFFWriter.bytes(of: document) == original ? { identical.append(file) } : { differing.append(file) })()
        }
        print("byte-identical after read and write: \(identical.count): \(identical.map { Path.lastComponent($0) })")
        print("differing: \(differing.map { Path.lastComponent($0) })")
        #expect(identical.count >= 1)
    }

    static func strings(_ entries: [(String, String, String?)]) -> [UInt8] {
        Array(
            entries.map { key, value, note in
                (note.map { $0.isEmpty ? "" : "/* \($0) */\n" } ?? "")
                    + String(decoding: Style.quoted(key), as: UTF8.self)
                    + " = " + String(decoding: Style.quoted(value), as: UTF8.self) + ";\n"
            }.joined().utf8)
    }

    /// A `.stringsdict` rebuilt from units' ids and texts.
    static func stringsdict(_ units: [(id: String, text: String)]) -> [UInt8] {
        var order: [String] = []
        var formats: [String: String] = [:]
        var forms: [String: [(String, String, String)]] = [:]
        for (id, text) in units {
            guard let address = ExchangeUnitAddress(id: id, format: .stringsdict) else { continue }
            if !order.contains(address.key) { order.append(address.key) }
            if address.steps == [.formatKey] { formats[address.key] = text }
            if case .variable(let name) = address.steps.first, case .plural(let category) = address.steps.last {
                forms[address.key, default: []].append((name, category, text))
            }
        }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        for key in order {
            text += "<key>\(XLIFFWriter.text(key))</key><dict>\n"
            if let format = formats[key] {
                text += "<key>NSStringLocalizedFormatKey</key><string>\(XLIFFWriter.text(format))</string>\n"
            }
            let variables = (forms[key] ?? []).map(\.0).reduce(into: [String]()) {
                if !$0.contains($1) { $0.append($1) }
            }
            for variable in variables {
                text += "<key>\(variable)</key><dict>\n"
                for (_, category, value) in forms[key] ?? [] where true {
                    if (forms[key] ?? []).contains(where: { $0.0 == variable && $0.1 == category && $0.2 == value }) {
                        text += "<key>\(category)</key><string>\(XLIFFWriter.text(value))</string>\n"
                    }
                }
                text += "</dict>\n"
            }
            text += "</dict>\n"
        }
        return Array((text + "</dict>\n</plist>\n").utf8)
    }
}
