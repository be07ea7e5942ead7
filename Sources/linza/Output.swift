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
    /// Writes `text` to standard output; a report that cannot be written (a full disk
    /// under `linza lint > report.json`) is a failure, exit code 2. A reader that closed
    /// the pipe early (`linza usages | head`) is not.
    static func standard(_ text: String) throws {
        if let failure = DescriptorWriter.writeAll(Array(text.utf8), to: STDOUT_FILENO), failure != EPIPE {
            error("linza: cannot write to standard output: \(String(cString: strerror(failure)))")
            throw ExitCode(LinzaExitCode.failure)
        }
    }

    /// Input failures as `lint` reports them, one line each
    /// (`path:line:column: error: message [input_error]`): every command says them alike.
    static func describe(_ failures: [InputFailure], paths: DisplayPaths) -> String {
        failures.map { "\(paths.location($0.location)): error: \($0.message) [\(Linter.inputErrorID)]\n" }.joined()
    }

    /// `error`'s text, the files it names printed as `paths` says (see `PathNamingError`).
    static func describe(_ error: any Error, paths: DisplayPaths) -> String {
        (error as? any PathNamingError)?.description(paths: paths) ?? "\(error)"
    }

    /// Writes `text` to `path` atomically, or to standard output when there is no path.
    static func deliver(_ text: String, to path: String?) throws {
        try deliver(to: path) { $0.write(text) }
    }

    /// Writes what `produce` writes, a buffer at a time, to `path` atomically or to standard
    /// output: a report of a million findings is never held whole.
    static func deliver(to path: String?, _ produce: (inout TextOutput) -> Void) throws {
        guard let path else {
            var output = TextOutput { DescriptorWriter.writeAll($0, to: STDOUT_FILENO) }
            produce(&output)
            if let failure = output.finish(), failure != EPIPE {
                error("linza: cannot write to standard output: \(String(cString: strerror(failure)))")
                throw ExitCode(LinzaExitCode.failure)
            }
            return
        }
        try writing(path) { try AtomicFile.stream(to: $0, produce) }
    }

    /// Writes a build system's stamp (see `InPlaceFile`).
    static func stamp(_ text: String, to path: String) throws {
        // A stamp is an empty file or an earlier stamp; anything else is a user's file that a
        // mistyped `--stamp` would destroy.
        let absolute = Path.absolute(path, relativeTo: Path.currentDirectory())
        var info = stat()
        // Only a regular file can be a user's file; a device such as /dev/null is written as before.
        if stat(absolute, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            let existing = try? FileReader.read(absolute)
            guard let existing, existing.isEmpty || existing == Array(text.utf8) else {
                Output.error(
                    "linza: refusing to write the stamp over \(path): it is not an empty file or a Linza stamp")
                throw ExitCode(LinzaExitCode.failure)
            }
        }
        try writing(path) { try InPlaceFile.write(text, to: $0) }
    }

    /// Runs `write` on the absolute path; a failure is reported and is exit code 2.
    private static func writing(_ path: String, _ write: (String) throws -> Void) throws {
        do {
            try write(Path.absolute(path, relativeTo: Path.currentDirectory()))
        } catch {
            Output.error(
                "linza: cannot write \(path): \((error as? FileWriteError)?.reason ?? (error as? FileReadError)?.reason ?? "\(error)")"
            )
            throw ExitCode(LinzaExitCode.failure)
        }
    }

    /// Appends `text` to the file at `path`, creating it: for `$GITHUB_STEP_SUMMARY`, which
    /// every step of a job appends to. A failure is reported and is exit code 2.
    static func append(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        var failure = descriptor < 0 ? errno : nil
        if descriptor >= 0 {
            failure = DescriptorWriter.writeAll(Array(text.utf8), to: descriptor)
            close(descriptor)
        }
        if let failure {
            error("linza: cannot write \(path): \(String(cString: strerror(failure)))")
            throw ExitCode(LinzaExitCode.failure)
        }
    }

    static func error(_ text: String) {
        // A failure here has nowhere left to be reported.
        _ = DescriptorWriter.writeAll(Array((text.hasSuffix("\n") ? text : text + "\n").utf8), to: STDERR_FILENO)
    }
}
