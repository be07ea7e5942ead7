/// How serious a finding is. `error` fails the build (exit code 1).
package enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case warning
    case error

    package static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// A secondary message attached to a diagnostic, such as where a table lives.
/// Without a location it is shown at the diagnostic's own location.
package struct DiagnosticNote: Hashable, Sendable {
    package var message: String
    package var location: Location?
    /// Whether the note only says what one language lacks (`de.lproj/Localizable.strings has
    /// no 'k'`): a key missing in 29 languages has 29 of them, so people see them only with
    /// `--verbose`, while the note where the key is defined is always shown.
    package var isPerLanguage: Bool

    package init(_ message: String, at location: Location? = nil, isPerLanguage: Bool = false) {
        self.message = message
        self.location = location
        self.isPerLanguage = isPerLanguage
    }
}

/// One finding of Linza: a rule's verdict at a place in a file.
///
/// Besides the human message it carries the structured facts (key, language, table) so that
/// machine-readable reporters and baselines need not parse the message.
package struct Diagnostic: Hashable, Sendable {
    package var ruleID: String
    package var severity: Severity
    package var message: String
    package var location: Location
    package var notes: [DiagnosticNote]
    package var key: String?
    /// The language the finding is about, when it is about exactly one.
    package var language: String?
    package var table: String?
    /// Every language the finding is about: `[language]` for a per-language finding, several
    /// for a grouped one (a key missing in de, fr and ru), empty for findings about no language.
    package var languages: [String]

    package init(
        ruleID: String,
        severity: Severity,
        message: String,
        location: Location,
        notes: [DiagnosticNote] = [],
        key: String? = nil,
        language: String? = nil,
        table: String? = nil,
        languages: [String]? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.key = key
        self.language = language
        self.table = table
        self.languages = languages ?? language.map { [$0] } ?? []
    }

    /// The order in which diagnostics are printed: by file, line, column, then rule and message
    /// so that output is identical from run to run whatever the thread scheduling.
    package static func printOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        printOrderComparison(lhs, rhs) < 0
    }

    /// -1 when `lhs` is printed before `rhs`, 1 when after, 0 when neither: one comparison
    /// of each field where asking `printOrder` both ways compares the paths four times.
    package static func printOrderComparison(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Int {
        if lhs.location.file != rhs.location.file { return lhs.location.file < rhs.location.file ? -1 : 1 }
        if lhs.location.line != rhs.location.line { return lhs.location.line < rhs.location.line ? -1 : 1 }
        if lhs.location.column != rhs.location.column { return lhs.location.column < rhs.location.column ? -1 : 1 }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID ? -1 : 1 }
        if lhs.message != rhs.message { return lhs.message < rhs.message ? -1 : 1 }
        return 0
    }
}

extension Array where Element == Diagnostic {
    /// Sorted in print order with exact duplicates removed.
    package func sortedForOutput() -> [Diagnostic] {
        // Runs of this size and up are sorted on all cores (Telegram-iOS: 17,719 findings).
        let pieces = count >= 4096 ? ProcessInfoCores.active : 1
        return withUnsafeBufferPointer { items -> [Diagnostic]? in
            var kept: [Int] = []
            kept.reserveCapacity(items.count)
            // Exact duplicates sort among the findings with the same place, rule and message,
            // so only that run is searched: no set of every finding is built (a hostile
            // project can have a million of them).
            var runStart = 0
            for position in printOrderPositions(pieces: pieces) {
                if let last = kept.last, Diagnostic.printOrder(items[last], items[position]) {
                    runStart = kept.count
                }
                if !kept[runStart...].contains(where: { items[$0] == items[position] }) { kept.append(position) }
            }
            // Already in print order with nothing repeated (a module's check gives its findings
            // so): the same array, not a copy of ten thousand findings, each retained again.
            if kept.count == items.count, kept.indices.allSatisfy({ kept[$0] == $0 }) { return nil }
            return kept.map { items[$0] }
        } ?? self
    }
}
