import Foundation
import Testing

@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaTables
@testable import LinzaWriting

/// What real Xcode exports showed of a whole project's XLIFF (docs/ROUNDTRIP.md, "Checked
/// against real Xcode exports"): the order of its `<file>` elements, how it names a table
/// outside the project, and a key both a `.strings` and its `.stringsdict` have.
@Suite struct ExportPlannerXcodeLayoutTests {
    /// A project of `files` (relative path → text) in a new temporary folder, `project`
    /// being its subfolder the export is relative to; the export's XLIFF for `language`.
    func export(_ files: [String: String], project: String = "App", language: String = "de") throws -> XLIFFDocument {
        let root = NSTemporaryDirectory() + "linza-export-layout-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        var tables: [TableFile] = []
        for (relative, text) in files.sorted(by: { $0.key < $1.key }) {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(atPath: Path.parent(path), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let name = String(Path.lastComponent(relative))
            let format: TableFormat = name.hasSuffix(".stringsdict") ? .stringsdict : .strings
            let lproj = Path.lastComponent(Path.parent(relative))
            tables.append(
                TableFile(
                    path: path, language: String(lproj.dropLast(6)),
                    name: String(name.dropLast(format.rawValue.count + 1)), format: format,
                    displayName: "\(lproj)/\(name)"))
        }
        let configuration = try ConfigurationLoader.load(
            text: "development_language: en", file: root + "/" + project + "/.linza.yml")
        var options = ExportPlanner.Options(output: root + "/out", projectRoot: root + "/" + project)
        options.languages = [language]
        options.format = .xliff
        let plan = try ExportPlanner(options: options).plan([
            ExportModule(name: nil, configuration: configuration, tables: tables, interfaceNames: [])
        ])
        let xliff = try #require(plan.changes.first { $0.path.hasSuffix("/\(language).xliff") })
        return try XLIFFReader.read(xliff.updated, path: "\(language).xliff")
    }

    static let infoPlist = "/* Bundle name */\n\"CFBundleName\" = \"App\";\n"

    /// Xcode 13.1 (FocusedWork) lists `FocusedWorkWidget/…` before `FocusSessionIntents/…`,
    /// Xcode 14.2 (Pockity) `iOS/…` before `macOS/…` before `SelectAccountIntent/…`: by path,
    /// ignoring case (byte order would put the capitals first).
    @Test func filesAreInXcodesCaseInsensitiveOrder() throws {
        let document = try export([
            "App/SelectAccountIntent/en.lproj/InfoPlist.strings": Self.infoPlist,
            "App/macOS/en.lproj/InfoPlist.strings": Self.infoPlist,
            "App/iOS/en.lproj/InfoPlist.strings": Self.infoPlist,
            "App/FocusSessionIntents/en.lproj/InfoPlist.strings": Self.infoPlist,
            "App/FocusedWorkWidget/en.lproj/InfoPlist.strings": Self.infoPlist,
        ])
        #expect(
            document.files.map(\.original) == [
                "FocusedWorkWidget/en.lproj/InfoPlist.strings", "FocusSessionIntents/en.lproj/InfoPlist.strings",
                "iOS/en.lproj/InfoPlist.strings", "macOS/en.lproj/InfoPlist.strings",
                "SelectAccountIntent/en.lproj/InfoPlist.strings",
            ])
    }

    /// Xcode 15.0 (Elytra) names a package's table outside the project folder
    /// `../../DZ/…/en.lproj/Localizable.strings`; the importer reads such a path back.
    @Test func aTableOutsideTheProjectIsNamedWithParentSteps() throws {
        let document = try export(
            [
                "Apps/Yeti/en.lproj/Localizable.strings": "\"a\" = \"A\";\n",
                "DZ/Kit/en.lproj/Localizable.strings": "\"b\" = \"B\";\n",
            ], project: "Apps/Yeti")
        #expect(
            document.files.map(\.original) == [
                "../../DZ/Kit/en.lproj/Localizable.strings", "en.lproj/Localizable.strings",
            ])
        #expect(Path.relativeWithParents("/a/b/c", to: "/a/b") == "c")
        #expect(Path.relativeWithParents("/a/x/c", to: "/a/b") == "../x/c")
        #expect(Path.relativeWithParents("/x", to: "/a/b") == "../../x")
    }

    /// Xcode 14.2 to 15.0 (Pockity, Elytra): a key the `.stringsdict` has too is exported from
    /// the `.stringsdict`; its `.strings` unit is `translate="no"` with the note
    /// `<comment> (Key in .stringsdict)` (target still given), and the `.stringsdict` units
    /// carry the `.strings` comment as their note. A key of another table name is untouched.
    @Test func aKeyInTheStringsdictToo() throws {
        let plural = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>%d Entries</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@entries@</string>
            \t\t<key>entries</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>one</key>
            \t\t\t<string>%d Entry</string>
            \t\t\t<key>other</key>
            \t\t\t<string>%d Entries</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """
        let strings = "/* No comment provided by engineer. */\n\"%d Entries\" = \"%d Entries\";\n\"Done\" = \"Done\";\n"
        let document = try export([
            "App/en.lproj/Localizable.strings": strings,
            "App/en.lproj/Localizable.stringsdict": plural,
            "App/de.lproj/Localizable.strings": "\"%d Entries\" = \"%d Einträge\";\n",
            "App/en.lproj/Other.strings": strings,
        ])
        let localizable = try #require(document.files.first { $0.original == "en.lproj/Localizable.strings" })
        #expect(
            localizable.units == [
                XLIFFUnit(
                    id: "%d Entries", source: "%d Entries", target: "%d Einträge",
                    note: "No comment provided by engineer. (Key in .stringsdict)", isTranslatable: false),
                XLIFFUnit(id: "Done", source: "Done", note: ""),
            ])
        let plurals = try #require(document.files.first { $0.original == "en.lproj/Localizable.stringsdict" })
        #expect(plurals.units.count == 3)
        #expect(plurals.units.allSatisfy { $0.note == "No comment provided by engineer." })
        let other = try #require(document.files.first { $0.original == "en.lproj/Other.strings" })
        #expect(other.units.allSatisfy { $0.isTranslatable })
        #expect(other.units.first?.note == "No comment provided by engineer.")
    }
}
