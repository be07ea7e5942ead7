import LinzaBase
import LinzaSources

/// Formats the call sites `linza usages` lists.
package enum UsageListing {
    /// One line per call: `/abs/File.swift:12:23: NSLocalizedString 'key' (table Localizable)`;
    /// a use of a generated accessor names the accessor (`L10n.Settings.title 'settings.title' …`).
    package static func text(_ usages: [LocalizationUsage], paths: DisplayPaths = .absolute) -> String {
        usages.map { usage in
            let key: String
            switch usage.key {
            // Escaped as findings are: a key with a line break stays on its call's line.
            case .literal(let text): key = Messages.quoted(text)
            case .dynamic(let prefix?) where !prefix.isEmpty: key = "<dynamic key starting \(Messages.quoted(prefix))>"
            case .dynamic: key = "<dynamic key>"
            }
            let table = usage.table.name.map { "table \($0)" } ?? "dynamic table"
            return "\(paths.location(usage.location)): \(usage.accessor ?? usage.function) \(key) (\(table))\n"
        }.joined()
    }

    /// A JSON array of objects with `file`, `line`, `column`, `function`, `key` (null when
    /// dynamic), `prefix` (a dynamic key's literal start, else null) and `table` (null
    /// when dynamic); a use of a generated accessor also has `accessor`, its path, and
    /// `function` is the accessors' root.
    package static func json(_ usages: [LocalizationUsage]) -> String {
        JSONValue.array(
            usages.map { usage in
                .object(
                    [
                        ("file", .string(usage.location.file)),
                        ("line", .number(usage.location.line)),
                        ("column", .number(usage.location.column)),
                        ("function", .string(usage.function)),
                        ("key", .optional(usage.key.literal)),
                        ("prefix", .optional(usage.key.prefix)),
                        ("table", .optional(usage.table.name)),
                    ] + (usage.accessor.map { [("accessor", JSONValue.string($0))] } ?? []))
            }
        ).rendered() + "\n"
    }
}
