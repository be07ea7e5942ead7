import Foundation
import XCTest
@testable import LinzaTables

/// Real tables, read for editing and written back with no edit: identical bytes. The tables
/// are not in this repository (fixtures are ours): point `LINZA_REAL_TABLES` at a folder of
/// them, for example the tables of a few fetched open-source apps, to run these
/// (docs/WRITING.md says how and what they found). Renaming every key there and back is
/// `RenameRoundTripPropertyTests.everyRealTableRenamedThereAndBackIsByteForByteTheSame`.
final class RealTableRoundTripTests: XCTestCase {
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

    private func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testEveryRealStringsAndStringsdictFileIsWrittenBackByteForByte() throws {
        var written = 0
        var refused: [String] = []
        for path in try files(["strings", "stringsdict"]) {
            let bytes = try read(path)
            do {
                let document: any EditableTable =
                    path.hasSuffix(".stringsdict")
                    ? try StringsdictDocument(path: path, bytes: bytes) : try StringsDocument(path: path, bytes: bytes)
                XCTAssertEqual(document.applying([]), bytes, path)
                // Removing the first entry removes its bytes and nothing else.
                if !document.keys.isEmpty {
                    let edited = document.applying(document.deletions(of: [0]))
                    let reread = try type(of: document).init(path: path, bytes: edited)
                    XCTAssertEqual(reread.keys, Array(document.keys.dropFirst()), path)
                    XCTAssertEqual(
                        reread.entryBytes.map(Array.init), document.entryBytes.dropFirst().map(Array.init), path)
                }
                written += 1
            } catch {
                refused.append("\(error)")
            }
        }
        print("tables written back: \(written); refused: \(refused.count)\n" + refused.joined(separator: "\n"))
        XCTAssertGreaterThan(written, 0)
    }

    /// Catalogs whose every line has Xcode's shape are re-serialised byte for byte; their
    /// member order, at every level, is the order `CatalogCollation` gives (emoji and Han,
    /// which it places by code point, aside).
    func testEveryRealCatalogInXcodesLayoutIsReserialisedByteForByte() throws {
        var accepted = 0, pairs = 0
        var refusedInXcodeShape: [String] = []
        var disagreements: [String] = []
        for path in try files(["xcstrings"]) {
            let bytes = try read(path)
            let document: CatalogDocument
            do {
                document = try CatalogDocument(path: path, bytes: bytes)
            } catch {
                // Catalogs with a key twice in one object are refused whatever their layout.
                if Self.hasXcodesLineShape(bytes), !"\(error)".contains("twice") {
                    refusedInXcodeShape.append("\(error)")
                }
                continue
            }
            accepted += 1
            func check(_ value: CatalogValue) {
                switch value {
                case .object(let members):
                    for (a, b) in zip(members, members.dropFirst()) {
                        pairs += 1
                        let expected = a.key.localizedStandardCompare(b.key).rawValue
                        if CatalogCollation.compare(a.key, b.key) != expected, !Self.isPlacedByCodePoint(a.key + b.key)
                        {
                            disagreements.append("\(path): \(a.key.debugDescription) vs \(b.key.debugDescription)")
                        }
                    }
                    members.forEach { check($0.value) }
                case .array(let items): items.forEach(check)
                default: break
                }
            }
            check(document.root)
        }
        print("catalogs re-serialised byte for byte: \(accepted); member pairs compared with Foundation: \(pairs)")
        XCTAssertGreaterThan(accepted, 0)
        XCTAssertEqual(refusedInXcodeShape, [])
        XCTAssertEqual(disagreements, [])
    }

    private static func isPlacedByCodePoint(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= 0x2E80 }
    }

    /// Every line is empty (only inside `{}` or `[]`) or an even indent and one of `{`, `}`,
    /// `]`, `"key" : {`, `"key" : [`, `"key" : scalar`, a scalar, with an optional comma:
    /// checked line by line, independently of the writer.
    static func hasXcodesLineShape(_ bytes: [UInt8]) -> Bool {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if line.isEmpty {
                let isLast = index == lines.count - 1
                let opens = index > 0 && (lines[index - 1].hasSuffix("{") || lines[index - 1].hasSuffix("["))
                let closes =
                    index + 1 < lines.count && lines[index + 1].trimmingCharacters(in: .whitespaces).hasPrefix("}")
                if !isLast && !(opens && closes) { return false }
                continue
            }
            let indent = line.prefix { $0 == " " }.count
            guard indent % 2 == 0 else { return false }
            var rest = line.dropFirst(indent)
            if rest.hasSuffix(",") { rest = rest.dropLast() }
            if ["{", "}", "]"].contains(rest) { continue }
            if rest.hasPrefix("\"") {
                guard let keyEnd = Self.endOfString(rest) else { return false }
                let after = rest[keyEnd...]
                if after.isEmpty { continue }
                guard after.hasPrefix(" : ") else { return false }
                let value = after.dropFirst(3)
                if value == "{" || value == "[" { continue }
                if value.hasPrefix("\""), Self.endOfString(value) == value.endIndex { continue }
                if ["true", "false", "null"].contains(value) || value.allSatisfy({ "0123456789.-+eE".contains($0) }) {
                    continue
                }
                return false
            }
            if ["true", "false", "null"].contains(rest) || rest.allSatisfy({ "0123456789.-+eE".contains($0) }) {
                continue
            }
            return false
        }
        return true
    }

    /// Just past the JSON string that starts `text`.
    private static func endOfString(_ text: Substring) -> Substring.Index? {
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            if text[index] == "\\" {
                index = text.index(after: index)
                guard index < text.endIndex else { return nil }
            } else if text[index] == "\"" {
                return text.index(after: index)
            }
            index = text.index(after: index)
        }
        return nil
    }
}
