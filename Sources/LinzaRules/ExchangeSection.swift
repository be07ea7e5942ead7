import LinzaBase
import LinzaTables

/// One `<file>` of an XLIFF file as `lint --xliff` checks it: the table it stands for, and
/// what `import` would make of each translated unit (`ExchangeUnitVerdict`). A `LintProject`
/// checking the file carries it (`LintProject.exchange`); its tables are the file's sources
/// (as the development language's) and targets (as the target language's), each text at
/// its unit, so the table rules check it as they check a table.
package struct ExchangeSection: Sendable {
    /// Which table of the project `original` names.
    package enum Table: Sendable, Hashable {
        /// A table of the project: every translated unit has a verdict.
        case known
        /// No table of the project, though `original` names a table format: no unit can be applied.
        case unknown
        /// A file Linza does not read as a table (a storyboard, an `Info.plist`): its units are
        /// checked for themselves only.
        case notATable
    }

    /// A unit with a target.
    package struct Unit: Sendable {
        package var id: String
        package var key: String
        /// The `<trans-unit>` tag.
        package var location: Location
        package var source: String
        package var target: String
        /// Nil unless `table` is `.known`.
        package var verdict: ExchangeUnitVerdict?

        package init(
            id: String, key: String, location: Location, source: String, target: String,
            verdict: ExchangeUnitVerdict?
        ) {
            self.id = id
            self.key = key
            self.location = location
            self.source = source
            self.target = target
            self.verdict = verdict
        }
    }

    /// The `<file>`'s `original`, as written.
    package var original: String
    /// Where the `<file>` tag is.
    package var location: Location
    /// The table's name (`Localizable`).
    package var tableName: String
    /// The target language, as the project spells it.
    package var language: String
    package var table: Table
    /// The units with a target, in document order.
    package var units: [Unit]

    package init(
        original: String, location: Location, tableName: String, language: String, table: Table, units: [Unit]
    ) {
        self.original = original
        self.location = location
        self.tableName = tableName
        self.language = language
        self.table = table
        self.units = units
    }
}
