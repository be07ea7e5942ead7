import LinzaBase
import LinzaTables

/// A translated XLIFF unit whose source is no longer the project's source text, whose key
/// the table no longer has, or whose `<file>` names no table of the project: `import` (and
/// Xcode's importer, silently) does not apply it. Checks exchange files only (`lint --xliff`).
package struct StaleSourceRule: Rule {
    package init() {}

    package static let inputs: RuleInputs = .exchangeFiles

    package static let description = RuleDescription(
        id: "stale_source",
        name: "Stale source",
        summary: "An XLIFF unit was translated from a source text the project no longer has",
        rationale: """
            A translation is applied only where its <source> is the project's text today: the \
            text may have changed since the export (a typo fixed, a sentence reworded), or the \
            key may be gone. Xcode's importer drops such units without a word, and linza import \
            reports them; checking the files first tells the team which translations to ask \
            for again before the import. Checks XLIFF files only (linza lint --xliff); \
            import --accept-changed-source applies changed sources anyway.
            """,
        defaultSeverity: .warning,
        isOptIn: false,
        triggeringExamples: [
            RuleExample([
                ExampleFile("en.lproj/Localizable.strings", #""library.title" = "Library";"#),
                ExampleFile(
                    "de.xliff",
                    """
                    <xliff version="1.2"><file original="en.lproj/Localizable.strings" source-language="en" target-language="de"><body>
                      ↓<trans-unit id="library.title"><source>Libary</source><target>Bibliothek</target></trans-unit>
                    </body></file></xliff>
                    """),
            ]),
            RuleExample([
                // The key was renamed since the export.
                ExampleFile("en.lproj/Localizable.strings", #""library.heading" = "Library";"#),
                ExampleFile(
                    "de.xliff",
                    """
                    <xliff version="1.2"><file original="en.lproj/Localizable.strings" source-language="en" target-language="de"><body>
                      ↓<trans-unit id="library.title"><source>Library</source><target>Bibliothek</target></trans-unit>
                    </body></file></xliff>
                    """),
            ]),
            RuleExample([
                // The table moved: one finding for the file, not one per unit.
                ExampleFile("App/en.lproj/Localizable.strings", #""library.title" = "Library";"#),
                ExampleFile(
                    "de.xliff",
                    """
                    <xliff version="1.2">↓<file original="en.lproj/Localizable.strings" source-language="en" target-language="de"><body>
                      <trans-unit id="library.title"><source>Library</source><target>Bibliothek</target></trans-unit>
                    </body></file></xliff>
                    """),
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                // Untranslated units have nothing to apply.
                ExampleFile("en.lproj/Localizable.strings", #""library.title" = "Library";"#),
                ExampleFile(
                    "de.xliff",
                    """
                    <xliff version="1.2"><file original="en.lproj/Localizable.strings" source-language="en" target-language="de"><body>
                      <trans-unit id="library.title"><source>Library</source><target>Bibliothek</target></trans-unit>
                      <trans-unit id="library.search"><source>Search</source></trans-unit>
                    </body></file></xliff>
                    """),
            ])
        ]
    )

    package func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        guard let section = project.exchange, project.reports(section.language) else { return [] }
        func finding(_ message: String, at location: Location, key: String?) -> Diagnostic {
            Diagnostic(
                ruleID: Self.description.id, severity: severity, message: message, location: location, key: key,
                language: section.language, table: section.tableName)
        }
        switch section.table {
        case .notATable:
            return []
        case .unknown:
            guard !section.units.isEmpty else { return [] }
            return [finding(Messages.unknownExchangeTable(section), at: section.location, key: nil)]
        case .known:
            return section.units.compactMap { unit in
                switch unit.verdict {
                case .staleSource(let current):
                    finding(Messages.staleSource(unit, now: current.source), at: unit.location, key: unit.key)
                case .unknownKey:
                    finding(Messages.unknownExchangeUnit(unit, in: section), at: unit.location, key: unit.key)
                default:
                    nil
                }
            }
        }
    }
}

/// The messages of `stale_source`.
extension Messages {
    static func staleSource(_ unit: ExchangeSection.Unit, now: String) -> String {
        "\(quoted(unit.id)) was translated from \(quoted(unit.source)); the source is now \(quoted(now)), so import "
            + "does not apply it (--accept-changed-source does)"
    }

    static func unknownExchangeUnit(_ unit: ExchangeSection.Unit, in section: ExchangeSection) -> String {
        "\(section.original) has no unit \(quoted(unit.id)) today (its key was removed or renamed since the export), "
            + "so import does not apply it"
    }

    static func unknownExchangeTable(_ section: ExchangeSection) -> String {
        let count = section.units.count
        return "\(section.original) is no table of the project (original= names the development table, relative to "
            + "the folder of .linza.yml): import applies none of its \(count) translated unit\(count == 1 ? "" : "s")"
    }
}
