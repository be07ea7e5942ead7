import LinzaBase

/// Linza's own JSON format, version 1 (documented in docs/COMMANDS.md):
/// `{ "version", "tool", "summary", "findings": [ { rule, severity, message, file, line,
/// column, key, language, languages, table, notes: [ { message, file, line, column } ] } ] }`.
/// `language` is set when a finding is about exactly one language; `languages` lists every
/// language it is about (a grouped `missing_key` names several).
package struct JSONReporter: Reporter {
    package static let name = "json"
    /// Bumped only when a field changes meaning or disappears; new fields may be added.
    package static let schemaVersion = 1

    package init() {}

    package func write(_ context: ReportContext, to output: inout TextOutput) {
        let diagnostics = context.diagnostics
        JSONValue.object([
            ("version", .number(Self.schemaVersion)),
            ("tool", .object([("name", .string("linza")), ("version", .string(context.toolVersion))])),
            (
                "summary",
                .object([
                    ("errors", .number(diagnostics.count { $0.severity == .error })),
                    ("warnings", .number(diagnostics.count { $0.severity == .warning })),
                    ("source_files", .number(context.sourceFileCount)),
                    ("table_files", .number(context.tableFileCount)),
                    ("languages", .array(context.languages.map(JSONValue.string))),
                    ("stale_baseline_entries", .number(context.staleBaselineEntries)),
                ])
            ),
            (
                "findings",
                .items(count: diagnostics.count) { index in
                    let diagnostic = diagnostics[index]
                    return .object([
                        ("rule", .string(diagnostic.ruleID)),
                        ("severity", .string(diagnostic.severity.rawValue)),
                        ("message", .string(diagnostic.message)),
                        ("file", .string(diagnostic.location.file)),
                        ("line", .number(diagnostic.location.line)),
                        ("column", .number(diagnostic.location.column)),
                        ("key", .optional(diagnostic.key)),
                        ("language", .optional(diagnostic.language)),
                        ("languages", .array(diagnostic.languages.map(JSONValue.string))),
                        ("table", .optional(diagnostic.table)),
                        (
                            "notes",
                            .array(
                                diagnostic.notes.map { note in
                                    let location = note.location ?? diagnostic.location
                                    return .object([
                                        ("message", .string(note.message)),
                                        ("file", .string(location.file)),
                                        ("line", .number(location.line)),
                                        ("column", .number(location.column)),
                                    ])
                                })
                        ),
                    ])
                }
            ),
        ]).write(to: &output)
        output.write("\n")
    }
}
