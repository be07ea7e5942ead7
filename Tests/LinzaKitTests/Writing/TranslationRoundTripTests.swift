import Foundation
import XCTest
@testable import LinzaBase
@testable import LinzaTables

/// `EditableTable.translate` on real tables (`LINZA_REAL_TABLES`, as `RealTableRoundTripTests`
/// reads them): every text set to itself changes no byte; every text set to another and
/// then back gives the file's bytes again, in every format.
final class TranslationRoundTripTests: XCTestCase {
    private func files(_ extensions: Set<String>) throws -> [String] {
        guard let root = ProcessInfo.processInfo.environment["LINZA_REAL_TABLES"] else {
            throw XCTSkip("LINZA_REAL_TABLES is not set")
        }
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if extensions.contains((path as NSString).pathExtension) { found.append(root + "/" + path) }
        }
        return found.sorted()
    }

    /// Every text of `document` as a translation to itself (catalog units with their state).
    static func translations(of document: any EditableTable) -> [TextTranslation] {
        if let catalog = document as? CatalogDocument {
            var result: [TextTranslation] = []
            func walk(_ node: CatalogValue, key: String, language: String, path: [String]) {
                if let unit = node["stringUnit"], let value = unit["value"]?.string {
                    result.append(
                        TextTranslation(
                            key: key, language: language, path: path, value: value, state: unit["state"]?.string))
                }
                for kind in ["plural", "device"] {
                    for member in node["variations"]?[kind]?.members ?? [] {
                        walk(member.value, key: key, language: language, path: path + [kind, member.key])
                    }
                }
                for member in node["substitutions"]?.members ?? [] {
                    walk(member.value, key: key, language: language, path: path + ["substitutions", member.key])
                }
            }
            for entry in catalog.read["strings"]?.members ?? [] {
                for localization in entry.value["localizations"]?.members ?? [] {
                    walk(localization.value, key: entry.key, language: localization.key, path: [])
                }
            }
            return result
        }
        if let plurals = document as? StringsdictDocument {
            guard let root = try? plurals.text.withUnsafeBufferPointer({ try PropertyListXMLParser.parse($0) }) else {
                return []
            }
            var result: [TextTranslation] = []
            for pair in root.pairs ?? [] {
                for inner in pair.value.pairs ?? [] {
                    if inner.key == stringsdictFormatPath, let format = inner.value.string {
                        result.append(TextTranslation(key: pair.key, language: "xx", path: [inner.key], value: format))
                    }
                    for form in inner.value.pairs ?? [] where PluralCategories.all.contains(form.key) {
                        if let text = form.value.string {
                            result.append(
                                TextTranslation(
                                    key: pair.key, language: "xx", path: [inner.key, form.key], value: text))
                        }
                    }
                }
            }
            return result
        }
        return document.values.compactMap { key, value in
            value.map { TextTranslation(key: key, language: "xx", value: $0) }
        }
    }

    func testEveryRealTextSetToItselfAndBackKeepsEveryByte() throws {
        var tables = 0, texts = 0
        var refused: [String] = []
        for path in try files(["strings", "stringsdict", "xcstrings"]) {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let format = TableFormat(rawValue: (path as NSString).pathExtension)!
            guard var document = try? format.editableTable(path: path, bytes: bytes) else { continue }
            let same = Self.translations(of: document)
            var edits: [TextEdit] = []
            let outcome = document.translate(same, like: { _ in nil }, placing: { _ in nil }, edits: &edits)
            XCTAssertTrue(edits.isEmpty || document.applying(edits) == bytes, "\(path): setting texts to themselves")
            XCTAssertTrue(outcome.touched.isEmpty, path)
            // Each text changed (in one plan), then the changed file given its texts back.
            var changed = same
            for index in changed.indices { changed[index].value += " ✓" }
            var first = try format.editableTable(path: path, bytes: bytes)
            var firstEdits: [TextEdit] = []
            let firstOutcome = first.translate(changed, like: { _ in nil }, placing: { _ in nil }, edits: &firstEdits)
            for case .refused(let reason) in firstOutcome.results { refused.append("\(path): \(reason)") }
            let updated = first.applying(firstEdits)
            var second = try format.editableTable(path: path, bytes: updated)
            let values = second.values
            for (key, value) in firstOutcome.expected where values[key] != value {
                XCTFail(
                    "\(path): \(key) reads \(String(describing: values[key])), planned \(String(describing: value))")
            }
            var secondEdits: [TextEdit] = []
            _ = second.translate(same, like: { _ in nil }, placing: { _ in nil }, edits: &secondEdits)
            XCTAssertEqual(second.applying(secondEdits), bytes, "\(path): there and back")
            tables += 1
            texts += same.count
        }
        print("tables: \(tables), texts set there and back: \(texts), refused: \(refused.count)")
        print(refused.prefix(20).joined(separator: "\n"))
        XCTAssertGreaterThan(tables, 0)
    }
}
