import Foundation

/// Folders of this repository, found from this file's place, for tests that read fixtures.
public enum Repository {
    /// The repository's root.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `Fixtures/`: the small projects the tests run on.
    public static let fixtures = root + "/Fixtures"
}
