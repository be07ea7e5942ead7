import Foundation

/// Runs a program to completion and collects what it printed.
enum ChildProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `executable` with `arguments` in `directory`, `input` on standard input.
    /// `environment` is added to the test's own environment, or replaces it when
    /// `inheritsEnvironment` is false.
    static func run(
        _ executable: String, _ arguments: [String], input: String = "", in directory: String? = nil,
        environment: [String: String] = [:], inheritsEnvironment: Bool = true
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // An inherited environment gets the tests' own cache folder: a `linza` run must not
        // leave a cache for each temporary project in the developer's home folder.
        process.environment =
            inheritsEnvironment
            ? ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": LinzaBinary.cacheHome]) { $1 }
                .merging(environment) { $1 } : environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Drain standard error on another thread: a child blocked on one full pipe while
        // we wait on the other would never finish.
        let errorData = LockedData()
        let errorReader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: errorData.waitForValue(), as: UTF8.self))
    }
}

/// Data handed from the reader thread, waited for with a condition.
private final class LockedData: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Data?

    func set(_ data: Data) {
        condition.lock()
        value = data
        condition.signal()
        condition.unlock()
    }

    func waitForValue() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value!
    }
}
