import LinzaBase
import LinzaTables

/// The text of findings' lines, for the baseline: each file is read once, in whatever
/// encoding its table or source uses (a UTF-16 table's lines are text too).
public struct SourceLines {
    private var files: [String: [ArraySlice<UInt8>]?] = [:]

    public init() {}

    /// Line `location.line` of `location.file` without leading and trailing white space;
    /// nil when the file cannot be read or has no such line.
    public mutating func text(of location: Location) -> String? {
        if files[location.file] == nil { files[location.file] = Self.lines(of: location.file) }
        guard let lines = files[location.file] ?? nil, location.line >= 1, location.line <= lines.count else { return nil }
        var line = lines[location.line - 1]
        // White space, the "\r" of a CRLF line end and a byte order mark are not the line's text.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        if line.starts(with: bom) { line = line.dropFirst(3) }
        let isSpace: (UInt8) -> Bool = { $0 == ascii(" ") || $0 == ascii("\t") || $0 == ascii("\r") }
        while let first = line.first, isSpace(first) { line = line.dropFirst() }
        while let last = line.last, isSpace(last) { line = line.dropLast() }
        return String(decoding: line, as: UTF8.self)
    }

    private static func lines(of path: String) -> [ArraySlice<UInt8>]? {
        guard let bytes = try? FileReader.read(path) else { return nil }
        let text: [UInt8]
        switch TextDecoding.utf8(from: bytes) {
        case .success(let decoded): text = decoded.text
        case .failure: text = bytes
        }
        return text.split(separator: ascii("\n"), omittingEmptySubsequences: false)
    }
}
