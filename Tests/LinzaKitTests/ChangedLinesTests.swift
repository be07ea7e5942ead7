@testable import LinzaBase
import Testing

/// `GitDiff` and `ChangedLines`: the lines of each file's new version a `git diff --unified=0`
/// adds or rewrites, through renames, deletions, binary files and quoted names.
@Suite struct ChangedLinesTests {
    /// What `git diff --unified=0 --find-renames` printed for these changes (the first six
    /// files), and the parts git writes for a pure rename and for binary files renamed, added
    /// and deleted.
    static let diff = #"""
        diff --git a/App/Added.swift b/App/Added.swift
        new file mode 100644
        index 0000000..07f33c4
        --- /dev/null
        +++ b/App/Added.swift
        @@ -0,0 +1,2 @@
        +new
        +file
        diff --git a/App/Gone.swift b/App/Gone.swift
        deleted file mode 100644
        index 286c5f5..0000000
        --- a/App/Gone.swift
        +++ /dev/null
        @@ -1 +0,0 @@
        -gone
        diff --git a/App/Menu.swift b/App/Menu.swift
        index 2f0b8ee..895fa58 100644
        --- a/App/Menu.swift
        +++ b/App/Menu.swift
        @@ -2 +2 @@ a
        -b
        +B
        @@ -11 +11 @@ j
        -k
        +++ plus
        @@ -12,0 +13 @@ l
        +q
        @@ -20,3 +20,0 @@ l
        -r
        -s
        -t
        diff --git a/App/Old.swift b/App/New.swift
        similarity index 67%
        rename from App/Old.swift
        rename to App/New.swift
        index 2019eda..70dd6cc 100644
        --- a/App/Old.swift
        +++ b/App/New.swift
        @@ -4 +4 @@ three
        -four
        +FOUR
        @@ -7 +7 @@ six
        -seven
        +seven
        \ No newline at end of file
        diff --git "a/App/back\\slash.swift" "b/App/back\\slash.swift"
        index 587be6b..975fbec 100644
        --- "a/App/back\\slash.swift"
        +++ "b/App/back\\slash.swift"
        @@ -1 +1 @@
        -x
        +y
        diff --git a/App/de.strings b/App/de.strings
        index d0c4c14..588694d 100644
        Binary files a/App/de.strings and b/App/de.strings differ
        diff --git a/App/Moved.swift b/App/Sub/Moved.swift
        similarity index 100%
        rename from App/Moved.swift
        rename to App/Sub/Moved.swift
        diff --git a/App/fr.strings b/App/Sub/fr.strings
        similarity index 90%
        rename from App/fr.strings
        rename to App/Sub/fr.strings
        index 1111111..2222222 100644
        Binary files a/App/fr.strings and b/App/Sub/fr.strings differ
        diff --git "a/App/caf\303\251.plist" "b/App/caf\303\251.plist"
        new file mode 100644
        index 0000000..1234567
        Binary files /dev/null and "b/App/caf\303\251.plist" differ
        diff --git a/App/old.plist b/App/old.plist
        deleted file mode 100644
        index 1234567..0000000
        Binary files a/App/old.plist and /dev/null differ
        """#

    let changes = ChangedLines(diff: Array(diff.utf8), repository: "/r")

    @Test func addedAndRewrittenLinesOfEachFileAreChanged() {
        #expect(
            changes.ranges == [
                "/r/App/Added.swift": [1..<3],
                "/r/App/Menu.swift": [2..<3, 11..<12, 13..<14],
                "/r/App/New.swift": [4..<5, 7..<8],
                #"/r/App/back\slash.swift"#: [1..<2],
            ])
        #expect(changes.contains(Location(file: "/r/App/Menu.swift", line: 11, column: 1)))
        #expect(!changes.contains(Location(file: "/r/App/Menu.swift", line: 12, column: 1)))
        // Lines only removed (20 to 22) leave no line of the new version changed.
        #expect(!changes.contains(Location(file: "/r/App/Menu.swift", line: 20, column: 1)))
        #expect(!changes.contains(Location(file: "/r/App/Old.swift", line: 4, column: 1)), "the old name is gone")
        #expect(!changes.contains(Location(file: "/r/App/Sub/Moved.swift", line: 1, column: 1)), "moved, unchanged")
    }

    @Test func binaryFilesThatChangeCountWhole() {
        #expect(changes.wholeFiles == ["/r/App/de.strings", "/r/App/Sub/fr.strings", "/r/App/café.plist"])
        #expect(changes.contains(Location(file: "/r/App/de.strings", line: 40, column: 3)))
        #expect(!changes.contains(Location(file: "/r/App/old.plist", line: 1, column: 1)))
        #expect(changes.fileCount == 7)
    }

    @Test func hunksKeepTheirTextAndALineThatLooksLikeAHeaderIsContent() {
        let menu = GitDiff.files(Array(Self.diff.utf8)).first { $0.path == "App/Menu.swift" }
        #expect(menu?.hunks.map(\.added) == [["B"], ["++ plus"], ["q"], []])
        #expect(menu?.hunks.map(\.removed) == [["b"], ["k"], [], ["r", "s", "t"]])
        #expect(menu?.hunks.map(\.newLines) == [2..<3, 11..<12, 13..<14, 20..<20])
    }

    @Test func malformedHeadersAndShortHunksAreNotFatal() {
        let diff = """
            diff --git a/A.swift b/A.swift
            --- a/A.swift
            +++ b/A.swift
            @@ -1,2 +1,5 @@
            +only one of five
            diff --git a/B.swift b/B.swift
            --- a/B.swift
            +++ b/B.swift
            @@ -x +y @@
            @@ -1 +9223372036854775807,9 @@
            @@ -1 +3 @@
            +z
            """
        let changes = ChangedLines(diff: Array(diff.utf8), repository: "/r")
        #expect(changes.ranges == ["/r/A.swift": [1..<6], "/r/B.swift": [3..<4]])
        #expect(ChangedLines(diff: [0xFF, 0x0A, 0x40], repository: "/r") == ChangedLines())
    }

    @Test func namesInTheFileHeaderAreReadWhenNoOtherLineNamesTheFile() {
        #expect(GitDiff.pathInHeader("a/App/x y.swift b/App/x y.swift") == "App/x y.swift")
        #expect(GitDiff.pathInHeader(#""a/caf\303\251" "b/caf\303\251""#) == "café")
        #expect(GitDiff.pathInHeader("a/One.swift b/Two.swift") == nil)
        #expect(GitDiff.pathInHeader("a/") == nil)
    }
}
