import Testing

import LinzaKit
@testable import linza

/// `StagedChanges`: which lines and keys a staged diff touches, and which findings block.
@Suite struct StagedChangesTests {
    static let diff = """
        diff --git a/App/Menu.swift b/App/Menu.swift
        index 1111111..2222222 100644
        --- a/App/Menu.swift
        +++ b/App/Menu.swift
        @@ -3,0 +4,2 @@ struct Menu {
        +    let title = NSLocalizedString("menu.title", comment: "")
        +++ counted as an added line, not a header
        @@ -9 +11 @@ struct Menu {
        -    let old = "menu.old"
        +    let new = "menu.new \\"quoted\\""
        diff --git a/App/en.lproj/Localizable.strings b/App/en.lproj/Localizable.strings
        --- a/App/en.lproj/Localizable.strings
        +++ b/App/en.lproj/Localizable.strings
        @@ -2 +1,0 @@
        -"menu.cancel" = "Cancel";
        diff --git "a/App/caf\\303\\251.stringsdict" "b/App/caf\\303\\251.stringsdict"
        --- /dev/null
        +++ "b/App/caf\\303\\251.stringsdict"
        @@ -0,0 +1 @@
        +<key>menu.count</key>
        diff --git a/App/Gone.swift b/App/Gone.swift
        --- a/App/Gone.swift
        +++ /dev/null
        @@ -1 +0,0 @@
        -let gone = NSLocalizedString("menu.gone", comment: "")
        """

    let changes = StagedChanges.parse(Array(diff.utf8), repository: "/r")

    @Test func addedLinesAreNumberedInTheStagedVersion() {
        #expect(changes.lines["/r/App/Menu.swift"] == [4, 5, 11])
        #expect(changes.lines["/r/App/café.stringsdict"] == [1])
        #expect(changes.lines["/r/App/en.lproj/Localizable.strings"] == nil)
        #expect(changes.lines["/r/App/Gone.swift"] == nil)
    }

    @Test func quotedTextsOfAddedAndRemovedLinesAreTouched() {
        for key in ["menu.title", "menu.old", #"menu.new \"quoted\""#, "menu.cancel", "menu.count", "menu.gone"] {
            #expect(changes.texts.contains(key), "\(key)")
        }
        #expect(!changes.texts.contains("menu.other"))
    }

    @Test func findingsBlockAtChangedLinesOrAboutTouchedKeys() {
        func finding(_ file: String, _ line: Int, key: String?) -> Diagnostic {
            var diagnostic = Diagnostic(
                ruleID: "missing_key", severity: .error, message: "m",
                location: Location(file: file, line: line, column: 1))
            diagnostic.key = key
            return diagnostic
        }
        #expect(changes.blocks(finding("/r/App/Menu.swift", 4, key: "menu.elsewhere")))
        #expect(!changes.blocks(finding("/r/App/Menu.swift", 6, key: "menu.elsewhere")))
        #expect(changes.blocks(finding("/r/App/Other.swift", 1, key: "menu.cancel")))
        #expect(!changes.blocks(finding("/r/App/Other.swift", 1, key: "menu.other")))
        // No key, in a file the commit changes: a table whose syntax the edit broke.
        #expect(changes.blocks(finding("/r/App/Menu.swift", 30, key: nil)))
        #expect(!changes.blocks(finding("/r/App/Other.swift", 30, key: nil)))
    }

    @Test func gitQuotedNamesAreDecoded() {
        #expect(GitDiff.unquoted(#""b/caf\303\251 \"x\".swift""#) == #"b/café "x".swift"#)
        #expect(GitDiff.unquoted("b/plain.swift") == "b/plain.swift")
    }
}
