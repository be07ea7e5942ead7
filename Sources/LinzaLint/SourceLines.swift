import LinzaBase
import LinzaTables

/// The lines of the files findings point into, as Linza counted them: each file read once,
/// a UTF-16 or UTF-32 table transcoded to UTF-8, a BOM not counted. The baseline keeps a
/// finding's line text; SARIF's UTF-16 columns are counted in the line's bytes.
package struct SourceLines {
    private var files: [String: [ArraySlice<UInt8>]?] = [:]

    package init() {}

    /// The bytes of line `location.line` of `location.file` (without its line end); nil
    /// when the file cannot be read or has no such line.
    package mutating func line(at location: Location) -> ArraySlice<UInt8>? {
        if files[location.file] == nil { files[location.file] = Self.lines(of: location.file) }
        guard let lines = files[location.file] ?? nil, location.line >= 1, location.line <= lines.count else {
            return nil
        }
        var line = lines[location.line - 1]
        if line.last == ascii("\r") { line = line.dropLast() }
        return line
    }

    /// The line's text without leading and trailing white space.
    package mutating func text(of location: Location) -> String? {
        guard var line = line(at: location) else { return nil }
        let isSpace: (UInt8) -> Bool = { $0 == ascii(" ") || $0 == ascii("\t") }
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
