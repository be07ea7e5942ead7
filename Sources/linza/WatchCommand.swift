#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import LinzaKit

/// `linza watch`: follows the project's files with inotify and answers `lint` and `status`
/// with their signatures, so that a warm run learns what changed without a `stat` of every
/// file and folder (docs/CACHE.md, "linza watch").
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Follow the project's files so that `linza lint` and `status` need not stat each one (Linux).",
        discussion:
            "Runs until interrupted. While it runs, lint and status in this project ask it which files and "
            + "folders changed instead of reading each one's times; without it they read them as before. "
            + "Exit codes: 0 stopped, 2 cannot watch (another watcher, no cache, too many folders)."
    )

    @OptionGroup var project: ProjectOptions
    @OptionGroup var cache: CacheOptions

    @Flag(name: .long, help: "Say on standard error each time a run is answered.")
    var verbose = false

    func run() throws {
        #if os(Linux)
        let configuration = try ConfigurationResolution.resolve(project)
        guard let folder = cache.folder(for: configuration) else {
            Output.error(
                "linza watch: the cache is off (--no-cache) or has no folder (no home folder); nothing to serve")
            throw ExitCode(LinzaExitCode.failure)
        }
        let server: WatchServer
        do {
            try AtomicFile.createFolder(folder, mode: 0o700)
            server = try WatchServer(root: configuration.baseDirectory, cacheFolder: folder)
        } catch let error as WatchServerError {
            Output.error("linza watch: \(error.message)")
            throw ExitCode(LinzaExitCode.failure)
        } catch {
            Output.error("linza watch: cannot make the cache folder \(folder): \(error)")
            throw ExitCode(LinzaExitCode.failure)
        }
        WatchSignals.install()
        let folders = server.watcher.entries.values.count(where: \.isFolder)
        Output.error(
            "linza watch: following \(folders) folders and \(server.watcher.entries.count - folders) files below "
                + "\(project.displayPaths.path(configuration.baseDirectory)); lint and status here ask it. "
                + "Interrupt to stop.")
        let failure = server.serve(shouldStop: WatchSignals.received) { count in
            if verbose { Output.error("linza watch: answered a run (\(count) signatures)") }
        }
        if let failure {
            Output.error("linza watch: stopped: \(failure)")
            throw ExitCode(LinzaExitCode.failure)
        }
        #else
        Output.error("linza watch: needs Linux's inotify; on this system lint and status read each file's times")
        throw ExitCode(LinzaExitCode.failure)
        #endif
    }
}

#if os(Linux)
/// SIGINT and SIGTERM stop the watcher between answers, so that it removes its socket.
private enum WatchSignals {
    nonisolated(unsafe) private static var stop: sig_atomic_t = 0

    static func install() {
        signal(SIGINT) { _ in WatchSignals.stop = 1 }
        signal(SIGTERM) { _ in WatchSignals.stop = 1 }
        // A parent that blocks them (some spawn the watcher from a thread that does) would
        // leave the watcher deaf to both.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        sigaddset(&stopping, SIGINT)
        sigaddset(&stopping, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
    }

    static func received() -> Bool { stop != 0 }
}
#endif
