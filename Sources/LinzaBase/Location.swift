/// A place in a file: absolute path, 1-based line, 1-based column counted in UTF-8 bytes
/// (as swiftc counts, so Xcode puts the caret on the right character).
package struct Location: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    package static func < (lhs: Location, rhs: Location) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// `file:line:column`, control characters in the path escaped: a file name with a line
    /// break or a terminal escape must not forge an `error:` line or reach the terminal raw.
    package var description: String { "\(Path.printable(file)):\(line):\(column)" }
}
