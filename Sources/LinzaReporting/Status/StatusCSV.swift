/// `linza status --format csv`: one row per module, table and language, with a header, in
/// RFC 4180 form (fields quoted when they hold a comma, quote or line break; CRLF line
/// ends), for spreadsheets and scripts. `module` is empty for a project without modules.
package enum StatusCSV {
    package static let header = [
        "module", "table", "interface", "language", "keys", "translated", "percent", "missing",
        "missing_used", "missing_unused", "empty", "untranslated", "needs_review", "stale",
    ]

    package static func render(_ report: StatusReport) -> String {
        var rows = [header]
        for module in report.modules {
            for table in module.tables {
                for status in table.languages {
                    let counts = status.counts
                    rows.append(
                        [module.name ?? "", table.name, table.isInterface ? "true" : "false", status.language]
                            + [
                                counts.keys, counts.translated, counts.percent, counts.missing, counts.missingUsed,
                                counts.missingUnused, counts.empty, counts.untranslated, counts.needsReview,
                                counts.stale,
                            ]
                            .map(String.init))
                }
            }
        }
        return rows.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    private static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
