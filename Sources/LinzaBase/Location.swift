/// A place in a file: absolute path, 1-based line, 1-based column counted in UTF-8 bytes
/// (as swiftc counts, so Xcode puts the caret on the right character).
public struct Location: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: Location, rhs: Location) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    public var description: String { "\(file):\(line):\(column)" }
}
