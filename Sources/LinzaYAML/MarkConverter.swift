/// Turns libyaml's marks (0-based line, 0-based column counted in characters) into
/// `YAMLMark`s (1-based line, 1-based column counted in UTF-8 bytes).
///
/// libyaml breaks lines at CR, LF, CRLF, NEL, LS and PS and skips a leading BOM without
/// counting it; this type breaks lines the same way so both agree on line numbers.
struct MarkConverter {
    private let bytes: [UInt8]
    /// Byte offset where each line starts (line 0 first).
    private let lineStarts: [Int]
    /// The last mark made: marks come in order along a line, so the next one on the same
    /// line walks on from there instead of from the line's start (a flow list of 50,000
    /// items on one line would otherwise walk that line once per item).
    private final class Cursor {
        var line = -1
        var characters = 0
        var offset = 0
    }
    private let cursor = Cursor()

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts: [Int] = []
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        starts.append(index)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                index += 1
                starts.append(index)
            } else if byte == 0x0D {
                index += (index + 1 < bytes.count && bytes[index + 1] == 0x0A) ? 2 : 1
                starts.append(index)
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 {
                index += 2
                starts.append(index)
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
            {
                index += 3
                starts.append(index)
            } else {
                index += 1
            }
        }
        lineStarts = starts
    }

    /// The 1-based, byte-counted mark for libyaml's 0-based line and character column.
    func mark(line: Int, characterColumn: Int) -> YAMLMark {
        guard line < lineStarts.count else {
            return YAMLMark(line: line + 1, column: characterColumn + 1)
        }
        var offset = lineStarts[line]
        var characters = 0
        if cursor.line == line, cursor.characters <= characterColumn {
            offset = cursor.offset
            characters = cursor.characters
        }
        defer { (cursor.line, cursor.characters, cursor.offset) = (line, characters, offset) }
        while characters < characterColumn, offset < bytes.count {
            offset += 1
            // Continuation bytes (10xxxxxx) belong to the character already counted.
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            characters += 1
        }
        return YAMLMark(line: line + 1, column: offset - lineStarts[line] + 1)
    }
}
