#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LinzaKit

/// Runs `git` (found on PATH) and collects what it prints; its error messages go to
/// Linza's standard error as they are.
enum Git {
    struct Failure: Error {
        var message: String
    }

    /// Runs `git arguments…` with `input` on its standard input; its standard output, or a
    /// `Failure` when git cannot be started or exits with a status other than 0. With
    /// `silencingErrors`, what git prints on its standard error is dropped, for a caller that
    /// says in its own words what a failure means.
    static func run(_ arguments: [String], input: [UInt8] = [], silencingErrors: Bool = false) throws(Failure)
        -> [UInt8]
    {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw Failure(message: "cannot create a pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for descriptor in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
        if silencingErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }

        let argv = (["git"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, "git", &actions, nil, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw Failure(message: "cannot run git: \(String(cString: strerror(spawned)))")
        }
        // The input is small (a list of paths); a writer thread is not needed as long as git
        // reads all of it before it writes much, which checkout-index and ls-files do.
        // A git that exits early must not kill Linza with SIGPIPE; the handler is put back after.
        let previous = signal(SIGPIPE, SIG_IGN)
        _ = DescriptorWriter.writeAll(input, to: toChild[1])
        close(toChild[1])
        signal(SIGPIPE, previous)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fromChild[0], $0.baseAddress, $0.count) }
            if count > 0 { output += buffer[0..<count] } else if count == 0 || errno != EINTR { break }
        }
        close(fromChild[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw Failure(message: "git \(arguments.first ?? "") failed") }
        return output
    }
}
