import Foundation
import Testing

/// Repros of the bad-input matrix (issue 11), run against the built binary. Each runs under
/// `timeout`, so that a regression to a hang fails the test instead of stalling the suite.
@Suite struct HostileInputTests {
    /// A fresh project folder with an empty English table.
    func project() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/en.lproj", withIntermediateDirectories: true)
        try FileManager.default.createTestFile(atPath: folder + "/en.lproj/Localizable.strings", contents: Data())
        return folder
    }

    func linza(_ arguments: [String], in folder: String) throws -> ChildProcess.Result {
        try ChildProcess.run(
            "/usr/bin/timeout", ["20", LinzaBinary.path] + arguments, in: folder,
            environment: ["GITHUB_ACTIONS": "false"])
    }

    /// Item 1: a link to /dev/zero named like a table filled memory until the process died.
    @Test func linkToADeviceIsRefused() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/en.lproj/Zero.strings", withDestinationPath: "/dev/zero")
        let result = try linza(["--quiet"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.standardOutput == """
                en.lproj/Zero.strings:1:1: error: this is a link to a file outside the project; Linza does not read it [input_error]

                """)
        // Named directly, a device is still refused by the reader itself.
        let configuration = try linza(["--quiet", "--config", "/dev/zero"], in: folder)
        #expect(configuration.status == 2)
        #expect(
            configuration.standardError.contains(
                "/dev/zero:1:1: error: cannot read the configuration: is a device, not a regular file"))
    }

    /// Every command says a file it cannot read the way lint does, one line with its
    /// place and `[input_error]`, and exits 2.
    @Test(arguments: [["--quiet"], ["keys"], ["usages"], ["files"], ["status"], ["sync"], ["prune"]])
    func everyCommandSaysAnUnreadableFileAlike(_ arguments: [String]) throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createTestFile(atPath: folder + "/A.swift", contents: Data("let a = 1\n".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/en.lproj/Zero.strings", withDestinationPath: "/dev/zero")
        let result = try linza(arguments, in: folder)
        #expect(result.status == 2)
        #expect(
            (result.standardOutput + result.standardError).contains(
                "en.lproj/Zero.strings:1:1: error: this is a link to a file outside the project; Linza does not read it [input_error]\n"
            ))
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
        #expect(
            result.standardError.hasPrefix(
                ".linza.yml:1:1: error: cannot read the configuration: is a FIFO, not a regular file"))
    }
}

extension HostileInputTests {
    /// Item 14: `--stamp` emptied and replaced whatever file it named.
    @Test func stampNeverOverwritesAUsersFile() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = "let title = \"Hello\"\n"
        try FileManager.default.createTestFile(atPath: folder + "/A.swift", contents: Data(source.utf8))
        let refused = try linza(["--quiet", "--stamp", "A.swift"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("refusing to write the stamp over A.swift"))
        #expect(try String(contentsOfFile: folder + "/A.swift", encoding: .utf8) == source)

        // An empty file, a missing one and an earlier stamp are stamps.
        try FileManager.default.createTestFile(atPath: folder + "/empty.stamp", contents: Data())
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
        let result = try ChildProcess.run(
            "/usr/bin/timeout", ["20", LinzaBinary.path, "lint", "--use-script-input-file-lists"],
            in: folder, environment: ["GITHUB_ACTIONS": "false", "SCRIPT_INPUT_FILE_COUNT": count])
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                "SCRIPT_INPUT_FILE_COUNT is '\(count)'; expected a whole number from 0 to 1000000"))
    }
}

extension HostileInputTests {
    /// Item 7: with its working folder deleted, Linza linted and wrote into `/`.
    @Test func deletedWorkingFolderIsAnError() throws {
        let folder = try project()
        try FileManager.default.removeItem(atPath: folder)
        let result = try ChildProcess.run(
            "/bin/sh",
            [
                "-c", "mkdir \"$1\" && cd \"$1\" && rmdir \"$1\" && exec timeout 20 \"$2\" lint",
                "sh", folder, LinzaBinary.path,
            ])
        #expect(result.status == 2)
        #expect(result.standardError.contains("linza: cannot use the current folder"))
        #expect(result.standardOutput.isEmpty)
    }

    /// Items 8 and 16: `excluded: [""]` excluded everything and malformed globs were accepted.
    @Test(arguments: [
        (
            #"excluded: [""]"#,
            "1:12: error: '' is not a valid value for 'excluded'; expected a glob pattern (an empty pattern)"
        ),
        (#"excluded: ["Gen[erated"]"#, "'[' is not closed (write [[] for a literal [)"),
        (#"excluded: ["[z-a]*.swift"]"#, "expected a glob pattern (the range z-a is reversed)"),
        (#"rules: { unused_key: { ignore_keys: ["legacy.[x"] } }"#, "is not a valid value for 'ignore_keys'"),
    ])
    func malformedGlobIsAConfigurationError(_ configuration: String, _ message: String) throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createTestFile(
            atPath: folder + "/.linza.yml", contents: Data((configuration + "\n").utf8))
        let result = try linza(["--quiet"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}

extension HostileInputTests {
    /// Item 13: dangling and looping links named like sources or tables were skipped
    /// silently; a `.linza.yml` folder was ignored; `--config DIR` said it did not exist.
    @Test func brokenLinksAndFoldersAreReported() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/Gone.swift", withDestinationPath: folder + "/nowhere")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/en.lproj/Loop.strings",
            withDestinationPath: folder + "/en.lproj/Loop.strings")
        let links = try linza(["--quiet"], in: folder)
        #expect(links.status == 2)
        #expect(
            links.standardOutput == """
                Gone.swift:1:1: error: cannot read this file: No such file or directory [input_error]
                en.lproj/Loop.strings:1:1: error: cannot read this file: Too many levels of symbolic links [input_error]

                """)

        try FileManager.default.createDirectory(atPath: folder + "/.linza.yml", withIntermediateDirectories: false)
        let configurationFolder = try linza(["--quiet"], in: folder)
        #expect(configurationFolder.status == 2)
        #expect(
            configurationFolder.standardError.hasPrefix(
                ".linza.yml:1:1: error: cannot read the configuration: is a directory"))
        let explicitFolder = try linza(["--quiet", "--config", "en.lproj"], in: folder)
        #expect(explicitFolder.status == 2)
        #expect(
            explicitFolder.standardError.hasPrefix(
                "en.lproj:1:1: error: cannot read the configuration: is a directory"))
    }
}

extension HostileInputTests {
    /// Item 12: a line break or a terminal escape in a file name reached the terminal raw and
    /// could forge an `error:` line of the Xcode format.
    @Test func controlCharactersInFileNamesAreEscaped() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name = "A\nB\u{1B}[31m.swift"
        try FileManager.default.createTestFile(
            atPath: folder + "/" + name,
            contents: Data("let x = NSLocalizedString(\"missing\", comment: \"\")\n".utf8))
        let lint = try linza(["--quiet"], in: folder)
        #expect(
            lint.standardOutput.hasPrefix("A\\nB\\u{1B}[31m.swift:1:27: error: 'missing' is missing in en"))
        #expect(!lint.standardOutput.contains("\u{1B}"))
        let files = try linza(["files"], in: folder)
        #expect(files.standardOutput.contains("A\\nB\\u{1B}[31m.swift\n"))
        let github = try linza(["--quiet", "--reporter", "github-actions"], in: folder)
        #expect(github.standardOutput.hasPrefix("::error file=A\\nB\\u{1B}[31m.swift,line=1,col=27"))
    }
}

extension HostileInputTests {
    /// Item 19: SIGTERM while `--output` was being written left the hidden temporary file;
    /// the same holds for the files of a `sync` transaction.
    @Test(arguments: [["--quiet", "--output", "report.txt"], ["sync", "--apply"]])
    func sigtermLeavesNoTemporaryFile(_ arguments: [String]) throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createTestFile(
            atPath: folder + "/A.swift",
            contents: Data("let a = NSLocalizedString(\"new.key\", value: \"New\", comment: \"\")\n".utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LinzaBinary.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ["LINZA_TEST_PAUSE_BEFORE_RENAME": "10", "GITHUB_ACTIONS": "false"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        func temporaryFiles() -> [String] {
            (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.contains(".linza-") }
        }
        // Wait (at most 10 s) until the new bytes sit in a temporary file, then interrupt.
        for _ in 0..<200 where temporaryFiles().isEmpty { usleep(50_000) }
        #expect(!temporaryFiles().isEmpty)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(temporaryFiles().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder + "/report.txt"))
        #expect(try String(contentsOfFile: folder + "/en.lproj/Localizable.strings", encoding: .utf8).isEmpty)
    }
}

extension HostileInputTests {
    /// Item 11: a String Catalog with members of the wrong type passed without a word.
    @Test func catalogMembersOfTheWrongTypeAreReported() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.removeItem(atPath: folder + "/en.lproj")
        try FileManager.default.createTestFile(
            atPath: folder + "/Localizable.xcstrings",
            contents: Data(
                """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "a" : {
                      "localizations" : {
                        "de" : null,
                        "en" : { "stringUnit" : { "state" : 7, "value" : ["x"] } }
                      }
                    },
                    "b" : 5
                  },
                  "version" : "1.0"
                }
                """.utf8))
        try FileManager.default.createTestFile(
            atPath: folder + "/.linza.yml", contents: Data("require_sources: false\n".utf8))
        let result = try linza(["--quiet"], in: folder)
        #expect(result.status == 1)
        let file = "Localizable.xcstrings"
        #expect(
            result.standardOutput == """
                \(file):6:16: error: the de localization of 'a' is null, not an object; the app cannot use this entry [strings_syntax]
                \(file):7:45: error: "state" of 'a' is a number, not a string; the app cannot use this entry [strings_syntax]
                \(file):7:58: error: "value" of 'a' is an array, not a string; the app cannot use this entry [strings_syntax]
                \(file):10:11: error: the entry of 'b' is a number, not an object; the app cannot use this entry [strings_syntax]

                """)
    }
}

extension HostileInputTests {
    /// Item 15: init failed with "internal error" for resource folders named `null` or holding
    /// a quote or a line break, and wrote through a dangling `.linza.yml` link.
    @Test func initQuotesOddFolderNamesAndRefusesLinks() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.removeItem(atPath: folder + "/en.lproj")
        for name in ["null", "q\"x", "n\nl", "true"] {
            try FileManager.default.createDirectory(
                atPath: folder + "/" + name + "/en.lproj", withIntermediateDirectories: true)
            try FileManager.default.createTestFile(
                atPath: folder + "/" + name + "/en.lproj/Localizable.strings",
                contents: Data("\"a\" = \"A\";\n".utf8))
        }
        let created = try linza(["init"], in: folder)
        #expect(created.status == 0, "\(created.standardError)")
        let text = try String(contentsOfFile: folder + "/.linza.yml", encoding: .utf8)
        #expect(text.contains("  - \"n\\nl\"\n  - \"null\"\n  - \"q\\\"x\"\n  - \"true\"\n"))
        try FileManager.default.createTestFile(atPath: folder + "/App.swift", contents: Data("let app = 1\n".utf8))
        #expect(try linza(["--quiet"], in: folder).status != 2)

        try FileManager.default.removeItem(atPath: folder + "/.linza.yml")
        let outside = folder + "-outside.yml"
        try FileManager.default.createSymbolicLink(atPath: folder + "/.linza.yml", withDestinationPath: outside)
        let refused = try linza(["init"], in: folder)
        #expect(refused.status == 2)
        #expect(!FileManager.default.fileExists(atPath: outside))
    }
}

extension HostileInputTests {
    /// Item 9: links to files outside the project were read and quoted (`/etc/passwd`'s first
    /// line, `/proc/self/environ` in `linza keys`).
    @Test func linksOutOfTheProjectAreNotRead() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/en.lproj/Passwd.strings", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/en.lproj/Environ.strings",
            withDestinationPath: "/proc/self/environ")
        // A link that stays inside the project is read as before.
        try FileManager.default.createDirectory(atPath: folder + "/Shared", withIntermediateDirectories: true)
        try FileManager.default.createTestFile(
            atPath: folder + "/Shared/Menu.strings", contents: Data("\"menu\" = \"Menu\";\n".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/en.lproj/Menu.strings", withDestinationPath: "../Shared/Menu.strings")
        let keys = try linza(["keys"], in: folder)
        #expect(keys.status == 2)
        #expect(keys.standardOutput.contains("'menu' = 'Menu'"))
        #expect(!keys.standardOutput.contains("root:"))
        #expect(!keys.standardOutput.contains("PATH"))
        let lint = try linza(["--quiet"], in: folder)
        #expect(lint.status == 2)
        #expect(
            lint.standardOutput.contains(
                "en.lproj/Passwd.strings:1:1: error: this is a link to a file outside the project; Linza does not read it [input_error]"
            ))
        #expect(
            lint.standardOutput.contains(
                "en.lproj/Environ.strings:1:1: error: this is a link to a file outside"))
        #expect(!lint.standardOutput.contains("root"))
    }
}

extension HostileInputTests {
    /// Item 10: a `.strings` file that is an XML or binary property list (which iOS reads)
    /// was reported as unreadable; both are read now, and a broken binary one is reported.
    @Test func propertyListStringsAreRead() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createTestFile(
            atPath: folder + "/en.lproj/Plist.strings",
            contents: Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>greeting</key>
                \t<string>Hello</string>
                \t<key>count</key>
                \t<integer>3</integer>
                </dict>
                </plist>

                """.utf8))
        // Written by Foundation, as Xcode's "binary" strings file output writes them.
        let strings = try PropertyListSerialization.data(
            fromPropertyList: ["farewell": "Bye 😀", "count": 3], format: .binary, options: 0)
        try FileManager.default.createTestFile(atPath: folder + "/en.lproj/Binary.strings", contents: strings)
        let plural: [String: Any] = [
            "items": [
                "NSStringLocalizedFormatKey": "%#@n@",
                "n": [
                    "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                    "one": "%d item", "other": "%d items",
                ],
            ]
        ]
        let stringsdict = try PropertyListSerialization.data(fromPropertyList: plural, format: .binary, options: 0)
        try FileManager.default.createTestFile(atPath: folder + "/en.lproj/Plural.stringsdict", contents: stringsdict)
        try FileManager.default.createTestFile(
            atPath: folder + "/en.lproj/Broken.strings", contents: Data(Array("bplist00".utf8) + [0xD1, 0x01]))
        let keys = try linza(["keys"], in: folder)
        #expect(keys.standardOutput.contains("en.lproj/Plist.strings:5:2: en Plist 'greeting' = 'Hello'"))
        #expect(keys.standardOutput.contains("en.lproj/Binary.strings:1:1: en Binary 'farewell' = 'Bye 😀'"))
        #expect(keys.standardOutput.contains("Plural.stringsdict:1:1: en Plural 'items'"))
        let lint = try linza(["--quiet"], in: folder)
        #expect(lint.standardOutput.contains("Plist.strings:8:2: error: the value of 'count' is not a string"))
        #expect(lint.standardOutput.contains("Binary.strings:1:1: error: the value of 'count' is not a string"))
        #expect(
            lint.standardOutput.contains(
                "Broken.strings:1:1: error: invalid binary property list: not a binary property list"))
    }
}

extension HostileInputTests {
    /// Item 10: an XML property list declaring Latin-1 was reported as unreadable; it is read
    /// in the encoding it declares, as the run time reads it, and one declaring an encoding
    /// Linza does not decode says so (exit 2) instead of calling the table broken.
    @Test func declaredLatin1PropertyListsAreRead() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func plist(_ encoding: String, _ value: [UInt8]) -> Data {
            Data(
                Array(
                    """
                    <?xml version="1.0" encoding="\(encoding)"?>
                    <plist version="1.0">
                    <dict>
                    \t<key>greeting</key>
                    \t<string>
                    """.utf8) + value + Array("</string>\n</dict>\n</plist>\n".utf8))
        }
        try FileManager.default.createTestFile(
            atPath: folder + "/en.lproj/Latin.strings", contents: plist("ISO-8859-1", [0x43, 0x61, 0x66, 0xE9]))
        try FileManager.default.createTestFile(
            atPath: folder + "/en.lproj/Windows.strings", contents: plist("windows-1252", [0x80, 0x35]))
        let keys = try linza(["keys"], in: folder)
        #expect(keys.status == 0, "\(keys.standardOutput)\(keys.standardError)")
        #expect(keys.standardOutput.contains("en.lproj/Latin.strings:4:2: en Latin 'greeting' = 'Café'"))
        #expect(keys.standardOutput.contains("en.lproj/Windows.strings:4:2: en Windows 'greeting' = '€5'"))
        try FileManager.default.createTestFile(
            atPath: folder + "/en.lproj/Japanese.strings", contents: plist("Shift_JIS", [0x82, 0xA0]))
        let lint = try linza(["--quiet"], in: folder)
        #expect(lint.status == 2)
        #expect(
            lint.standardOutput.contains(
                """
                Japanese.strings:1:1: error: cannot read this file: the file declares the encoding 'Shift_JIS', which Linza does not read
                """))
    }
}

extension HostileInputTests {
    /// docs/SECURITY.md: a file larger than 256 MiB (`FileReader.maximumSize`) is refused
    /// without being read, at its place, exit 2 (`InputLimitTests.filesAreReadUpTo256MiB`
    /// reads one at the limit). The files are sparse: they take no disk space.
    @Test func aFileLargerThan256MiBIsRefused() throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func sparse(_ path: String, size: UInt64) throws {
            try FileManager.default.createTestFile(atPath: folder + "/" + path, contents: Data())
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/" + path))
            try handle.truncate(atOffset: size)
            try handle.close()
        }
        let tooLarge: UInt64 = 256 << 20 + 1
        try sparse("en.lproj/Big.strings", size: tooLarge)
        try sparse("Big.swift", size: tooLarge)
        try sparse("big.yml", size: tooLarge)
        let lint = try linza(["--quiet"], in: folder)
        #expect(lint.status == 2)
        #expect(
            lint.standardOutput == """
                Big.swift:1:1: error: cannot read this file: is larger than 256 MiB, the most Linza reads [input_error]
                en.lproj/Big.strings:1:1: error: cannot read this file: is larger than 256 MiB, the most Linza reads [input_error]

                """)
        let configuration = try linza(["--quiet", "--config", "big.yml"], in: folder)
        #expect(configuration.status == 2)
        #expect(
            configuration.standardError.contains(
                "big.yml:1:1: error: cannot read the configuration: is larger than 256 MiB, the most Linza reads"
            ))
    }
}
