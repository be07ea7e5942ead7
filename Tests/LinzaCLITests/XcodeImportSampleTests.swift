import Foundation
import Testing

/// `linza import` compared with real Xcode imports, which are not committed: set
/// `LINZA_XCODE_EXPORTS` to a folder `Scripts/xcode-exports.sh` prepared. Each sample is one
/// of Firefox Focus's weekly string imports (`xcodebuild -importLocalizations`, Xcode 15.0.1,
/// committed by its workflow as Xcode wrote them; one of Xcode 13.0): the project's files before the import, the
/// XLIFF files it imported (83 languages), and the files after it. Linza imports the same
/// files into a copy of the project (after `linza init`) and every `.strings` file must then
/// be Xcode's, byte for byte, except the ones listed: their texts come from files Linza does
/// not read (an `Intents.intentdefinition`, an `Info.plist`, code of a target that has no
/// development table). docs/ROUNDTRIP.md records the results.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["LINZA_XCODE_EXPORTS"] != nil))
struct XcodeImportSampleTests {
    static var root: String { (ProcessInfo.processInfo.environment["LINZA_XCODE_EXPORTS"] ?? "") + "/focus-imports" }

    struct Sample: Sendable, CustomTestStringConvertible {
        var commit: String
        /// The files Xcode changed that Linza must write byte for byte.
        var equal: Int
        /// The files that differ, and why.
        var differing: [String]
        /// Instead of `differing`, how many differ of each kind (`Folder/*/Name.strings`).
        var differingKinds: [String: Int] = [:]
        /// A module `.linza.yml` gains after `linza init` (YAML lines), and a folder it takes
        /// from the first module's `included:`.
        var module: (lines: String, folder: String)?
        /// The languages of the l10n repository then (XLIFF files).
        var languages = 83
        var testDescription: String { String(commit.prefix(8)) }
    }

    static let samples = [
        // Five Turkish and ten Ukrainian texts changed, three of them keys only code has
        // (`NSLocalizedString(_:value:comment:)`), which need --include-missing; the widget
        // target has no development table (its values are in code: `CodeDevelopmentTable`).
        Sample(commit: "2efd5ce1555e4a4dcc571a1aaa832816b2b7fd71", equal: 4, differing: []),
        // Values set in Bengali and Greek InfoPlist.strings, a key added with its comment
        // where Xcode's order puts it (Telugu); Intents.strings is exported from
        // Base.lproj/Intents.intentdefinition.
        Sample(
            commit: "4a34fee6ad89efeb993478c9ce0ed9a074159a1f", equal: 5,
            differing: ["Blockzilla/bn.lproj/Intents.strings"]),
        // Bulgarian and Bosnian Localizable.strings filled (282 and 384 lines added), their
        // widget tables created (from the table the widget keeps in code); the content
        // blocker's InfoPlist.strings holds a key of its Info.plist.
        Sample(
            commit: "f832e98d801fd510c1b8f18cee3f0e7894b4acd5", equal: 6,
            differing: [
                "Blockzilla/bg.lproj/Intents.strings", "Blockzilla/bs.lproj/Intents.strings",
                "ContentBlocker/bg.lproj/InfoPlist.strings", "ContentBlocker/bs.lproj/InfoPlist.strings",
            ]),
        // Xcode 13.0 (October 2022, from a developer's Mac): the widget's keys moved to its own
        // tables, which Xcode created in 44 languages from the table the widget keeps in code
        // (`init` does not tell the widget's target apart at this commit: its module is
        // written here). Differ: the 44 app tables Xcode wrote again without the 3 keys that
        // moved (Linza removes nothing), and the widget's InfoPlist.strings, from its Info.plist.
        Sample(
            commit: "e8fe77b31ff7db0aff835eece93dfdcc0ca03a16", equal: 44, differing: [],
            differingKinds: ["Blockzilla/*/Localizable.strings": 44, "Widgets/*/InfoPlist.strings": 21],
            module: (
                "  - name: WidgetsExtension\n    included: [Widgets]\n    resources: [Widgets]\n"
                    + "    development_values_in_code: true\n", "Widgets"
            ), languages: 80),
    ]

    static func strings(in folder: String) -> [String] {
        (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".strings") }.sorted()
    }

    func read(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    @Test(arguments: samples) func importGivesXcodesFiles(_ sample: Sample) throws {
        let folder = Self.root + "/" + sample.commit
        let scratch = FileManager.default.temporaryDirectory.path + "/linza-xcode-import-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let project = scratch + "/project"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/before", toPath: project)
        let initialised = try LinzaBinary.run(["init"], in: project)
        #expect(initialised.status == 0, "\(initialised.standardError)")
        if let module = sample.module {
            let configuration = try String(contentsOfFile: project + "/.linza.yml", encoding: .utf8)
            let folder = "      - \(module.folder)\n"
            #expect(configuration.contains(folder))
            try (configuration.replacingOccurrences(of: folder, with: "") + module.lines).write(
                toFile: project + "/.linza.yml", atomically: true, encoding: .utf8)
        }
        let xliffs = (try FileManager.default.contentsOfDirectory(atPath: folder + "/xliff")).sorted().map {
            folder + "/xliff/" + $0
        }
        #expect(xliffs.count == sample.languages)
        let imported = try LinzaBinary.run(
            ["import", "--include-missing", "--no-cache", "--apply"] + xliffs, in: project)
        #expect(imported.status == 0, "\(imported.standardError)")

        let files = Set(Self.strings(in: folder + "/after") + Self.strings(in: project))
        var differing: [String] = []
        var equal = 0
        for file in files.sorted() {
            let xcode = read(folder + "/after/" + file)
            if read(project + "/" + file) != xcode {
                differing.append(file)
            } else if read(folder + "/before/" + file) != xcode {
                equal += 1
            }
        }
        #expect(files.count > 400)
        if sample.differingKinds.isEmpty {
            #expect(differing == sample.differing)
        } else {
            var kinds: [String: Int] = [:]
            for file in differing {
                let parts = file.split(separator: "/")
                kinds["\(parts.first ?? "")/*/\(parts.last ?? "")", default: 0] += 1
            }
            #expect(kinds == sample.differingKinds)
        }
        #expect(equal == sample.equal)
    }
}
