import Foundation

/// A `linza watch` kept running while a corpus is measured (Linux only: elsewhere there is
/// no watcher and `init` gives nil).
final class RunningWatcher {
    private let process = Process()

    /// Starts `linza watch --cache-path cache` in `corpus` and returns once it follows the
    /// tree; nil where `linza watch` does not run.
    init?(linza: String, corpus: String, cache: String) throws {
        #if os(Linux)
        process.executableURL = URL(fileURLWithPath: linza)
        process.arguments = ["watch", "--cache-path", cache]
        process.currentDirectoryURL = URL(fileURLWithPath: corpus)
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        var said = ""
        while !said.contains("Interrupt to stop.") {
            let chunk = errors.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CorpusError("linza watch stopped in \(corpus): \(said)") }
            said += String(decoding: chunk, as: UTF8.self)
        }
        #else
        return nil
        #endif
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
