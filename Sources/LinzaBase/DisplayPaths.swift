/// How the output people read names files: relative to the current folder when the file
/// lies inside it (`App/Menu/MenuView.swift:12:18`), which a terminal makes clickable and a
/// reader takes in at a glance; absolute otherwise, and always when `absolute` (Xcode
/// opens only absolute paths, `--absolute-paths` asks for them). The one place every
/// command's printed paths go through, so the commands cannot disagree.
package struct DisplayPaths: Sendable, Hashable {
    /// The folder paths are relative to; nil prints them absolute.
    package var base: String?

    /// Every path absolute: what machine formats and Xcode read.
    package static let absolute = DisplayPaths(relativeTo: nil)

    package init(relativeTo base: String?) {
        self.base = base
    }

    /// `path` as printed: relative to the base when inside it, control characters escaped.
    package func path(_ path: String) -> String {
        // Relative to the root folder is no shorter and reads as a typo.
        guard let base, base != "/", let relative = Path.relative(path, to: base) else { return Path.printable(path) }
        return Path.printable(relative.isEmpty ? "." : relative)
    }

    /// `path:line:column`, the path as `path(_:)` prints it.
    package func location(_ location: Location) -> String {
        "\(path(location.file)):\(location.line):\(location.column)"
    }
}

/// An error whose text names files: it keeps them apart from its words, so that a command
/// prints them through its `DisplayPaths` like every other path (`description` names them
/// absolute, for logs and tests).
package protocol PathNamingError: Error, CustomStringConvertible {
    /// The text, each file named as `paths` prints it.
    func description(paths: DisplayPaths) -> String
}

extension PathNamingError {
    package var description: String { description(paths: .absolute) }
}
