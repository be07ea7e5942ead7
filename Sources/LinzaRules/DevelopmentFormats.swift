import LinzaBase
import LinzaTables

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The development-language entries whose texts or key read format arguments, with what a
/// translation of each text may and must read. Computed once per module, so the language
/// passes do not parse the same English formats once per language.
package struct DevelopmentFormats: Sendable {
    struct FormattedEntry: Sendable {
        var entry: TableEntry
        /// Per text of `entry`, in order; nil when the entry reads one argument as two types.
        var expectations: [ExpectedArguments?]
        /// A text of it has a `%` that is neither `%%` nor a specifier (`% of screen`):
        /// prose, unless code formats every text (`FormatMismatchRule.isProse`).
        var isProse: Bool
    }

    private var byTable: [String: [ExactString: FormattedEntry]] = [:]

    /// `tables`: the development language's tables (Base merged), by name.
    init(_ tables: [String: LocalizationTable]) {
        for (name, table) in tables {
            var formatted: [ExactString: FormattedEntry] = [:]
            for (key, entry) in table.entries where entry.hasFormatSignInTexts || entry.key.hasFormatSign {
                // Made once here: every language's pass reads these texts and places.
                let entry = entry.materialized
                formatted[key] = FormattedEntry(
                    entry: entry,
                    expectations: entry.texts.map {
                        TextCounterpart.expectedArguments(in: entry, counterpart: $0)
                    },
                    isProse: FormatMismatchRule.isProse(entry))
            }
            if !formatted.isEmpty { byTable[name] = formatted }
        }
    }

    /// `DevelopmentFormats` of some tables, made on first use, once, whichever thread asks
    /// first (the others wait for it). Its tables are not changed after it is made: the
    /// index that holds it never changes its development tables.
    final class Once: @unchecked Sendable {
        private let lock = Lock()
        private var tables: [String: LocalizationTable]?
        private var made: DevelopmentFormats?

        init(_ tables: [String: LocalizationTable]) {
            self.tables = tables
        }

        var value: DevelopmentFormats {
            lock.withLock {
                if let made { return made }
                let formats = DevelopmentFormats(tables ?? [:])
                made = formats
                tables = nil
                return formats
            }
        }
    }

    /// The formatted entries of the table named `name`, by key.
    func entries(in name: String) -> [ExactString: FormattedEntry] {
        byTable[name] ?? [:]
    }
}
