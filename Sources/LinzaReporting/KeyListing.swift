import LinzaBase
import LinzaTables

/// Formats the table entries `linza keys` lists.
package enum KeyListing {
    /// One line per entry: `/abs/ru.lproj/Localizable.strings:3:1: ru Localizable 'key' = 'value'`.
    package static func text(_ files: [LoadedTableFile], paths: DisplayPaths = .absolute) -> String {
        rows(files).map { file, entry in
            let value = entry.value.map { " = " + Messages.quoted($0) } ?? ""
            return
                "\(paths.location(entry.location)): \(file.language) \(file.file.name) \(Messages.quoted(entry.key))\(value)\n"
        }.joined()
    }

    /// A JSON array of objects with `language`, `table`, `key`, `value` (null for a plural-only
    /// or unusable entry), `file`, `line`, `column` and `format`.
    package static func json(_ files: [LoadedTableFile]) -> String {
        JSONValue.array(
            rows(files).map { file, entry in
                .object([
                    ("language", .string(file.language)),
                    ("table", .string(file.file.name)),
                    ("key", .string(entry.key)),
                    ("value", .optional(entry.value)),
                    ("file", .string(entry.location.file)),
                    ("line", .number(entry.location.line)),
                    ("column", .number(entry.location.column)),
                    ("format", .string(file.file.format.rawValue)),
                ])
            }
        ).rendered() + "\n"
    }

    /// Every entry of every file, by file path and position (a catalog's languages in turn).
    private static func rows(_ files: [LoadedTableFile]) -> [(LoadedTableFile, TableEntry)] {
        files.sorted { ($0.file.path, $0.language) < ($1.file.path, $1.language) }
            .flatMap { file in file.entries.map { (file, $0) } }
    }
}
