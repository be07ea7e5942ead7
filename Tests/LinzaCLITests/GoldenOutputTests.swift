import Foundation
import Testing

/// The outputs the other suites do not store yet, each against its stored copy in
/// Fixtures/Expected (see `Golden`): `files`, `keys` and `usages` as text, `status --format
/// html`, and what the writers print on a dry run (the diff on standard output, their
/// messages on standard error), run in the project and from the folder above it.
@Suite struct GoldenOutputTests {
    static let sample = LinzaBinary.repositoryRoot + "/Fixtures/SampleApp"

    @Test func listingsOfTheSampleApp() throws {
        for (arguments, name) in [
            (["files"], "sample-files.txt"), (["files", "--xcfilelist"], "sample-files.xcfilelist"),
            (["keys"], "sample-keys.txt"), (["usages"], "sample-usages.txt"),
        ] {
            let result = try LinzaBinary.run(arguments, in: Self.sample)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            try Golden.check(result.standardOutput, name)
        }
    }

    @Test func statusPage() throws {
        let result = try LinzaBinary.run(
            ["status", "--format", "html"], in: LinzaBinary.repositoryRoot + "/Fixtures/Status",
            environment: ["GITHUB_STEP_SUMMARY": ""])
        #expect(result.status == 0)
        try Golden.check(result.standardOutput, "status.html")
    }

    /// A writer's dry run on a copy of `fixture` (its `.linza.yml` at `project`, a folder of
    /// the fixture), checked against `writers/<name>.diff` and `writers/<name>.stderr.txt`,
    /// once inside the project and once from the folder above it with `--config`: the diff
    /// names files as git does, relative to the project, the messages relative to the
    /// current folder (`$ROOT` in the stored messages), absolute with `--absolute-paths`. `paths` (relative to the project)
    /// follow `arguments`, named from each of the two folders.
    func checkDryRun(
        _ name: String, fixture: String, project: String = "", _ arguments: [String],
        paths: [String] = [], prepare: (String) throws -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let parent = FileManager.default.temporaryDirectory.path + "/linza-golden-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try FileManager.default.copyItem(
            atPath: LinzaBinary.repositoryRoot + "/Fixtures/" + fixture, toPath: parent + "/" + fixture)
        let folder = project.isEmpty ? fixture : fixture + "/" + project
        try prepare(parent + "/" + folder)
        let before = try ProjectFiles.contents(parent)
        let inside = try LinzaBinary.run(arguments + paths, in: parent + "/" + folder)
        #expect(inside.status == 0, "\(inside.standardError)", sourceLocation: sourceLocation)
        try Golden.check(inside.standardOutput, "writers/\(name).diff", sourceLocation: sourceLocation)
        try Golden.check(inside.standardError, "writers/\(name).stderr.txt", sourceLocation: sourceLocation)
        let above = try LinzaBinary.run(
            arguments + paths.map { folder + "/" + $0 } + ["--config", folder + "/.linza.yml"], in: parent)
        #expect(above.standardOutput == inside.standardOutput, sourceLocation: sourceLocation)
        try Golden.check(
            above.standardError, "writers/\(name).stderr.txt", root: folder, sourceLocation: sourceLocation)
        let absolute = try LinzaBinary.run(
            arguments + paths.map { folder + "/" + $0 } + ["--config", folder + "/.linza.yml", "--absolute-paths"],
            in: parent)
        try Golden.check(
            absolute.standardError, "writers/\(name).stderr.txt", root: parent + "/" + folder,
            sourceLocation: sourceLocation)
        #expect(try ProjectFiles.contents(parent) == before, "a dry run wrote", sourceLocation: sourceLocation)
    }

    @Test func syncAndPruneDryRuns() throws {
        try checkDryRun("sync", fixture: "Writing", project: "App", ["sync"])
        try checkDryRun("prune", fixture: "Writing", project: "App", ["prune"])
        try checkDryRun("sync-catalog", fixture: "Writing", project: "CatalogApp", ["sync", "--fill", "dev"])
        try checkDryRun("prune-catalog", fixture: "Writing", project: "CatalogApp", ["prune"])
    }

    /// A table that calls read with keys Linza cannot see is left whole, each call on a line
    /// of its own: the first 20, then how many more.
    @Test func pruneListsTheCallsThatHoldATableBack() throws {
        try checkDryRun("prune-dynamic", fixture: "Writing", project: "App", ["prune"]) { folder in
            let calls = (1...22).map { "let text\($0) = NSLocalizedString(key\($0), comment: \"\")\n" }
            try FileManager.default.createTestFile(
                atPath: folder + "/Sources/Dynamic.swift", contents: Data(calls.joined().utf8))
        }
    }

    @Test func renameAndMoveDryRuns() throws {
        try checkDryRun("rename", fixture: "Renaming", ["rename", "checkout.title", "checkout.heading"])
        try checkDryRun(
            "move", fixture: "Moving",
            ["move", "--from", "App", "--to", "Checkout", "--follow-code"],
            paths: ["Packages/Checkout/Sources/CartView.swift"])
    }
}
