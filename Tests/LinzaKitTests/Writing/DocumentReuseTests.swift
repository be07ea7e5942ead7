import Foundation
import LinzaKit
import LinzaTestSupport
import Testing

/// A writer edits a `.strings` file from the text `Linter.load` loaded it as, instead of
/// reading and holding it a second time (issue 37 item 15), only when the file holds
/// exactly that text: a file with a BOM (whose loaded text lacks it) or one changed since it
/// was loaded is edited from its bytes as they are now.
@Suite struct DocumentReuseTests {
    static let table = "/* Hello */\n\"greeting\" = \"Hello\";\n"

    /// A project whose code reads a key its English table lacks, loaded; `table` is the table's bytes.
    func loaded(_ project: TemporaryDirectory, table: [UInt8]) throws -> (path: String, modules: [Linter.LoadedModule])
    {
        project.write(".linza.yml", "development_language: en\nrequired_languages: [en]\n")
        project.write(
            "A.swift",
            "let a = NSLocalizedString(\"greeting\", comment: \"Hello\")\n"
                + "let b = NSLocalizedString(\"added\", value: \"Added\", comment: \"New\")\n")
        let path = project.write("en.lproj/Localizable.strings", bytes: table)
        let (modules, failures) = Linter(
            configuration: try ConfigurationLoader.load(file: project.path + "/.linza.yml")
        )
        .load()
        #expect(failures.isEmpty)
        return (path, modules)
    }

    func syncedDocument(_ modules: [Linter.LoadedModule]) throws -> [UInt8] {
        let plan = SyncPlanner(options: .init()).plan(modules)
        return try #require(plan.files.first).document.bytes
    }

    @Test func aTableUnchangedSinceItWasLoadedIsEditedFromItsBytes() throws {
        let project = TemporaryDirectory()
        let (_, modules) = try loaded(project, table: Array(Self.table.utf8))
        let document = try syncedDocument(modules)
        #expect(document == Array(Self.table.utf8))
        // One buffer, not a copy: the document holds the loaded text itself.
        let loadedText = try #require(modules.first?.tables.first { $0.file.format == .strings }?.stringsText)
        #expect(document.withUnsafeBufferPointer(\.baseAddress) == loadedText.withUnsafeBufferPointer(\.baseAddress))
    }

    /// Same size, another value: the loaded text must not stand for the file.
    @Test func aTableChangedSinceItWasLoadedIsReadAgain() throws {
        let project = TemporaryDirectory()
        let (path, modules) = try loaded(project, table: Array(Self.table.utf8))
        let changed = Array(Self.table.replacingOccurrences(of: "Hello\";", with: "Hallo\";").utf8)
        try Data(changed).write(to: URL(fileURLWithPath: path))
        #expect(try syncedDocument(modules) == changed)
    }

    @Test func aTableWithABOMKeepsIt() throws {
        let project = TemporaryDirectory()
        let bytes = [0xEF, 0xBB, 0xBF] + Array(Self.table.utf8)
        let (_, modules) = try loaded(project, table: bytes)
        #expect(try syncedDocument(modules) == bytes)
    }

    /// A String Catalog loaded for a writer (`catalogEntriesWhenAsked`) is edited from the
    /// text its entries point into, the same buffer; changed since, it is read again.
    @Test func aCatalogUnchangedSinceItWasLoadedIsEditedFromItsBytes() throws {
        let project = TemporaryDirectory()
        project.write(".linza.yml", "development_language: en\nrequired_languages: [en]\n")
        project.write(
            "A.swift",
            "let a = NSLocalizedString(\"greeting\", comment: \"Hello\")\n"
                + "let b = NSLocalizedString(\"added\", value: \"Added\", comment: \"New\")\n")
        let catalog = Array(
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"greeting\" : {\n\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
                .utf8)
        let path = project.write("Localizable.xcstrings", bytes: catalog)
        let linter = Linter(configuration: try ConfigurationLoader.load(file: project.path + "/.linza.yml"))
        let (modules, failures) = linter.load(catalogEntriesWhenAsked: true)
        #expect(failures.isEmpty)
        let loadedText = try #require(modules.first?.tables.compactMap(\.catalogText).first)
        let document = try syncedDocument(modules)
        #expect(document == catalog)
        #expect(document.withUnsafeBufferPointer(\.baseAddress) == loadedText.withUnsafeBufferPointer(\.baseAddress))

        let changed = Array(String(decoding: catalog, as: UTF8.self).replacingOccurrences(of: "1.0", with: "1.1").utf8)
        try Data(changed).write(to: URL(fileURLWithPath: path))
        #expect(try syncedDocument(modules) == changed)
    }
}
