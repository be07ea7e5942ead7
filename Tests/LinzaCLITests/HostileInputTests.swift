import Foundation
import Testing

/// Repros of the bad-input matrix (issue 11), run against the built binary. Each runs under
/// `timeout`, so that a regression to a hang fails the test instead of stalling the suite.
@Suite struct HostileInputTests {
    /// A fresh project folder with an empty English table.
    func project() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/en.lproj", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder + "/en.lproj/Localizable.strings", contents: Data())
        return folder
    }

    func linza(_ arguments: [String], in folder: String) throws -> ChildProcess.Result {
        try ChildProcess.run("/usr/bin/timeout", ["20", LinzaBinary.path] + arguments, in: folder,
                             environment: ["GITHUB_ACTIONS": "false"])
    }

    /// Item 1: a link to /dev/zero named like a table filled memory until the process died.
    @Test func linkToADeviceIsRefused() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/en.lproj/Zero.strings", withDestinationPath: "/dev/zero")
        let result = try linza(["--quiet"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardOutput == """
            \(folder)/en.lproj/Zero.strings:1:1: error: cannot read this file: is a device, not a regular file [input_error]

            """)
    }

    /// Item 2: a FIFO named like a table or a configuration blocked every command forever.
    @Test(arguments: [["--quiet"], ["keys"], ["usages"], ["baseline", "write"]])
    func fifoIsRefusedWithoutBlocking(_ arguments: [String]) throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/en.lproj/Menu.strings", 0o644) == 0)
        #expect(mkfifo(folder + "/Menu.swift", 0o644) == 0)
        let result = try linza(arguments, in: folder)
        #expect(result.status == 2, "exit \(result.status): \(result.standardOutput)\(result.standardError)")
        #expect((result.standardOutput + result.standardError).contains("is a FIFO, not a regular file"))
    }

    @Test func fifoAsConfigurationIsRefusedWithoutBlocking() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/.linza.yml", 0o644) == 0)
        let result = try linza([], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError.contains(
            "\(folder)/.linza.yml:1:1: error: cannot read the configuration: is a FIFO, not a regular file"))
    }
}

extension HostileInputTests {
    /// Item 14: `--stamp` emptied and replaced whatever file it named.
    @Test func stampNeverOverwritesAUsersFile() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = "let title = \"Hello\"\n"
        FileManager.default.createFile(atPath: folder + "/A.swift", contents: Data(source.utf8))
        let refused = try linza(["--quiet", "--stamp", "A.swift"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("refusing to write the stamp over A.swift"))
        #expect(try String(contentsOfFile: folder + "/A.swift", encoding: .utf8) == source)

        // An empty file, a missing one and an earlier stamp are stamps.
        FileManager.default.createFile(atPath: folder + "/empty.stamp", contents: Data())
        for stamp in ["empty.stamp", "new.stamp", "new.stamp"] {
            #expect(try linza(["--quiet", "--stamp", stamp], in: folder).status == 0)
            #expect(try String(contentsOfFile: folder + "/" + stamp, encoding: .utf8).hasPrefix("// Linza checked"))
        }
    }
}

extension HostileInputTests {
    /// Item 6: a negative count crashed (exit 132); a huge one spun for hours.
    @Test(arguments: ["-1", "99999999999999", "many"])
    func badScriptInputCountIsAnError(_ count: String) throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try ChildProcess.run("/usr/bin/timeout", ["20", LinzaBinary.path, "lint", "--use-script-input-file-lists"],
                                          in: folder, environment: ["GITHUB_ACTIONS": "false", "SCRIPT_INPUT_FILE_COUNT": count])
        #expect(result.status == 2)
        #expect(result.standardError.contains("SCRIPT_INPUT_FILE_COUNT is '\(count)'; expected a whole number from 0 to 1000000"))
    }
}
