#if os(Linux)
import Foundation
import Testing

/// `linza watch`: lint runs in the project take their signatures from it and report what
/// runs without any cache report, through edits, new folders and moves; one watcher per
/// project; a watcher killed leaves runs as they were without it.
@Suite struct WatchCommandTests {
    /// A `linza watch` started in `project`, once it has said it follows the tree.
    final class Watcher {
        let process = Process()
        private let errors = Pipe()
        private(set) var said = ""

        init(in project: String, cacheHome: String) throws {
            process.executableURL = URL(fileURLWithPath: LinzaBinary.path)
            process.arguments = ["watch", "--verbose"]
            process.currentDirectoryURL = URL(fileURLWithPath: project)
            process.environment = ["XDG_CACHE_HOME": cacheHome, "GITHUB_ACTIONS": "false"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            try read(until: "Interrupt to stop.\n")
        }

        /// Reads what the watcher says until `text` has been said (at most 20 s).
        func read(until text: String) throws {
            let deadline = Date().addingTimeInterval(20)
            while !said.contains(text) && Date() < deadline {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                said += String(decoding: chunk, as: UTF8.self)
            }
            #expect(said.contains(text), "the watcher never said \(text): \(said)")
        }

        /// Stops the watcher and reads the rest of what it said.
        func stop() -> Int32 {
            process.terminate()
            process.waitUntilExit()
            said += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return process.terminationStatus
        }
    }

    let cacheHome = FileManager.default.temporaryDirectory.path + "/linza-watch-cache-" + UUID().uuidString

    func lint(_ project: ProjectCopy, _ arguments: [String] = []) throws -> String {
        let result = try LinzaBinary.run(
            ["--quiet"] + arguments, in: project.path, environment: ["XDG_CACHE_HOME": cacheHome])
        #expect(result.status == 1, "\(result.standardError)")
        return result.standardOutput
    }

    /// Every run with the watcher reports what a run without a cache reports.
    func expectExact(_ project: ProjectCopy, contains text: String? = nil) throws {
        let watched = try lint(project)
        #expect(watched == (try lint(project, ["--no-cache"])))
        if let text { #expect(watched.contains(text), "\(watched)") }
    }

    @Test func runsWithTheWatcherReportWhatRunsWithoutACacheReport() throws {
        let project = try ProjectCopy("SampleApp")
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let watcher = try Watcher(in: project.path, cacheHome: cacheHome)
        try expectExact(project)
        try watcher.read(until: "answered a run")

        // An edit, a new folder with a source, the folder moved, then removed.
        let source = "App/Menu/MenuViewController.swift"
        try project.write(
            source, try project.read(source) + "let added = NSLocalizedString(\"watch.added\", comment: \"\")\n")
        try expectExact(project, contains: "watch.added")
        try FileManager.default.createDirectory(
            atPath: project.path + "/App/Extra/Inner", withIntermediateDirectories: true)
        try project.write("App/Extra/Inner/Extra.swift", "let e = NSLocalizedString(\"watch.extra\", comment: \"\")\n")
        try expectExact(project, contains: "App/Extra/Inner/Extra.swift")
        try FileManager.default.moveItem(atPath: project.path + "/App/Extra", toPath: project.path + "/App/Moved")
        try expectExact(project, contains: "App/Moved/Inner/Extra.swift")
        try FileManager.default.removeItem(atPath: project.path + "/App/Moved")
        try expectExact(project)
        #expect(!(try lint(project)).contains("watch.extra"))

        // One watcher per project.
        let second = try ChildProcess.run(
            LinzaBinary.path, ["watch"], in: project.path, environment: ["XDG_CACHE_HOME": cacheHome])
        #expect(second.status == 2)
        #expect(second.standardError.contains("another linza watch serves this project"), "\(second.standardError)")

        // Stopped, it removes its socket; runs go on as without it.
        #expect(watcher.stop() == 0)
        // Each of the six runs with a cache was answered.
        #expect(watcher.said.components(separatedBy: "answered a run").count == 7, "\(watcher.said)")
        let sockets = FileManager.default.enumerator(atPath: cacheHome)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix("watch.socket") }
        #expect(sockets == [])
        try expectExact(project, contains: "watch.added")
    }

    /// A link named like the watcher's socket (a cache folder inside a repository can hold
    /// one) is not followed: the socket it leads to is never connected to.
    @Test func aLinkNamedLikeTheSocketIsNotFollowed() throws {
        let project = try ProjectCopy("SampleApp")
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        _ = try lint(project)
        let linza = cacheHome + "/linza"
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: linza).first { $0.count == 16 })
        let other = cacheHome + "/other.socket"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in other.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0 && listen(listener, 4) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: linza + "/" + folder + "/watch.socket", withDestinationPath: other)

        try expectExact(project)
        #expect(accept(listener, nil, nil) == -1 && errno == EAGAIN, "a run connected through the link")
    }

    /// A watcher killed leaves its socket: runs find no one listening and `stat` each file;
    /// one stopped does not answer in time, and runs do the same.
    @Test func aKilledWatchersSocketIsIgnoredAndReplaced() throws {
        let project = try ProjectCopy("SampleApp")
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        let killed = try Watcher(in: project.path, cacheHome: cacheHome)
        kill(killed.process.processIdentifier, SIGKILL)
        killed.process.waitUntilExit()
        try project.write("App/Late.swift", "let l = NSLocalizedString(\"watch.late\", comment: \"\")\n")
        try expectExact(project, contains: "watch.late")
        let next = try Watcher(in: project.path, cacheHome: cacheHome)
        try expectExact(project, contains: "watch.late")
        try next.read(until: "answered a run")
        // A watcher stopped (Ctrl-Z) does not answer: runs go on without it.
        kill(next.process.processIdentifier, SIGSTOP)
        try project.write("App/Later.swift", "let l = NSLocalizedString(\"watch.later\", comment: \"\")\n")
        try expectExact(project, contains: "watch.later")
        kill(next.process.processIdentifier, SIGCONT)
        #expect(next.stop() == 0)
    }
}
#endif
