import Foundation
import Testing

/// `linza move` out of a String Catalog into a module that has no table yet
/// (Fixtures/MovingCatalog, issue 32): the target gets a catalog of its own, every review
/// state, comment, extraction state and plural variation kept, instead of `.strings` files.
@Suite struct MoveCatalogCommandTests {
    static let root = LinzaBinary.repositoryRoot + "/Fixtures/MovingCatalog"
    static let newCatalog = "Packages/Feed/Sources/Feed/Resources/Localizable.xcstrings"
    static let move = [
        "move", "--apply", "feed.posts %lld", "--from", "App", "--to", "Feed", "--follow-code", "Packages/Feed/Sources",
    ]

    func data(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Lint's catalog_state findings, file and line aside: the states as `lint` reads them.
    func states(_ folder: String) throws -> [String] {
        try LinzaBinary.run(["--quiet"], in: folder).standardOutput.split(separator: "\n").filter {
            $0.hasSuffix("[catalog_state]")
        }
        .map { String($0.split(separator: ": ", maxSplits: 1)[1]) }.sorted()
    }

    @Test func aCatalogEntryMovedIntoAModuleWithoutTablesGoesToANewCatalog() throws {
        let project = try ProjectCopy("MovingCatalog/Project")
        let folder = project.path
        let statesBefore = try states(folder)
        #expect(statesBefore.count == 4)
        let before = try ProjectFiles.contents(folder)
        #expect(try LinzaBinary.run(Self.move + ["--check"], in: folder).status == 1)
        let dryRun = try LinzaBinary.run(Self.move + ["--dry-run"], in: folder)
        #expect(
            dryRun.standardOutput.contains(
                "+++ b/\(Self.newCatalog)\n@@ -0,0 +1,146 @@\n+{\n+  \"sourceLanguage\" : \"en\",\n"))
        #expect(try ProjectFiles.contents(folder) == before)

        let moved = try LinzaBinary.run(Self.move, in: folder)
        #expect(moved.status == 0, "\(moved.standardOutput)\(moved.standardError)")
        #expect(moved.standardError.contains("linza: moved 4 keys into \(Self.newCatalog)"))
        #expect(moved.standardError.contains("warning: 'feed.refresh' is still read in App ("))
        #expect(!moved.standardError.contains("marked for review"), "nothing was converted, so no state was lost")
        // No .strings file, and the catalog Xcode would write, byte for byte.
        let after = try ProjectFiles.contents(folder)
        #expect(Set(after.keys).subtracting(before.keys) == [Self.newCatalog])
        #expect(after[Self.newCatalog] == (try data(Self.root + "/Expected/" + Self.newCatalog)))
        #expect(
            after["App/Resources/Localizable.xcstrings"]
                == (try data(Self.root + "/Expected/App/Resources/Localizable.xcstrings")))
        // Lint reads the same states from the new catalog, and the moved code's keys are found.
        #expect(try states(folder) == statesBefore)
        let lint = try LinzaBinary.run(["--quiet"], in: folder).standardOutput
        #expect(
            !lint.contains("[missing_key]") && !lint.contains("[dynamic_key]") && !lint.contains("[unused_key]"),
            "\(lint)")
        // A second run has nothing to do.
        let again = try LinzaBinary.run(Self.move, in: folder)
        #expect(again.status == 0)
        #expect(again.standardError.contains("nothing to do"))
        #expect(try ProjectFiles.contents(folder) == after)
    }

    @Test func aModuleThatKeepsStringsFilesStillGetsStringsFiles() throws {
        let project = try ProjectCopy("MovingCatalog/Project")
        let folder = project.path
        // The Feed package already keeps a table in .strings files: the entry is converted to them.
        try FileManager.default.createDirectory(
            atPath: folder + "/Packages/Feed/Sources/Feed/Resources/en.lproj",
            withIntermediateDirectories: true)
        try Data("\"feed.share\" = \"Share\";\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/Packages/Feed/Sources/Feed/Resources/en.lproj/Sharing.strings"))
        let moved = try LinzaBinary.run(["move", "--apply", "feed.title", "--from", "App", "--to", "Feed"], in: folder)
        #expect(moved.status == 0, "\(moved.standardOutput)\(moved.standardError)")
        #expect(
            moved.standardError.contains(
                "'feed.title' is marked for review in de in the catalog; the .strings files it goes to cannot say so"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + Self.newCatalog))
        #expect(
            try ProjectFiles.text(folder, "Packages/Feed/Sources/Feed/Resources/de.lproj/Localizable.strings")
                == "/* Title of the feed screen */\n\"feed.title\" = \"Feed\";\n")
    }
}
