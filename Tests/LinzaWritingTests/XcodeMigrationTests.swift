import Foundation
@testable import LinzaBase
@testable import LinzaTables
@testable import LinzaWriting
import Testing

/// `linza migrate`'s conversion against real Xcode "Migrate to String Catalog" commits, when
/// `LINZA_XCODE_MIGRATIONS` names a folder `Scripts/prepare-xcode-migrations.sh` prepared
/// (the projects' files are not committed here). Each commit's catalog was committed after
/// Xcode had built the target once, and that build changed it in ways the test undoes on
/// Linza's side, counting each: the extraction state (`migrated` becomes automatic or
/// `manual`), the source-language unit of a key whose text is the key itself and that the
/// build found in code (dropped), entries the build extracted from code (added), entries
/// absent from the committed catalog (docs/MIGRATION.md names them). What is
/// left must be the committed file, byte for byte.
@Suite struct XcodeMigrationTests {
    static let folder = ProcessInfo.processInfo.environment["LINZA_XCODE_MIGRATIONS"]

    /// Per case: the build's changes undone, counted (docs/MIGRATION.md's table).
    struct Counts: Equatable, CustomStringConvertible {
        var extractionStates = 0
        var droppedSourceUnits = 0
        var extracted = 0
        var absent = 0
        var description: String {
            "extraction states \(extractionStates), source units dropped \(droppedSourceUnits), "
                + "extracted by the build \(extracted), absent from Xcode's \(absent)"
        }
    }

    static let expected: [String: Counts] = [
        "whisky": Counts(extractionStates: 106, droppedSourceUnits: 0, extracted: 0, absent: 0),
        "xcodes": Counts(extractionStates: 169, droppedSourceUnits: 33, extracted: 15, absent: 1),
        "icecubes": Counts(extractionStates: 557, droppedSourceUnits: 0, extracted: 8, absent: 0),
    ]

    @Test(.enabled(if: folder != nil), arguments: ["whisky", "xcodes", "icecubes"])
    func theCatalogIsXcodesOnceTheBuildsChangesAreUndone(_ name: String) throws {
        let root = try #require(Self.folder) + "/" + name
        let facts = try String(contentsOfFile: root + "/case.txt", encoding: .utf8)
        let value = { (key: String) in
            facts.split(separator: "\n").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
        }
        let language = try #require(value("language"))
        // With the keys only other languages have dropped, as Xcode drops them (--drop-orphans).
        var table = try legacyTable(root + "/before/" + (try #require(value("folder"))))
        table = table.dropping(Set(table.orphans(development: language)))
        let migrated = CatalogMigration.catalog(table, sourceLanguage: language).catalog
        let xcodeBytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/after.xcstrings")))
        let xcode = try #require(CatalogValue(try xcodeBytes.withUnsafeBufferPointer { try JSONParser.parse($0) }))
        var counts = Counts()
        let built = undoBuild(migrated, like: xcode, sourceLanguage: language, counts: &counts)
        #expect(counts == Self.expected[name], "\(counts)")
        let rendered = XcodeJSONLayout(of: xcodeBytes).render(built)
        let offset = zip(rendered, xcodeBytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(rendered == xcodeBytes, "first difference at byte \(offset ?? min(rendered.count, xcodeBytes.count))")
    }

    /// Linza's catalog as the build left Xcode's: each entry's extraction state Xcode's,
    /// the source unit of an extracted key that is its own text dropped, entries only the
    /// build made added, entries Xcode's lacks removed.
    func undoBuild(_ migrated: CatalogValue, like xcode: CatalogValue, sourceLanguage: String, counts: inout Counts)
        -> CatalogValue
    {
        var result = migrated
        let theirs = xcode["strings"]?.members ?? []
        let ours = Set((migrated["strings"]?.members ?? []).map(\.key))
        result.update("strings") { strings in
            for member in strings.members ?? [] {
                guard let their = xcode["strings"]?[member.key] else {
                    counts.absent += 1
                    strings.remove(member.key)
                    continue
                }
                strings.update(member.key) { entry in
                    if entry["extractionState"] != their["extractionState"] {
                        counts.extractionStates += 1
                        if let state = their["extractionState"] {
                            entry.set("extractionState", state)
                        } else {
                            entry.remove("extractionState")
                        }
                    }
                    let unit = entry["localizations"]?[sourceLanguage]?["stringUnit"]?["value"]?.string
                    if unit == member.key, their["localizations"]?[sourceLanguage] == nil {
                        counts.droppedSourceUnits += 1
                        entry.update("localizations") { $0.remove(sourceLanguage) }
                    }
                }
            }
            for member in theirs where !ours.contains(member.key) {
                counts.extracted += 1
                strings.set(member.key, member.value)
            }
        }
        return result
    }

    /// Every `<lang>.lproj/*.strings` and `.stringsdict` under `folder`, as one table.
    func legacyTable(_ folder: String) throws -> LegacyTable {
        var table = LegacyTable()
        let paths = try #require(FileManager.default.subpathsOfDirectory(atPath: folder) as [String]?).sorted()
        for path in paths where path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") {
            let parts = path.split(separator: "/")
            guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { continue }
            let language = String(parts[parts.count - 2].dropLast(6))
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)))
            if path.hasSuffix(".strings") {
                let document = try StringsDocument(path: path, bytes: bytes)
                table.texts[language, default: []] += MigratePlanner.texts(of: document)
            } else {
                let document = try StringsdictDocument(path: path, bytes: bytes)
                table.plurals[language, default: []] += try LegacyTable.plurals(of: document.text, path: path)
            }
        }
        return table
    }
}
