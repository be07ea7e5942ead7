import Foundation
@testable import LinzaBase
import Testing

/// A change whose new bytes are made when the transaction writes it (`Change.making`):
/// files are made and written one at a time, and a change that cannot be made stops the
/// transaction with its own error, nothing written and no temporary file left.
@Suite struct LazyChangeTests {
    struct Unverified: Error {}

    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/linza-lazy-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func changesAreMadeInTurnAndWritten() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = ["en", "de", "fr"].map { folder + "/\($0).strings" }
        for path in paths { try Data("\"a\" = \"b\";\n".utf8).write(to: URL(fileURLWithPath: path)) }
        try FileTransaction.commit(
            paths.map { path in
                .init(path: path, original: Array("\"a\" = \"b\";\n".utf8)) {
                    Array("\"a\" = \"\(Path.lastComponent(path))\";\n".utf8)
                }
            })
        for path in paths {
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "\"a\" = \"\(Path.lastComponent(path))\";\n")
        }
    }

    @Test func aChangeThatCannotBeMadeLeavesEveryFileAsItWas() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = folder + "/en.strings", second = folder + "/de.strings"
        for path in [first, second] { try Data("\"a\" = \"b\";\n".utf8).write(to: URL(fileURLWithPath: path)) }
        #expect(throws: Unverified.self) {
            try FileTransaction.commit([
                .init(path: first, original: Array("\"a\" = \"b\";\n".utf8)) { Array("\"a\" = \"c\";\n".utf8) },
                .init(path: second, original: Array("\"a\" = \"b\";\n".utf8)) { throw Unverified() },
            ])
        }
        for path in [first, second] { #expect(try String(contentsOfFile: path, encoding: .utf8) == "\"a\" = \"b\";\n") }
        // The first file's temporary file is gone too.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["de.strings", "en.strings"])
    }
}
