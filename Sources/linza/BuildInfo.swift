import LinzaKit

/// Facts about this build of Linza that only the build knows. `Scripts/dist.sh` writes the
/// commit into this file for a release binary and restores it afterwards; a build from a
/// plain checkout has none.
enum BuildInfo {
    /// The git commit the binary was built from, when a release build recorded it.
    static let commit: String? = nil

    /// What `linza --version` and `linza version` print: `0.1.0`, or `0.1.0 (abc123def456)`.
    static var version: String {
        commit.map { "\(LinzaVersion.current) (\($0))" } ?? LinzaVersion.current
    }
}
