import Foundation
import Testing

/// Copies a fixture project into a fresh temporary folder, removed at the end.
final class ProjectCopy {
    let path: String

    init(_ fixture: String) throws {
        path = FileManager.default.temporaryDirectory.path + "/linza-project-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: LinzaBinary.repositoryRoot + "/Fixtures/" + fixture, toPath: path)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func read(_ file: String) throws -> String {
        try String(contentsOfFile: path + "/" + file, encoding: .utf8)
    }

    func write(_ file: String, _ text: String) throws {
        try text.write(toFile: path + "/" + file, atomically: true, encoding: .utf8)
    }

    func lint(_ arguments: [String] = []) throws -> LinzaBinary.Result {
        try LinzaBinary.run(arguments, in: path)
    }
}

@Suite struct BaselineTests {
    @Test func roundTrip() throws {
        let project = try ProjectCopy("SampleApp")
        let written = try project.lint(["baseline", "write"])
        #expect(written.status == 0)
        #expect(written.standardError.contains("recorded 14 findings"))
        let baseline = try project.read(".linza-baseline.json")
        #expect(baseline.contains("\"rule\": \"missing_key\"") && baseline.contains("\"file\": \"App/Menu/MenuViewController.swift\""))

        // Everything recorded: clean, and it survives lines moving.
        try project.write("App/Menu/MenuViewController.swift", "\n\n\n" + (try project.read("App/Menu/MenuViewController.swift")))
        let known = try project.lint(["--baseline", ".linza-baseline.json"])
        #expect(known.status == 0)
        #expect(known.standardOutput.isEmpty)

        // A new finding is reported, alone.
        try project.write("App/Profile/Greeting.swift", #"let hello = NSLocalizedString("profile.hello", comment: "")"#)
        let fresh = try project.lint(["--baseline", ".linza-baseline.json"])
        #expect(fresh.status == 1)
        let findings = fresh.standardOutput.split(separator: "\n").filter { !$0.contains(": note: ") }
        #expect(findings.count == 3)
        #expect(findings.allSatisfy { $0.contains("'profile.hello' is missing in") })

        // A finding fixed since the baseline is counted as stale.
        let german = project.path + "/App/Resources/de.lproj/Localizable.strings"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: german))
        bytes.append(Data("\"menu.add_to_cart\" = \"In den Warenkorb\";\n".utf8))
        try bytes.write(to: URL(fileURLWithPath: german))
        try project.write("App/Profile/Greeting.swift", "")
        let stale = try project.lint(["--baseline", ".linza-baseline.json"])
        #expect(stale.status == 0)
        #expect(stale.standardError.contains("; 1 baseline entry no longer found"))

        // The configuration can name the baseline instead of the flag.
        try project.write(".linza.yml", try project.read(".linza.yml") + "baseline: .linza-baseline.json\n")
        #expect(try project.lint(["--quiet"]).status == 0)
    }

    @Test func unreadableBaselineIsExitTwo() throws {
        let project = try ProjectCopy("CleanApp")
        try project.write("broken.json", "{ \"version\": 1, \"findings\": [ { \"rule\": } ] }")
        let result = try project.lint(["--baseline", "broken.json"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix(project.path + "/broken.json:1:41: error: the baseline is not valid JSON"))
        let missing = try project.lint(["--baseline", "nowhere.json"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("create it with `linza baseline write`"))
    }
}

@Suite struct InitTests {
    @Test func writesAStarterThatLints() throws {
        let project = try ProjectCopy("SampleApp")
        try FileManager.default.removeItem(atPath: project.path + "/.linza.yml")
        let result = try project.lint(["init"])
        #expect(result.status == 0)
        let text = try project.read(".linza.yml")
        #expect(text.contains("included: [App, Modules]"))
        #expect(text.contains("  - App/Resources\n  - Modules/Checkout/Sources/Checkout/Resources\n"))
        #expect(text.contains("development_language: en   # the String Catalog's source language"))
        #expect(text.contains("required_languages: [en, de, ru]"))
        #expect(text.contains("# Tables found: Checkout (.strings), Localizable (.strings, .stringsdict), Onboarding (.strings), Promotions (.xcstrings)"))
        #expect(try project.lint(["--quiet"]).status == 1)

        let again = try project.lint(["init"])
        #expect(again.status == 2)
        #expect(again.standardError.contains("already exists; Linza does not overwrite it"))
        #expect(try project.read(".linza.yml") == text)
    }

    @Test func developmentRegionComesFromTheXcodeProject() throws {
        let project = try ProjectCopy("CleanApp")
        try FileManager.default.removeItem(atPath: project.path + "/.linza.yml")
        try FileManager.default.createDirectory(atPath: project.path + "/Weather.xcodeproj", withIntermediateDirectories: true)
        try project.write("Weather.xcodeproj/project.pbxproj", "{\n\tdevelopmentRegion = uk;\n\tknownRegions = (en, uk);\n}\n")
        #expect(try project.lint(["init"]).status == 0)
        let text = try project.read(".linza.yml")
        #expect(text.contains("development_language: uk   # developmentRegion in Weather.xcodeproj"))
        #expect(text.contains("required_languages: [uk, en]"))
    }
}
