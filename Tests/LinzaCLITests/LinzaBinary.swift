import Foundation

/// Runs the `linza` executable that `swift test` built alongside the tests.
enum LinzaBinary {
    /// The repository root (this file is Tests/LinzaCLITests/LinzaBinary.swift).
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `LINZA_BINARY` if set; otherwise the `linza` next to the running test bundle.
    static let path: String = {
        if let explicit = ProcessInfo.processInfo.environment["LINZA_BINARY"] { return explicit }
        var candidates: [URL] = []
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("linza"))
            folder.deleteLastPathComponent()
        }
        candidates.append(URL(fileURLWithPath: repositoryRoot + "/.build/debug/linza"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate.path
        }
        fatalError("linza binary not found; build it (swift build) or set LINZA_BINARY")
    }()

    typealias Result = ChildProcess.Result

    /// Where the runs of this test process keep their scan caches: a folder of its own, so
    /// that tests neither read a developer's caches nor leave theirs behind in the home folder.
    /// Every test runs with the cache on, so each fixture linted twice is also a check that
    /// the cached run reports what the first one did.
    static let cacheHome: String = {
        let folder = FileManager.default.temporaryDirectory.path + "/linza-test-cache-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// Runs `linza arguments` in `directory` and waits for it. The expected outputs are
    /// Xcode's format, so a test run on GitHub Actions must not switch reporters.
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws -> Result {
        try ChildProcess.run(
            path, arguments, in: directory,
            environment: [
                "GITHUB_ACTIONS": "false", "XDG_CACHE_HOME": cacheHome, "GITHUB_STEP_SUMMARY": "",
                "GITHUB_BASE_REF": "",
            ].merging(environment) { $1 })
    }
}
