/// Finds the `.linza.yml` that applies to a folder: in it or in the nearest parent.
public enum ConfigurationLocator {
    public static let fileName = ".linza.yml"

    /// The absolute path of the nearest `.linza.yml` at or above `directory`, or nil.
    public static func find(from directory: String) -> String? {
        var folder = Path.normalize(directory)
        while true {
            let candidate = Path.join(folder, fileName)
            if Path.kind(candidate) == .file { return candidate }
            if folder == "/" { return nil }
            folder = Path.parent(folder)
        }
    }
}
