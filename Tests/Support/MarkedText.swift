/// Text with `↓` markers: the markers are removed and their 1-based line and UTF-8 byte
/// column (in the text without markers) recorded, so tests state positions by pointing.
public struct MarkedText {
    public let text: String
    public let markers: [Position]

    public struct Position: Hashable, Comparable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
        public static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
        public var description: String { "\(line):\(column)" }
    }

    public init(_ marked: String) {
        var output = ""
        var markers: [Position] = []
        var line = 1, column = 1
        var previousWasCR = false
        for scalar in marked.unicodeScalars {
            if scalar == "↓" {
                markers.append(Position(line: line, column: column))
                continue
            }
            output.unicodeScalars.append(scalar)
            if scalar == "\n" {
                if !previousWasCR { line += 1 }
                column = 1
            } else if scalar == "\r" {
                line += 1
                column = 1
            } else {
                column += String(scalar).utf8.count
            }
            previousWasCR = scalar == "\r"
        }
        text = output
        self.markers = markers
    }
}
