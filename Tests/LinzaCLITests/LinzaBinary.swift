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

    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `linza arguments` in `directory` and waits for it.
    static func run(_ arguments: [String], in directory: String) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes before waiting so a large output cannot block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self))
    }
}
