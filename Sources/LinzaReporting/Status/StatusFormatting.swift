/// How `linza status` groups its rows for people (terminal, markdown, HTML sections).
package enum StatusGrouping: String, Sendable, CaseIterable {
    /// One section: every language over the whole project.
    case language
    /// A section per module.
    case module
    /// A section per table of each module.
    case table
}

/// A titled group of language rows, in display order (most complete first).
struct StatusSection {
    var title: String?
    var rows: [(language: String, counts: StatusCounts)]
    /// Whether the rows show changes since a compared report (only the overall section can).
    var showsChanges: Bool
}

/// Number and section helpers the status renderers share.
enum StatusFormatting {
    /// `1240` as `1 240`: digits grouped by three with a space, as the issue's mock-up and
    /// most European style guides write them.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(" ") }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }

    /// `+3`, `-2`, `±0`.
    static func signed(_ number: Int) -> String {
        number > 0 ? "+\(grouped(number))" : number < 0 ? grouped(number) : "±0"
    }

    /// The change of a language as a short phrase: `+12 (+3 %)`, or `new`.
    static func change(_ change: StatusChange?) -> String {
        switch change {
        case nil: ""
        case .new: "new"
        case .changed(let translated, _, let percent): "\(signed(translated)) (\(signed(percent)) %)"
        }
    }

    /// The module's display name (the project when there are no modules).
    static func moduleName(_ module: ModuleStatus) -> String {
        module.name ?? "project"
    }

    /// The sections of `report` for `grouping`.
    static func sections(_ report: StatusReport, grouping: StatusGrouping) -> [StatusSection] {
        switch grouping {
        case .language:
            return [
                StatusSection(title: nil, rows: report.languagesByCompleteness, showsChanges: report.previous != nil)
            ]
        case .module:
            return report.modules.map { module in
                StatusSection(
                    title: "\(moduleName(module)): \(keysPhrase(module.tables))",
                    rows: StatusReport.byCompleteness(module.languages.map { ($0, module.counts($0)) }),
                    showsChanges: false)
            }
        case .table:
            return report.modules.flatMap { module in
                module.tables.map { table in
                    let prefix = report.modules.count > 1 || module.name != nil ? "\(moduleName(module)) › " : ""
                    let mark = table.isInterface ? " (interface)" : ""
                    return StatusSection(
                        title:
                            "\(prefix)\(table.name)\(mark): \(grouped(table.keyCount)) \(table.keyCount == 1 ? "key" : "keys")",
                        rows: StatusReport.byCompleteness(table.languages.map { ($0.language, $0.counts) }),
                        showsChanges: false)
                }
            }
        }
    }

    /// `40 keys in 3 tables`.
    static func keysPhrase(_ tables: [TableStatus]) -> String {
        let keys = tables.reduce(0) { $0 + $1.keyCount }
        return
            "\(grouped(keys)) \(keys == 1 ? "key" : "keys") in \(tables.count) \(tables.count == 1 ? "table" : "tables")"
    }

    /// The report's opening line.
    static func headline(_ report: StatusReport) -> String {
        let languages = report.languages.count
        let modules =
            report.modules.count > 1 || report.modules.first?.name != nil
            ? ", \(report.modules.count) \(report.modules.count == 1 ? "module" : "modules")" : ""
        return "\(grouped(report.keyCount)) development \(report.keyCount == 1 ? "key" : "keys") "
            + "(\(report.developmentLanguage)) in \(report.tableCount) \(report.tableCount == 1 ? "table" : "tables")"
            + "\(modules), \(languages) \(languages == 1 ? "language" : "languages")"
    }

    /// The buckets other than translated and missing, with their labels.
    static func otherBuckets(developmentLanguage: String) -> [(label: String, value: KeyPath<StatusCounts, Int>)] {
        [
            ("needs review", \.needsReview), ("same as \(developmentLanguage)", \.untranslated),
            ("empty", \.empty), ("stale", \.stale),
        ]
    }
}
