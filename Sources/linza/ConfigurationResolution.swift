import ArgumentParser
import LinzaKit

/// Finds and loads the configuration a command runs with, or stops with exit code 2.
enum ConfigurationResolution {
    static func resolve(_ options: ProjectOptions) throws -> Configuration {
        let workingDirectory = Path.currentDirectory()
        do {
            if let path = try file(options) { return try ConfigurationLoader.load(file: path) }
        } catch let error as ConfigurationError {
            Output.error(error.description(paths: options.displayPaths))
            throw ExitCode(LinzaExitCode.failure)
        }
        Output.error(
            "linza: no \(ConfigurationLocator.fileName) found here or above; checking "
                + "\(options.absolutePaths ? workingDirectory : "the current folder") with default settings")
        return Configuration(baseDirectory: workingDirectory)
    }

    /// The absolute path of the `.linza.yml` in use: `--config`, else the nearest one at or
    /// above the current folder; nil when there is none.
    static func file(_ options: ProjectOptions) throws(ConfigurationError) -> String? {
        let workingDirectory = Path.currentDirectory()
        guard let explicit = options.config else { return ConfigurationLocator.find(from: workingDirectory) }
        let path = Path.absolute(explicit, relativeTo: workingDirectory)
        // A folder or a FIFO is reported by the reader, with its reason.
        guard Path.kind(path) != .missing else {
            throw ConfigurationError(.configNotFound(path: explicit), at: Location(file: path, line: 1, column: 1))
        }
        return path
    }
}
