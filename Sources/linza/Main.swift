#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import LinzaKit

/// Entry point. Wraps ArgumentParser so that usage errors exit with 2, as documented
/// (ArgumentParser alone would use 64), while help and `--version` still exit 0.
@main
enum Main {
    static func main() {
        // Every relative path is resolved against the working folder: without one (it was
        // deleted under the shell), Linza would check, and write into, `/`.
        guard let workingFolder = getcwd(nil, 0) else {
            Output.error("linza: cannot use the current folder: \(String(cString: strerror(errno))) (was it deleted?)")
            LinzaCommand.exit(withError: ExitCode(LinzaExitCode.failure))
        }
        free(workingFolder)
        // The process exits once the command is done: what it built is not freed piece by piece.
        KeptUntilExit.enable()
        do {
            var command = try LinzaCommand.parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            LinzaCommand.exit(withError: exit)
        } catch {
            if LinzaCommand.exitCode(for: error) == .success {
                LinzaCommand.exit(withError: error)  // help or version
            }
            Output.error(LinzaCommand.fullMessage(for: error))
            LinzaCommand.exit(withError: ExitCode(LinzaExitCode.failure))
        }
    }
}

/// Linza's exit codes (eslint/ruff convention).
enum LinzaExitCode {
    /// No error-severity findings.
    static let clean: Int32 = 0
    /// At least one error-severity finding.
    static let findings: Int32 = 1
    /// Linza could not do its job: bad configuration, unreadable input, wrong usage.
    static let failure: Int32 = 2
}
