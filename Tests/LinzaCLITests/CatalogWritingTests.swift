import Foundation
import Testing

/// `linza sync` and `linza prune` on Fixtures/Writing/CatalogApp: a String Catalog in Xcode's
/// layout with plural variations, a manual and a stale entry. Expected bytes are in
/// Fixtures/Writing/Expected/Catalog*.
@Suite struct CatalogWritingTests {
    static let fixture = LinzaBinary.repositoryRoot + "/Fixtures/Writing"
    static let catalog = "/Resources/Localizable.xcstrings"

    func app() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-catalog-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: Self.fixture + "/CatalogApp", toPath: folder)
        return folder
    }

    func expectCatalog(_ folder: String, equal expected: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let found = try Data(contentsOf: URL(fileURLWithPath: folder + Self.catalog))
        let wanted = try Data(
            contentsOf: URL(fileURLWithPath: Self.fixture + "/Expected/" + expected + "/Localizable.xcstrings"))
        #expect(found == wanted, "the catalog differs from Expected/\(expected)", sourceLocation: sourceLocation)
    }

    @Test func syncThenPruneGiveTheExpectedBytesAndAreIdempotent() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try LinzaBinary.run(["sync", "--apply", "--fill", "dev", "--check"], in: folder).status == 1)
        let sync = try LinzaBinary.run(["sync", "--apply", "--fill", "dev"], in: folder)
        #expect(sync.status == 0)
        // profile.edit and profile.avatar2 are added bare, as Xcode's extraction adds them; with no
        // text, they fill no language.
        #expect(
            sync.standardError.contains("linza: added 3 keys and 2 localizations to Resources/Localizable.xcstrings"))
        #expect(sync.standardError.contains("not filled: '%lld posts' in fr"))
        try expectCatalog(folder, equal: "CatalogAfterSync")
        #expect(try LinzaBinary.run(["sync", "--apply", "--fill", "dev", "--check"], in: folder).status == 0)
        // The plural entry fr lacks and the two keys that need text are left.
        let lint = try LinzaBinary.run(["--quiet"], in: folder)
        #expect(lint.standardOutput.components(separatedBy: "[missing_key]").count - 1 == 3)
        #expect(lint.standardOutput.contains("'%lld posts' is missing in fr"))

        // The manual entry no code uses is marked stale; the stale one stays as it is.
        #expect(try LinzaBinary.run(["prune", "--check"], in: folder).status == 1)
        let prune = try LinzaBinary.run(["prune", "--apply"], in: folder)
        #expect(prune.standardError.contains("linza: marked 1 key stale in Resources/Localizable.xcstrings"))
        try expectCatalog(folder, equal: "CatalogAfterPrune")
        #expect(try LinzaBinary.run(["prune", "--check"], in: folder).status == 0)
        #expect(!(try LinzaBinary.run(["--quiet"], in: folder)).standardOutput.contains("[unused_key]"))

        // --catalog delete removes both stale entries.
        #expect(try LinzaBinary.run(["prune", "--check", "--catalog", "delete"], in: folder).status == 1)
        #expect(try LinzaBinary.run(["prune", "--apply", "--catalog", "delete"], in: folder).status == 0)
        try expectCatalog(folder, equal: "CatalogAfterDelete")
        #expect(try LinzaBinary.run(["prune", "--check", "--catalog", "delete"], in: folder).status == 0)
    }

    @Test func syncWithoutFillAddsEntriesAsXcodesExtractionDoes() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try LinzaBinary.run(["sync", "--apply", "--dry-run"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                """
                +    "profile.edit" : {
                +
                +    },
                """))
        #expect(
            result.standardOutput.contains(
                """
                +    "profile.logout" : {
                +      "comment" : "Log out button",
                +      "extractionState" : "extracted_with_value",
                +      "localizations" : {
                +        "en" : {
                +          "stringUnit" : {
                +            "state" : "new",
                +            "value" : "Log out"
                """))
    }

    /// A key only a wrapper reads is added as a person adds one in Xcode's editor
    /// (`manual`): Xcode's extraction does not read the wrapper's calls, and would mark an
    /// automatic entry stale on the next build. A key NSLocalizedString reads too is extracted.
    @Test func aKeyOnlyAWrapperReadsIsAddedManual() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(
            """
            func AppText(_ key: String, value: String) -> String { NSLocalizedString(key, value: value, comment: "") }
            let share = AppText("profile.share", value: "Share")
            let block = AppText("profile.block", value: "Block")
            let blockAgain = NSLocalizedString("profile.block", value: "Block", comment: "")
            let report = AppText("profile.report", value: "profile.report")

            """.utf8
        ).write(to: URL(fileURLWithPath: folder + "/Sources/Wrapped.swift"))
        let configuration = try String(contentsOfFile: folder + "/.linza.yml", encoding: .utf8)
        try Data((configuration + "functions:\n  - name: AppText\n    key: 0\n    value: value\n").utf8)
            .write(to: URL(fileURLWithPath: folder + "/.linza.yml"))
        #expect(try LinzaBinary.run(["sync", "--apply"], in: folder).status == 0)
        let catalog = try String(contentsOfFile: folder + Self.catalog, encoding: .utf8)
        #expect(
            catalog.contains(
                """
                    "profile.share" : {
                      "extractionState" : "manual",
                      "localizations" : {
                        "en" : {
                          "stringUnit" : {
                            "state" : "translated",
                            "value" : "Share"
                """))
        #expect(
            catalog.contains(
                """
                    "profile.block" : {
                      "extractionState" : "extracted_with_value",
                """))
        #expect(
            catalog.contains(
                """
                    "profile.report" : {
                      "extractionState" : "manual"
                    },
                """))
        // Manual entries are checked against the code: all three are used.
        let unused = try LinzaBinary.run(["--quiet"], in: folder).standardOutput.split(separator: "\n")
            .filter { $0.contains("[unused_key]") }
        #expect(!unused.isEmpty && !unused.contains { $0.contains("profile.share") || $0.contains("profile.report") })
    }

    @Test func aCatalogInAnotherLayoutIsRefusedAndLeftAsItIs() throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + Self.catalog
        // The same catalog, as `jq` would format it.
        let reformatted = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "\" : ", with: "\": ")
        try Data(reformatted.utf8).write(to: URL(fileURLWithPath: path))
        let result = try LinzaBinary.run(["sync", "--apply", "--fill", "dev"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains(
                "Localizable.xcstrings:2:19: error: Linza will not edit this file: "
                    + "the catalog is not laid out as Xcode writes it"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == reformatted)
    }
}

extension CatalogWritingTests {
    /// Entries deleted and entries marked stale come back as they were.
    @Test(arguments: [["--catalog", "delete"], []])
    func pruneArchiveAndRestoreGiveBackTheSameCatalog(_ mode: [String]) throws {
        let folder = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + Self.catalog))
        let archive = folder + "/pruned.json"
        #expect(try LinzaBinary.run(["prune", "--apply", "--archive", archive] + mode, in: folder).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + Self.catalog)) != before)
        #expect(try LinzaBinary.run(["prune", "--apply", "--restore", archive], in: folder).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + Self.catalog)) == before)
    }
}
