import Foundation
import Testing

/// `linza rename` there and back on Fixtures/RenamingCatalogApp, a String Catalog app whose
/// keys are mostly their English text (`Reader View`, with no `en` localization) beside an
/// identifier key with an `en` text (`reader.font.size`), read from Swift (plain and raw
/// literals) and Objective-C: every file, the baseline too, comes back byte for byte.
@Suite struct RenameRoundTripTests {
    static let fixture = LinzaBinary.repositoryRoot + "/Fixtures/RenamingCatalogApp"
    static let catalog = "Resources/Localizable.xcstrings"

    /// A fresh copy of the fixture, with a baseline of its findings (which name the keys).
    func project() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-rename-round-trip-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: folder)
        let baseline = try LinzaBinary.run(["baseline", "write"], in: folder)
        #expect(baseline.status == 0, "\(baseline.standardOutput)\(baseline.standardError)")
        return folder
    }

    func rename(_ arguments: [String], in folder: String) throws -> String {
        let result = try LinzaBinary.run(["rename", "--apply"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        return result.standardError
    }

    /// A map file outside the project, so that it is not one of the files compared.
    func writeMap(_ renames: [(String, String)]) throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/linza-rename-map-" + UUID().uuidString + ".tsv"
        try Data(renames.map { "\($0.0)\t\($0.1)\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aKeyThatIsItsOwnTextRenamedThereAndBackGivesBackEveryByte() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try ProjectFiles.contents(folder)

        let there = try rename(["Reader View", "reader.view"], in: folder)
        #expect(
            there.contains(
                "linza: kept the text of 1 key whose old key was their en text, now their en localization, "
                    + "in \(Self.catalog)"))
        #expect(
            try ProjectFiles.text(folder, Self.catalog).contains(
                "    \"reader.view\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n"
                    + "            \"state\" : \"translated\",\n            \"value\" : \"Leseansicht\"\n          }\n        },\n"
                    + "        \"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
                    + "            \"value\" : \"Reader View\"\n"))
        #expect(
            try ProjectFiles.text(folder, "Sources/ReaderView.swift").contains(
                ##".navigationTitle(Text(#"reader.view"#))"##))

        let back = try rename(["reader.view", "Reader View"], in: folder)
        #expect(
            back.contains(
                "linza: dropped the en localization of 1 key renamed to its en text (it only repeated the new key, "
                    + "which shows that text itself) in \(Self.catalog)"))
        #expect(!back.contains("kept the text"))
        #expect(try ProjectFiles.contents(folder) == original)
    }

    /// Both directions at once: keys that are their text become identifiers, and an
    /// identifier becomes its `en` text (whose localization goes), then the reverse map.
    @Test func aMapThereAndBackGivesBackEveryByte() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try ProjectFiles.contents(folder)
        let renames = [
            ("Reader View", "reader.view"), ("Share", "reader.share"), ("Open in Safari", "reader.openInSafari"),
            ("reader.font.size", "Font Size"),
        ]
        let map = try writeMap(renames)
        defer { try? FileManager.default.removeItem(atPath: map) }
        let there = try rename(["--map", map], in: folder)
        #expect(there.contains("linza: kept the text of 3 keys whose old key was their en text"))
        #expect(there.contains("linza: dropped the en localization of 1 key renamed to its en text"))
        #expect(there.contains("linza: renamed 4 keys in \(Self.catalog)"))
        // The findings about `Share` and `Open in Safari` (missing translations) follow them.
        #expect(there.contains("linza: updated .linza-baseline.json"))
        #expect(try ProjectFiles.text(folder, ".linza-baseline.json").contains(#""key": "reader.share""#))
        #expect(try ProjectFiles.contents(folder) != original)
        #expect(
            try LinzaBinary.run(["rename", "--apply", "--map", map, "--check"], in: folder).status == 0,
            "a second run finds nothing to do")

        let reverse = try writeMap(renames.map { ($0.1, $0.0) })
        defer { try? FileManager.default.removeItem(atPath: reverse) }
        let back = try rename(["--map", reverse], in: folder)
        #expect(back.contains("linza: kept the text of 1 key whose old key was their en text"))
        #expect(back.contains("linza: dropped the en localization of 3 keys renamed to their en text"))
        #expect(try ProjectFiles.contents(folder) == original)
    }

    /// The one catalog entry whose bytes a round trip cannot give back: one whose `en`
    /// localization already repeated its key (`Done`) reads, once renamed, exactly as an entry
    /// that got its text from the rename, so renamed back it loses that localization too. The
    /// app shows the same text; only those lines go.
    @Test func anEnglishLocalizationThatOnlyRepeatedTheKeyIsDroppedOnTheWayBack() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try ProjectFiles.text(folder, Self.catalog)
        let there = try rename(["Done", "reader.done"], in: folder)
        #expect(!there.contains("kept the text"))
        _ = try rename(["reader.done", "Done"], in: folder)
        let repeated =
            "        \"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n"
            + "            \"value\" : \"Done\"\n          }\n        },\n"
        #expect(original.contains(repeated))
        #expect(try ProjectFiles.text(folder, Self.catalog) == original.replacingOccurrences(of: repeated, with: ""))
        #expect(try ProjectFiles.text(folder, "Sources/ReaderView.swift").contains(#"Button("Done") {}"#))
    }
}
