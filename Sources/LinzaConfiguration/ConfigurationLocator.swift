import LinzaBase

/// Finds the `.linza.yml` that applies to a folder: in it or in the nearest parent.
package enum ConfigurationLocator {
    package static let fileName = ".linza.yml"

    /// The absolute path of the nearest `.linza.yml` at or above `directory`, or nil. A
    /// `.linza.yml` that is a folder is found too, so that reading it fails loudly instead
    /// of Linza silently running on defaults.
    package static func find(from directory: String) -> String? {
        Path.nearestFolder(from: directory, holding: fileName).map { Path.join($0, fileName) }
    }
}
