import LinzaKit

/// Source files read into memory once, for in-process measurements.
enum SourceCorpus {
    struct File: Sendable {
        var path: String
        var language: SourceLanguage
        var bytes: [UInt8]
    }

    /// Every Swift and Objective-C file under `paths` (files or folders).
    static func load(_ paths: [String]) throws -> [File] {
        var configuration = Configuration(baseDirectory: Path.currentDirectory())
        configuration.included = paths.map {
            PathSelector(root: Path.absolute($0, relativeTo: configuration.baseDirectory))
        }
        configuration.resources = []
        return try FileDiscovery.discover(configuration).sources.compactMap { path in
            guard let language = SourceScanner.language(ofFile: path) else { return nil }
            return File(path: path, language: language, bytes: try FileReader.read(path))
        }
    }
}

/// The number of cores `concurrentMap` spreads work over.
enum ProcessCores {
    static var count: Int { LinzaKit.ProcessInfoCores.active }
}
