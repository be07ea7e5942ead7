/// Linza counts columns in UTF-8 bytes; SARIF counts UTF-16 code units. This computes the
/// UTF-16 column of every location a report shows, before reporting, so that reporters stay
/// pure functions of their input. Each file is read once, and only when a report needs it.
public enum UTF16Columns {
    /// The UTF-16 column of every location of `diagnostics` and their notes.
    public static func columns(of diagnostics: [Diagnostic]) -> [Location: Int] {
        var lines: [String: [Substring]] = [:]
        var columns: [Location: Int] = [:]
        for diagnostic in diagnostics {
            for location in [diagnostic.location] + diagnostic.notes.compactMap(\.location) where columns[location] == nil {
                if lines[location.file] == nil {
                    let text = (try? FileReader.read(location.file)).map(decoded) ?? ""
                    lines[location.file] = text.split(omittingEmptySubsequences: false,
                                                      whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                }
                columns[location] = column(location, lines: lines[location.file]!)
            }
        }
        return columns
    }

    private static func column(_ location: Location, lines: [Substring]) -> Int {
        guard location.line >= 1, location.line - 1 < lines.count else { return location.column }
        let prefix = lines[location.line - 1].utf8.prefix(max(0, location.column - 1))
        return String(decoding: prefix, as: UTF8.self).utf16.count + 1
    }

    /// The text as Linza counted its columns: a UTF-16 or UTF-32 table transcoded to UTF-8,
    /// a BOM not counted.
    private static func decoded(_ bytes: [UInt8]) -> String {
        guard case .success(let decoded) = TextDecoding.utf8(from: bytes) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: decoded.text, as: UTF8.self)
    }
}
