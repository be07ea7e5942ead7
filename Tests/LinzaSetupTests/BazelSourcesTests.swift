@testable import LinzaBase
@testable import LinzaSetup
import LinzaTestSupport
import Testing

/// Which sources a Bazel workspace builds, in Telegram's shape: each module's `BUILD` globs
/// its `Sources`, the app's `BUILD` names its own files, and the old watch app no `BUILD`
/// file names is not built.
@Suite struct BazelSourcesTests {
    let project = TemporaryDirectory()

    @Test func aSourceIsBuiltWhenItsPackagesBuildFileNamesIt() {
        _ = project.write("MODULE.bazel", "module(name = \"app\")\n")
        _ = project.write(
            "Telegram/BUILD",
            """
            # "Watch/**/*.m" is no longer built
            swift_library(
                name = "Lib",
                srcs = ["Telegram-iOS/Application.swift"] + glob(["Share/**/*.swift"], exclude = ['Share/Old/*.swift']),
            )
            plist = \"\"\"<string>Watch/Info.plist</string>\"\"\"
            """)
        _ = project.write("submodules/ChatUI/BUILD", "swift_library(srcs = glob([\"Sources/**/*.swift\"]))\n")
        let built = [
            "Telegram/Telegram-iOS/Application.swift", "Telegram/Share/ShareController.swift",
            "Telegram/Share/Deep/Folder/Item.swift", "Telegram/Share/Old/Legacy.swift",
            "submodules/ChatUI/Sources/ChatController.swift", "submodules/ChatUI/Sources/Nodes/Bubble.swift",
        ]
        let unbuilt = [
            "Telegram/Watch/Extension/TGWatchController.m", "Telegram/Telegram-iOS/Other.swift",
            "submodules/ChatUI/Tests/ChatTests.swift", "submodules/Postbox/Sources/Postbox.swift",
            "Outside.swift",
        ]
        #expect(BazelSources.isWorkspace(project.path))
        var bazel = BazelSources(root: project.path)
        // `exclude =` patterns are read as sources too: in doubt, a source is built.
        #expect(built.filter { !bazel.builds(project.path + "/" + $0) } == [])
        #expect(unbuilt.filter { bazel.builds(project.path + "/" + $0) } == [])
        #expect(!BazelSources.isWorkspace(project.path + "/Telegram"))
    }

    @Test func globsMatchWithinAndAcrossFolders() {
        func matches(_ pattern: String, _ path: String) -> Bool {
            BazelSources.matches(pattern: Array(pattern.utf8)[...], path: Array(path.utf8)[...])
        }
        #expect(matches("Sources/**/*.swift", "Sources/A.swift"))
        #expect(matches("Sources/**/*.swift", "Sources/x/y/A.swift"))
        #expect(!matches("Sources/**/*.swift", "Other/A.swift"))
        #expect(matches("Sources/*.m", "Sources/A.m"))
        #expect(!matches("Sources/*.m", "Sources/x/A.m"))
        #expect(matches("**", "a/b/c.swift"))
        #expect(matches("Share/**", "Share/x/y.swift"))
        #expect(!matches("Share/**", "Sharing/y.swift"))
        #expect(matches("Telegram-iOS/Application.swift", "Telegram-iOS/Application.swift"))
        #expect(!matches("Telegram-iOS/Application.swift", "Telegram-iOS/Application.swift.orig"))
    }
}
