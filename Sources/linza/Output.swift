import ArgumentParser
import LinzaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole texts to standard output (findings) and standard error (summaries,
/// failures) with `write(2)`, looping over short writes.
enum Output {
    static func standard(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes `text` to `path` atomically, or to standard output when there is no path.
    static func deliver(_ text: String, to path: String?) throws {
        guard let path else {
            standard(text)
            return
        }
        do {
            try AtomicFile.write(text, to: Path.absolute(path, relativeTo: Path.currentDirectory()))
        } catch {
            Output.error("linza: cannot write \(path): \((error as? FileReadError)?.reason ?? "\(error)")")
            throw ExitCode(LinzaExitCode.failure)
        }
    }

    static func error(_ text: String) {
        write(text.hasSuffix("\n") ? text : text + "\n", to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        // A failure is a closed pipe or terminal: nobody is listening any more.
        _ = DescriptorWriter.writeAll(Array(text.utf8), to: descriptor)
    }
}
