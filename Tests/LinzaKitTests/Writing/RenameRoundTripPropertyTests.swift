import Foundation
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaRules
@testable import LinzaSources
@testable import LinzaTables
@testable import LinzaWriting
import Testing

/// Every table in Fixtures, and with `LINZA_REAL_TABLES` every real one (docs/WRITING.md),
/// renamed there and back as `rename` plans a table file (`RenamePlanner.finish`), each way
/// checked as `WritePlan.verify` checks a plan: the same bytes again. Each file is renamed
/// whole, then in random halves (fixed seed); a catalog key is renamed to an identifier or,
/// when it has one, to its source-language text (which is then the key's own text).
///
/// What a rename must add and no reverse can tell from what a file had, and so is left out
/// or expected: a `.strings` shorthand (`"key";`) is written out (`"new" = "key";`), a
/// catalog entry's source-language unit that only repeats its key (as a rename that keeps a
/// key's text writes it) is dropped on the way back. A catalog whose entries are not in
/// Xcode's order (written by hand) reads the same, its renamed entries in their sorted places.
@Suite struct RenameRoundTripPropertyTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let extensions: Set<String> = ["strings", "stringsdict", "xcstrings"]

    /// The tables under `root`, sorted.
    static func tables(under root: String) -> [String] {
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if extensions.contains((path as NSString).pathExtension) { found.append(root + "/" + path) }
        }
        return found.sorted()
    }

    static func open(_ path: String, _ bytes: [UInt8]) throws -> any EditableTable {
        if path.hasSuffix(".stringsdict") { return try StringsdictDocument(path: path, bytes: bytes) }
        if path.hasSuffix(".xcstrings") { return try CatalogDocument(path: path, bytes: bytes) }
        return try StringsDocument(path: path, bytes: bytes)
    }

    /// `document` with `renames` (old → new) planned and verified as `rename` plans them: the new bytes.
    static func renamed(_ document: any EditableTable, _ renames: [String: String]) throws -> [UInt8] {
        var change = WritePlan.FileChange(document: document, language: "", table: "Localizable")
        change.renamed = renames
        RenamePlanner.finish(&change)
        var plan = WritePlan()
        plan.files = [change]
        try plan.verify()
        return change.updated
    }

    /// Entry `key`'s source-language localization when it is exactly what a rename that
    /// keeps the key's text writes: renamed there and back, the entry loses it.
    static func repeatsItsKey(_ catalog: CatalogDocument, _ key: String) -> Bool {
        guard let entry = catalog.read["strings"]?[key], entry["shouldTranslate"] != .literal("false") else {
            return false
        }
        return entry["localizations"]?[catalog.sourceLanguage] == CatalogDocument.keptText(key)
    }

    /// A new name for each of `keys` in `document`, none of them a key it has or another's new name.
    static func newNames(_ keys: [String], in document: any EditableTable, _ random: inout SplitMix64) -> [String:
        String]
    {
        var taken = Set(document.keys)
        var result: [String: String] = [:]
        let values = document.values
        for (index, key) in keys.enumerated() {
            var name: String
            if let catalog = document as? CatalogDocument, Bool.random(using: &random),
                let text = values[key + "\u{0}" + catalog.sourceLanguage] ?? nil, !text.isEmpty, !taken.contains(text),
                catalog.read["strings"]?[key]?["localizations"]?[catalog.sourceLanguage]?["stringUnit"] != nil
            {
                // An identifier key becomes its text (the reverse of keeping a key's text).
                name = text
            } else if !key.isEmpty, key.utf8.allSatisfy(isUnquotedPropertyListByte) {
                name = key + "_\(index)"  // An unquoted .strings key can stay unquoted.
            } else {
                name = "renamed \(index)·\(key.prefix(8))"
            }
            while taken.contains(name) { name += "'" }
            taken.insert(name)
            result[key] = name
        }
        return result
    }

    /// The keys of `document` whose rename no reverse can undo byte for byte: `.strings`
    /// shorthand entries, whose text is written out.
    static func writtenOut(_ document: any EditableTable) -> Set<String> {
        guard let strings = document as? StringsDocument else { return [] }
        return Set(
            strings.entries.filter { entry in
                let edit = strings.renamings([entry.key: "x"]).first
                return edit?.replacement != StringsDocument.token("x", like: strings.text[entry.keyOffset])
            }.map(\.key))
    }

    /// Whether `document` is not a catalog, or one whose entries are in Xcode's order (as
    /// every catalog Xcode writes is): renamed entries move to their sorted places.
    static func inXcodesOrder(_ document: any EditableTable) -> Bool {
        guard let catalog = document as? CatalogDocument else { return true }
        return zip(catalog.keys, catalog.keys.dropFirst()).allSatisfy { CatalogCollation.precedes($0, $1) }
    }

    /// Renames every key of the table at `path`, then random halves, there and back; returns
    /// whether the file was renamed (one Linza cannot edit is not) and the keys whose
    /// repeated source text was dropped.
    static func check(_ path: String, seed: UInt64) throws -> (renamed: Bool, dropped: Int) {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        guard let document = try? open(path, bytes) else { return (false, 0) }
        var random = SplitMix64(seed: seed)
        let excluded = writtenOut(document)
        let keys = Array(Set(document.keys).subtracting(excluded)).sorted()
        guard !keys.isEmpty else { return (false, 0) }
        var dropped = 0
        for round in 0..<3 {
            let chosen = round == 0 ? keys : keys.filter { _ in Bool.random(using: &random) }
            let there = newNames(chosen, in: document, &random)
            let renamed = try renamed(document, there)
            let back = try Self.renamed(
                try open(path, renamed), Dictionary(uniqueKeysWithValues: there.map { ($0.value, $0.key) }))
            var expected = bytes
            if var catalog = document as? CatalogDocument {
                // The one loss, and only it: a unit that repeated its key goes.
                for key in chosen where repeatsItsKey(catalog, key) {
                    guard var entry = catalog.read["strings"]?[key] else { continue }
                    entry.update("localizations") { $0.remove(catalog.sourceLanguage) }
                    if entry["localizations"]?.members?.isEmpty == true { entry.remove("localizations") }
                    catalog.restore(key, entry)
                    if round == 0 { dropped += 1 }
                }
                expected = catalog.rendering
            }
            if inXcodesOrder(document) {
                #expect(
                    String(decoding: back, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                    "\(path), round \(round): \(there.count) keys there and back")
            } else {
                // A catalog in another order has no sorted place to give an entry back: the
                // entry moves to where Xcode's order puts it, and reads the same.
                #expect(try open(path, back).values == open(path, expected).values, "\(path), round \(round)")
            }
        }
        return (true, dropped)
    }

    @Test func everyFixtureTableRenamedThereAndBackIsByteForByteTheSame() throws {
        let paths = Self.tables(under: Self.repositoryRoot + "/Fixtures")
        var renamed: [String] = []
        for (index, path) in paths.enumerated() where try Self.check(path, seed: 3211 + UInt64(index)).renamed {
            renamed.append(path)
        }
        // Every kind, and the catalog app whose keys are their own text.
        #expect(renamed.contains { $0.hasSuffix("RenamingCatalogApp/Resources/Localizable.xcstrings") })
        #expect(renamed.contains { $0.hasSuffix(".strings") } && renamed.contains { $0.hasSuffix(".stringsdict") })
        #expect(renamed.count { $0.hasSuffix(".xcstrings") } >= 8, "\(renamed)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["LINZA_REAL_TABLES"] != nil))
    func everyRealTableRenamedThereAndBackIsByteForByteTheSame() throws {
        let paths = Self.tables(under: ProcessInfo.processInfo.environment["LINZA_REAL_TABLES"]!)
        var renamed = 0, dropped = 0
        for (index, path) in paths.enumerated() {
            let result = try Self.check(path, seed: 2611 + UInt64(index))
            if result.renamed { renamed += 1 }
            dropped += result.dropped
        }
        print(
            "tables renamed there and back: \(renamed) of \(paths.count); source units that only repeated their key, dropped: \(dropped)"
        )
        #expect(renamed > 0)
    }
}
