@testable import LinzaSetup
import Testing

/// The folders `init` writes: the shortest list selecting exactly a target's files, and
/// with exceptions a folder all but a few of whose files the target compiles given whole
/// (Pocket Casts: `podcasts` less one file, where the list had been 515 files).
@Suite struct FolderCoverTests {
    static let root = "/p"
    static let app = (1...8).map { "/p/App/File\($0).swift" } + ["/p/App/Views/A.swift", "/p/App/Views/B.swift"]
    static let all = app + ["/p/App/Unbuilt.swift", "/p/Tool/main.swift", "/p/Widget/W.swift"]

    @Test func withoutExceptionsEveryCompiledFileIsNamed() {
        let cover = FolderCover.cover(selected: Set(Self.app), all: Self.all, root: Self.root)
        #expect(cover == (1...8).map { "/p/App/File\($0).swift" } + ["/p/App/Views"])
    }

    @Test func aFolderLessAFewFilesIsGivenWhole() {
        let cover = FolderCover.coverWithExceptions(selected: Set(Self.app), all: Self.all, root: Self.root)
        #expect(cover.included == ["/p/App"])
        #expect(cover.excluded == ["/p/App/Unbuilt.swift"])
    }

    /// `excluded:` leaves out tables too: a folder with tables keeps them, its unbuilt sources named.
    @Test func anExcludedFolderWithTablesIsReplacedByItsUnbuiltSources() {
        let all = ["/p/App/A.swift", "/p/App/Strings/clean.swift", "/p/App/Strings/fix.swift", "/p/Tool/main.swift"]
        let spared = StarterConfiguration.sparingTables(
            ["/p/App/Strings", "/p/Tool"], tables: ["/p/App/Strings/en.lproj/Localizable.strings"], uncompiled: all,
            ["/p/App/A.swift"])
        #expect(spared == ["/p/App/Strings/clean.swift", "/p/App/Strings/fix.swift", "/p/Tool"])
    }

    @Test func exceptionsAreTakenOnlyWhereTheyAreShorter() {
        // Two of four files compiled: naming them is as short as the folder and two exceptions.
        let selected: Set = ["/p/App/A.swift", "/p/App/B.swift"]
        let all = ["/p/App/A.swift", "/p/App/B.swift", "/p/App/C.swift", "/p/App/D.swift"]
        let cover = FolderCover.coverWithExceptions(selected: selected, all: all, root: Self.root)
        #expect(cover.included == ["/p/App/A.swift", "/p/App/B.swift"] && cover.excluded.isEmpty)
    }

    @Test func theProjectFolderIsNeverGivenWhole() {
        // Every file but one at the top: the top folders are named, not `.` less a file.
        let selected: Set = ["/p/A/1.swift", "/p/B/1.swift", "/p/C/1.swift", "/p/D/1.swift"]
        let cover = FolderCover.coverWithExceptions(
            selected: selected, all: selected.sorted() + ["/p/E/1.swift"], root: Self.root)
        #expect(cover.included == ["/p/A", "/p/B", "/p/C", "/p/D"] && cover.excluded.isEmpty)
    }
}
