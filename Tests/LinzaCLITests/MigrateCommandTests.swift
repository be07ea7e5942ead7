import Foundation
import Testing

/// `linza migrate` on Fixtures/Migrate/Project (a Base.lproj development table with plurals,
/// a second table with an en.lproj copy), run as a user runs it: plan, apply, lint, back.
@Suite struct MigrateCommandTests {
    static let expected = LinzaBinary.repositoryRoot + "/Fixtures/Migrate/Expected"

    /// Lint's findings without their places: what the project says, whatever file holds it.
    func findings(_ folder: String) throws -> [String] {
        try LinzaBinary.run(["--quiet"], in: folder).standardOutput.split(separator: "\n").filter {
            $0.contains(": error: ") || $0.contains(": warning: ")
        }
        .map { line in
            // The message up to the table it names, which changes format.
            String(line.split(separator: ": ", maxSplits: 2)[2].prefix { $0 != "(" })
        }
        .sorted()
    }

    @Test func theTablesBecomeTheCatalogsXcodeWritesAndLintSeesTheSameProject() throws {
        let project = try ProjectCopy("Migrate/Project")
        let folder = project.path
        let before = try ProjectFiles.contents(folder)
        let findingsBefore = try findings(folder)
        #expect(findingsBefore.count == 2)

        #expect(try LinzaBinary.run(["migrate", "--check"], in: folder).status == 1)
        let plan = try LinzaBinary.run(["migrate"], in: folder)
        #expect(plan.status == 0)
        #expect(plan.standardError.contains("linza: would create Resources/Localizable.xcstrings"))
        #expect(plan.standardError.contains("linza: would remove Resources/Base.lproj/Localizable.stringsdict"))
        #expect(plan.standardOutput.contains("+++ b/Resources/Localizable.xcstrings\n"))
        #expect(plan.standardOutput.contains("--- a/Resources/ru.lproj/Alerts.strings\n"))
        #expect(try ProjectFiles.contents(folder) == before)

        let applied = try LinzaBinary.run(["migrate", "--apply"], in: folder)
        #expect(applied.status == 0, "\(applied.standardError)")
        let after = try ProjectFiles.contents(folder)
        #expect(
            Set(after.keys)
                == [
                    ".linza.yml", "Sources/NotesView.swift", "Resources/Localizable.xcstrings",
                    "Resources/Alerts.xcstrings",
                ])
        for catalog in ["Resources/Localizable.xcstrings", "Resources/Alerts.xcstrings"] {
            #expect(
                after[catalog] == (try Data(contentsOf: URL(fileURLWithPath: Self.expected + "/" + catalog))),
                "\(catalog)")
        }
        // The emptied language folders are gone too.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder + "/Resources").sorted() == [
                "Alerts.xcstrings", "Localizable.xcstrings",
            ])
        #expect(try findings(folder) == findingsBefore)
        let again = try LinzaBinary.run(["migrate", "--apply"], in: folder)
        #expect(again.status == 0 && again.standardError.contains("nothing to do"))
    }

    @Test func backToStringsAndMigratedAgainGivesTheSameCatalogs() throws {
        let project = try ProjectCopy("Migrate/Project")
        let folder = project.path
        let findingsBefore = try findings(folder)
        #expect(try LinzaBinary.run(["migrate", "--apply"], in: folder).status == 0)
        let catalogs = try ProjectFiles.contents(folder)

        let back = try LinzaBinary.run(["migrate", "--to", "strings", "--apply"], in: folder)
        #expect(back.status == 0, "\(back.standardError)")
        #expect(
            back.standardError.contains("plural variations get the variable name 'value' in .stringsdict (6 entries)"))
        #expect(
            try ProjectFiles.text(folder, "Resources/en.lproj/Localizable.strings")
                == "\"Delete\" = \"Delete\";\n\n/* Shown while a folder is deleted */\n"
                + "\"Deleting folder \\\"%@\\\"…\" = \"Deleting folder \\\"%@\\\"…\";\n\n"
                + "/* Title of the notes list */\n\"notes.title\" = \"Notes\";\n")
        #expect(
            try ProjectFiles.text(folder, "Resources/ru.lproj/Localizable.stringsdict").contains(
                "<string>%2$@: %1$#@notes@</string>"))
        #expect(try findings(folder) == findingsBefore)

        #expect(try LinzaBinary.run(["migrate", "--apply"], in: folder).status == 0)
        #expect(try ProjectFiles.contents(folder) == catalogs)
    }

    @Test func baseAndTheDevelopmentLanguageThatDisagreeAreRefused() throws {
        let project = try ProjectCopy("Migrate/Project")
        try FileManager.default.createDirectory(
            atPath: project.path + "/Resources/en.lproj/../en.lproj", withIntermediateDirectories: true)
        try project.write("Resources/en.lproj/Localizable.strings", "\"notes.title\" = \"All notes\";\n")
        let before = try ProjectFiles.contents(project.path)
        let result = try LinzaBinary.run(["migrate", "--apply"], in: project.path)
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains(
                "Base.lproj and en.lproj both hold this table and disagree (first on 'Delete', which only Base.lproj has)"
            ))
        #expect(result.standardError.contains("nothing was written"))
        #expect(try ProjectFiles.contents(project.path) == before)
    }

    @Test func anExistingCatalogIsNotMergedInto() throws {
        let project = try ProjectCopy("Migrate/Project")
        try project.write(
            "Resources/Alerts.xcstrings",
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}")
        let result = try LinzaBinary.run(["migrate", "--apply", "--table", "Alerts"], in: project.path)
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains(
                "Resources/Alerts.xcstrings:1:1: error: table 'Alerts' already has this String Catalog"))
        // --table narrows the plan: Localizable is left as it is.
        #expect(FileManager.default.fileExists(atPath: project.path + "/Resources/Base.lproj/Localizable.strings"))
    }

    @Test func interfaceBuilderTablesAreLeftAsTheyAre() throws {
        let project = try ProjectCopy("Migrate/Project")
        try project.write(
            "Resources/Base.lproj/Main.storyboard", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document/>\n")
        try project.write(
            "Resources/de.lproj/Main.strings",
            "/* Class = \"UILabel\"; text = \"Notes\"; ObjectID = \"abc-12-def\"; */\n\"abc-12-def.text\" = \"Notizen\";\n"
        )
        let result = try LinzaBinary.run(["migrate", "--apply"], in: project.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "skipped: Main: an Interface Builder table (storyboard or xib) is not migrated"))
        #expect(FileManager.default.fileExists(atPath: project.path + "/Resources/de.lproj/Main.strings"))
        #expect(!FileManager.default.fileExists(atPath: project.path + "/Resources/Main.xcstrings"))
    }

    @Test func deviceVariationsAreRefusedOnTheWayBack() throws {
        let project = try ProjectCopy("Migrate/Project")
        #expect(try LinzaBinary.run(["migrate", "--apply"], in: project.path).status == 0)
        var catalog = try project.read("Resources/Alerts.xcstrings")
        catalog = catalog.replacingOccurrences(
            of:
                "\"ru\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Отменить изменения?\"\n          }\n        }",
            with:
                "\"ru\" : {\n          \"variations\" : {\n            \"device\" : {\n              \"mac\" : {\n                \"stringUnit\" : {\n                  \"state\" : \"translated\",\n                  \"value\" : \"Отменить?\"\n                }\n              }\n            }\n          }\n        }"
        )
        try project.write("Resources/Alerts.xcstrings", catalog)
        let before = try ProjectFiles.contents(project.path)
        let result = try LinzaBinary.run(["migrate", "--to", "strings", "--apply"], in: project.path)
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains("'alert.discard.title': ru varies by something a .stringsdict cannot hold"))
        #expect(try ProjectFiles.contents(project.path) == before)
    }

    @Test func aFailureHalfWayRestoresEveryFile() throws {
        let project = try ProjectCopy("Migrate/Project")
        let before = try ProjectFiles.contents(project.path)
        // Two catalogs are put in place, then the second removal fails.
        let result = try LinzaBinary.run(
            ["migrate", "--apply"], in: project.path, environment: ["LINZA_TEST_FAIL_AFTER_RENAMES": "3"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("simulated failure (a test hook); every file was restored"))
        #expect(try ProjectFiles.contents(project.path) == before)
    }
}

/// Keys only other languages have: refused, or with --drop-orphans dropped as Xcode drops them.
@Suite struct MigrateOrphanTests {
    @Test func keysTheDevelopmentLanguageLacksAreRefusedOrDropped() throws {
        let project = try ProjectCopy("Migrate/Project")
        try project.write(
            "Resources/de.lproj/Alerts.strings",
            try project.read("Resources/de.lproj/Alerts.strings") + "\n\"alert.old\" = \"Alt\";\n")
        let before = try ProjectFiles.contents(project.path)
        let refused = try LinzaBinary.run(["migrate", "--apply"], in: project.path)
        #expect(refused.status == 2)
        #expect(
            refused.standardOutput.contains(
                "Resources/en.lproj/Alerts.strings:1:1: error: 1 key only other languages have ('alert.old')"))
        #expect(try ProjectFiles.contents(project.path) == before)

        let dropped = try LinzaBinary.run(["migrate", "--apply", "--drop-orphans"], in: project.path)
        #expect(dropped.status == 0, "\(dropped.standardError)")
        #expect(
            dropped.standardError.contains(
                "Alerts: dropped 1 key only other languages have ('alert.old'), with their translations"))
        #expect(
            try project.read("Resources/Alerts.xcstrings")
                == (try String(
                    contentsOfFile: MigrateCommandTests.expected + "/Resources/Alerts.xcstrings", encoding: .utf8)))
    }
}

/// The plan as JSON, for scripts: each file created or removed, nothing written.
@Suite struct MigrateJSONTests {
    @Test func thePlanListsEachFileCreatedAndRemoved() throws {
        let project = try ProjectCopy("Migrate/Project")
        let before = try ProjectFiles.contents(project.path)
        let result = try LinzaBinary.run(["migrate", "--format", "json", "--table", "Alerts"], in: project.path)
        #expect(result.status == 0)
        let plan = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let files = try #require(plan["files"] as? [[String: String]])
        #expect(
            files == [
                ["file": "Resources/Alerts.xcstrings", "action": "create"],
                ["file": "Resources/de.lproj/Alerts.strings", "action": "remove"],
                ["file": "Resources/en.lproj/Alerts.strings", "action": "remove"],
                ["file": "Resources/ru.lproj/Alerts.strings", "action": "remove"],
            ])
        #expect(try ProjectFiles.contents(project.path) == before)
    }
}

/// Older projects keep tables in UTF-16: the catalog is the same, and the plan shows the
/// removed file as text.
@Suite struct MigrateEncodingTests {
    @Test func aUTF16TableMigratesToTheSameCatalog() throws {
        let project = try ProjectCopy("Migrate/Project")
        let path = project.path + "/Resources/ru.lproj/Alerts.strings"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!).write(to: URL(fileURLWithPath: path))
        let plan = try LinzaBinary.run(["migrate", "--table", "Alerts"], in: project.path)
        #expect(plan.standardOutput.contains("-\"alert.discard.title\" = \"Отменить изменения?\";\n"))
        #expect(try LinzaBinary.run(["migrate", "--apply", "--table", "Alerts"], in: project.path).status == 0)
        #expect(
            try project.read("Resources/Alerts.xcstrings")
                == (try String(
                    contentsOfFile: MigrateCommandTests.expected + "/Resources/Alerts.xcstrings", encoding: .utf8)))
    }
}

/// A configuration that names a table file itself under resources: (as `linza init` names a
/// lone catalog) would break lint once migrate removes it: refused, nothing written.
@Suite struct MigrateConfigurationTests {
    @Test func aResourceFileTheMigrationWouldRemoveIsRefused() throws {
        let project = try ProjectCopy("Migrate/Project")
        try project.write(
            ".linza.yml",
            try project.read(".linza.yml").replacingOccurrences(
                of: "resources: [Resources]", with: "resources: [Resources, Resources/en.lproj/Alerts.strings]"))
        let before = try ProjectFiles.contents(project.path)
        let result = try LinzaBinary.run(["migrate", "--apply"], in: project.path)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "linza: error: .linza.yml names Resources/en.lproj/Alerts.strings under resources:, and migrate would remove it"
            ))
        #expect(try ProjectFiles.contents(project.path) == before)
    }
}
