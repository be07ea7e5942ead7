import Foundation
import Testing
@testable import LinzaBase
@testable import LinzaTables
@testable import LinzaWriting

/// A writer's String Catalog edit is read back without checking Xcode's layout again
/// (`CatalogDocument.reread`: the check renders every entry, and the edit is in that layout by
/// construction), and verification still refuses an edit that does not read back as planned.
@Suite struct CatalogVerificationTests {
    static let path = "/p/Localizable.xcstrings"

    @Test func rereadingSkipsOnlyTheLayoutCheck() throws {
        // The same catalog as Xcode writes it and without its line breaks and indentation.
        let laidOut = CatalogMemoryTests.catalog(3)
        let compact = Array(
            String(decoding: laidOut, as: UTF8.self).split(separator: "\n").map { $0.drop { $0 == " " } }
                .joined().utf8)
        #expect(throws: TableRefusal.self) { try CatalogDocument(path: Self.path, bytes: compact) }
        let reread = try CatalogDocument.reread(path: Self.path, bytes: compact)
        let original = try CatalogDocument(path: Self.path, bytes: laidOut)
        #expect(reread.keys == original.keys)
        #expect(reread.values == original.values)
        // A file that is no catalog is refused all the same.
        #expect(throws: TableRefusal.self) { try CatalogDocument.reread(path: Self.path, bytes: Array("{".utf8)) }
    }

    @Test func verificationRefusesACatalogEditThatChangesAnotherEntry() throws {
        var document = try CatalogDocument(path: Self.path, bytes: CatalogMemoryTests.catalog(20))
        var edits: [TextEdit] = []
        let added = NewStringsEntry(key: "item.00010a", value: "New", comment: "Added")
        _ = document.plan(TableChange(adding: [added]), edits: &edits)
        var change = WritePlan.FileChange(document: document, language: "en", table: "Localizable")
        change.added = [added]
        change.edits = edits
        try WritePlan.verify(change, updated: change.updated)

        let planned = String(decoding: change.updated, as: UTF8.self)
        #expect(planned.contains("\"de 5\""))
        let otherEntryChanged = Array(planned.replacingOccurrences(of: "\"de 5\"", with: "\"de 6\"").utf8)
        #expect(throws: TableRefusal.self) { try WritePlan.verify(change, updated: otherEntryChanged) }
        let newEntryChanged = Array(planned.replacingOccurrences(of: "\"New\"", with: "\"Old\"").utf8)
        #expect(throws: TableRefusal.self) { try WritePlan.verify(change, updated: newEntryChanged) }
        let otherEntryDropped = Array(
            planned.replacingOccurrences(of: "\"item.00003\"", with: "\"item.00003x\"").utf8)
        #expect(throws: TableRefusal.self) { try WritePlan.verify(change, updated: otherEntryDropped) }
    }
}
