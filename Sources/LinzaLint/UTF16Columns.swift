import LinzaBase

/// Linza counts columns in UTF-8 bytes; SARIF counts UTF-16 code units. This computes the
/// UTF-16 column of every location a report shows, before reporting, so that reporters stay
/// pure functions of their input. Each file is read once, and only when a report needs it.
package enum UTF16Columns {
    /// The UTF-16 column of every location of `diagnostics` and their notes.
    package static func columns(of diagnostics: [Diagnostic]) -> [Location: Int] {
        var lines = SourceLines()
        var columns: [Location: Int] = [:]
        for diagnostic in diagnostics {
            for location in [diagnostic.location] + diagnostic.notes.compactMap(\.location)
            where columns[location] == nil {
                guard let line = lines.line(at: location) else {
                    columns[location] = location.column
                    continue
                }
                let prefix = line.prefix(max(0, location.column - 1))
                columns[location] = String(decoding: prefix, as: UTF8.self).utf16.count + 1
            }
        }
        return columns
    }
}
