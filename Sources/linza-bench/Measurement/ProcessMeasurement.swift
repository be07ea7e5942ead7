#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinzaKit

/// One cold process run: wall time, CPU time (user + system) and peak resident memory,
/// from `wait4`'s resource usage, so the figures are the kernel's, not a sampler's.
///
/// On Linux a child's `ru_maxrss` also counts the memory of the process it was spawned
/// from (exec records the old address space's high-water mark), so there the command runs
/// under GNU time, a small process whose own child's peak is clean, and the peak is read
/// from its output; wall and CPU time still come from here.
struct ProcessMeasurement {
    var wallSeconds: Double
    var cpuSeconds: Double
    var peakRSSBytes: Int
    var exitStatus: Int32

    /// Runs `arguments` (the first is an absolute executable path) in `directory` with
    /// standard output and error sent to /dev/null, and measures it.
    static func run(_ command: [String], in directory: String) throws -> ProcessMeasurement {
        #if os(Linux)
        let peakFile = "/tmp/linza-bench-peak-\(getpid())"
        defer { unlink(peakFile) }
        let arguments = [gnuTime, "-f", "%M", "-o", peakFile] + command
        #else
        let arguments = command
        #endif
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // posix_spawn_file_actions_addchdir_np is not in every libc's Swift overlay; the
        // harness is single-threaded, so changing its own folder around the spawn is safe.
        let previous = Path.currentDirectory()
        guard chdir(directory) == 0 else { throw CorpusError("cannot enter \(directory)") }
        defer { _ = chdir(previous) }

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let start = monotonicSeconds()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else {
            throw CorpusError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw CorpusError("wait4 failed: \(String(cString: strerror(errno)))") }
        }
        let wall = monotonicSeconds() - start
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        #if os(Linux)
        // GNU time writes "Command exited with non-zero status N" first when it is not 0.
        let peakText = (try? FileReader.read(peakFile)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard let kilobytes = peakText.split(separator: "\n").last.flatMap({ Int($0) }) else {
            throw CorpusError("GNU time gave no peak memory for \(command.joined(separator: " ")): \(peakText)")
        }
        let rss = kilobytes * 1024
        #else
        let rss = Int(usage.ru_maxrss)  // bytes on macOS, where posix_spawn starts a fresh process
        #endif
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ProcessMeasurement(wallSeconds: wall, cpuSeconds: cpu, peakRSSBytes: rss, exitStatus: exitStatus)
    }

    /// GNU time, which the benchmark script installs on Linux.
    static let gnuTime = "/usr/bin/time"

    /// Whether `gnuTime` is GNU time (only needed on Linux).
    static var isAvailable: Bool {
        #if os(Linux)
        return MachineDescription.firstLine(of: [gnuTime, "--version"])?.contains("GNU") == true
        #else
        return true
        #endif
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
