import ArgumentParser
import LinzaKit

/// Finds and loads the configuration a command runs with, or stops with exit code 2.
enum ConfigurationResolution {
    static func resolve(_ options: ProjectOptions) throws -> Configuration {
        let workingDirectory = Path.currentDirectory()
        do {
            if let explicit = options.config {
                let path = Path.absolute(explicit, relativeTo: workingDirectory)
                guard Path.kind(path) == .file else {
                    throw ConfigurationError(.configNotFound(path: explicit),
                                             at: Location(file: path, line: 1, column: 1))
                }
                return try ConfigurationLoader.load(file: path)
            }
            if let found = ConfigurationLocator.find(from: workingDirectory) {
                return try ConfigurationLoader.load(file: found)
            }
        } catch let error as ConfigurationError {
            Output.error(error.description)
            throw ExitCode(LinzaExitCode.failure)
        }
        Output.error("linza: no \(ConfigurationLocator.fileName) found here or above; checking \(workingDirectory) with default settings")
        return Configuration(baseDirectory: workingDirectory)
    }
}
