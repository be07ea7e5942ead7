import Foundation
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
import LinzaTestSupport
@testable import LinzaWriting
import Testing

/// Checking language by language must find exactly what checking the whole project at
/// once finds: every rule example, and projects built to stress the split.
@Suite struct LanguagePassesTests {
    @Test(arguments: RuleExampleTests.rules)
    func passesMatchAWholeCheckOnEveryExample(_ ruleCase: RuleCase) {
        let description = ruleCase.rule.description
        for example in description.triggeringExamples + description.nonTriggeringExamples {
            let project = MemoryProject(
                example.projectFiles.map { ($0.path, MarkedText($0.contents).text) },
                configuration: example.configuration ?? "", optIn: description.id)
            #expect(project.passes() == project.whole(), sourceLocation: example.testLocation)
        }
    }

    /// The rules of a pass run on all cores: their findings must come out as running them one
    /// at a time, in the registry's order, gives them (before any sorting).
    @Test(arguments: RuleExampleTests.rules)
    func rulesOnAllCoresReportAsRulesOneAtATime(_ ruleCase: RuleCase) {
        let description = ruleCase.rule.description
        for example in description.triggeringExamples + description.nonTriggeringExamples {
            let project = MemoryProject(
                example.files.map { ($0.path, MarkedText($0.contents).text) },
                configuration: example.configuration ?? "", optIn: description.id
            ).lintProject()
            let oneAtATime = RuleRegistry.all.flatMap { RuleEngine.check(project, rules: [$0]) }
            #expect(RuleEngine.check(project) == oneAtATime, sourceLocation: example.testLocation)
        }
    }

    /// A language pass answered from its record must report what checking it again would,
    /// even when the code changed since the record was made (`missing_key` runs again
    /// against the record's presences): every rule example, recorded while the project had
    /// no code, then replayed with its code.
    @Test(arguments: RuleExampleTests.rules)
    func replayedPassesMatchAWholeCheckOnEveryExample(_ ruleCase: RuleCase) throws {
        let description = ruleCase.rule.description
        for example in description.triggeringExamples + description.nonTriggeringExamples {
            let project = MemoryProject(
                example.projectFiles.map { ($0.path, MarkedText($0.contents).text) },
                configuration: example.configuration ?? "", optIn: description.id)
            let store = MemoryPassStore()
            _ = project.passes(store: store, withoutCode: true)
            let replayed = project.passes(store: store)
            #expect(replayed == project.whole(), sourceLocation: example.testLocation)
            // A record of a rule that reads the code (format_mismatch with `formats: false`)
            // was made without it, so it is made again, not replayed.
            let readsCode = RuleRegistry.all.contains {
                !($0 is any PresenceRule.Type) && $0.inputs.contains(.languageTables)
                    && $0.inputs(in: project.configuration).contains(.sources)
            }
            #expect(store.hits == (readsCode ? 0 : store.records.count), sourceLocation: example.testLocation)
        }
    }

    @Test func recordsReadBackAsThemselvesAndNoTruncationDecodes() throws {
        let project = MemoryProject(
            [
                (
                    "App.swift",
                    #"let a = NSLocalizedString("only.in.french", comment: ""); let b = NSLocalizedString("x", comment: "")"#
                ),
                ("en.lproj/Localizable.strings", #""x" = "X %@"; "y" = "";"#),
                ("fr.lproj/Localizable.strings", #""only.in.french" = "Seulement"; "x" = "X %d"; "x" = "Again";"#),
                ("fr.lproj/Localizable.stringsdict", "<plist><dict><key>z</key><string>bad</string></dict></plist>"),
                ("de.lproj/Localizable.strings", #""x" = "X"#),
            ], configuration: "required_languages: [en, de, fr]")
        let store = MemoryPassStore()
        _ = project.passes(store: store)
        #expect(store.records.count == 2)
        for (bytes, _) in store.records.values {
            let record = try LanguagePassRecord(decoding: bytes[...])
            #expect(record.encoded() == bytes)
            for end in 0..<bytes.count {
                #expect(throws: BinaryDecodingError.self) { try LanguagePassRecord(decoding: bytes[..<end]) }
            }
            // Any single byte changed either fails or decodes to some record; it never traps.
            for index in bytes.indices {
                var altered = bytes
                altered[index] ^= 0xFF
                _ = try? LanguagePassRecord(decoding: altered[...])
            }
        }
        let french = try LanguagePassRecord(decoding: store.records["module\u{0}fr"]!.bytes[...])
        #expect(french.presences["Localizable"]?.extraKeys.map(\.key) == ["only.in.french"])
        #expect(french.findings.values.contains { !$0.isEmpty })
        // A rule that found nothing is not recorded (a warm run decodes every record).
        #expect(french.findings.values.allSatisfy { !$0.isEmpty } && french.findings["empty_value"] == nil)
        // A presence rule's findings are never recorded: it runs again on every replay.
        #expect(french.findings["missing_key"] == nil && french.findings["duplicate_key"] != nil)
    }

    @Test func aChangedTableIsCheckedAgainAndRacyFilesAreNotRecorded() {
        let files: [(String, String)] = [
            ("App.swift", #"let a = NSLocalizedString("x", comment: "")"#),
            ("en.lproj/Localizable.strings", #""x" = "X";"#),
            ("fr.lproj/Localizable.strings", #""x" = "X";"#),
            ("de.lproj/Localizable.strings", #""y" = "Y";"#),
        ]
        let project = MemoryProject(files, configuration: "")
        let store = MemoryPassStore()
        _ = project.passes(store: store)
        #expect(store.hits == 0 && store.records.count == 2)
        // The German table now has the key: its pass is run again, the French one replayed.
        let changed = MemoryProject(
            files.map { $0.0 == "de.lproj/Localizable.strings" ? ($0.0, #""x" = "X";"#) : $0 },
            configuration: "")
        #expect(changed.passes(store: store) == changed.whole())
        #expect(changed.whole().isEmpty && store.hits == 1)
        // A development table's change reaches every pass.
        let english = MemoryProject(
            files.map { $0.0 == "en.lproj/Localizable.strings" ? ($0.0, #""x" = "Ex";"#) : $0 },
            configuration: "")
        _ = english.passes(store: store)
        #expect(store.hits == 1)
        // Files changed within the racy window are checked, and not recorded.
        let racy = MemoryPassStore(now: MemoryPassStore.modified + 1)
        _ = project.passes(store: racy)
        #expect(racy.records.isEmpty)
    }

    /// A rule that reads the code and other languages' tables without being a presence rule
    /// is recorded by what it declares: the record's key covers the code, so a change of
    /// the calls checks the language again instead of replaying what the old code gave.
    @Test func aRecordedRuleThatReadsCodeIsCheckedAgainWhenTheCodeChanges() {
        let files: [(String, String)] = [
            ("App.swift", #"let a = NSLocalizedString("x", comment: "")"#),
            ("en.lproj/Localizable.strings", #""x" = "X";"#),
            ("fr.lproj/Localizable.strings", #""x" = "X";"#),
        ]
        let rules: [any Rule.Type] = RuleRegistry.all + [CallsPerLanguageRule.self]
        let store = MemoryPassStore()
        let before = MemoryProject(files, configuration: "").passes(store: store, rules: rules)
        #expect(before.map(\.message).contains("fr: 1 calls"))
        let edited = MemoryProject(
            files.map { $0.0 == "App.swift" ? ($0.0, $0.1 + "\n" + $0.1) : $0 }, configuration: "")
        #expect(edited.passes(store: store, rules: rules).map(\.message).contains("fr: 2 calls"))
        #expect(store.hits == 0)
        // Unchanged code: the record is used.
        _ = edited.passes(store: store, rules: rules)
        #expect(store.hits == 1)
        // Without such a rule, the record does not depend on the code (missing_key runs again).
        let plain = MemoryPassStore()
        _ = MemoryProject(files, configuration: "").passes(store: plain)
        _ = edited.passes(store: plain)
        #expect(plain.hits == 1)
    }

    /// The record covers the development tables only when a rule declares it reads them: a
    /// rule of the language's own tables alone keeps its record through an English edit.
    @Test func aRecordCoversTheDevelopmentTablesOnlyWhenARuleReadsThem() {
        let files: [(String, String)] = [
            ("App.swift", #"let a = NSLocalizedString("x", comment: "")"#),
            ("en.lproj/Localizable.strings", #""x" = "X";"#),
            ("fr.lproj/Localizable.strings", #""x" = "X";"#),
        ]
        let edited = files.map { $0.0 == "en.lproj/Localizable.strings" ? ($0.0, #""x" = "Ex";"#) : $0 }
        let ownTablesOnly = MemoryPassStore()
        _ = MemoryProject(files, configuration: "").passes(store: ownTablesOnly, rules: [EntriesPerLanguageRule.self])
        #expect(
            MemoryProject(edited, configuration: "").passes(store: ownTablesOnly, rules: [EntriesPerLanguageRule.self])
                .map(\.message) == ["fr: 1 entries"])
        #expect(ownTablesOnly.hits == 1)
        let registry = MemoryPassStore()
        _ = MemoryProject(files, configuration: "").passes(store: registry)
        _ = MemoryProject(edited, configuration: "").passes(store: registry)
        #expect(registry.hits == 0)
    }

    /// A module's record answers only for the rules, code and table files it was made
    /// from, reads back as itself, and is not made from a racy file.
    /// A record's findings read back with their own languages, where one finding's list
    /// repeats the last one's (the decoder keeps that list) and where it does not.
    @Test func findingsReadBackWithTheirLanguages() throws {
        let lists: [[String]] = [["de", "fr"], ["de", "fr"], ["de"], [], [], ["fr", "de"], ["fr", "it"], ["fr"]]
        let diagnostics = lists.enumerated().map { index, languages in
            Diagnostic(
                ruleID: "missing_key", severity: .error, message: "m\(index)",
                location: Location(file: "/p/A.swift", line: 1 + index, column: 1), key: "k",
                language: languages.first, languages: languages)
        }
        let record = ModuleCheckRecord(
            diagnostics: diagnostics, requiredLanguages: ["de", "fr", "it"], inputsBesideCode: 1, sourceHashes: [2])
        let decoded = try ModuleCheckRecord(decoding: record.encoded()[...])
        #expect(decoded.diagnostics.map(\.languages) == lists)
        #expect(decoded.diagnostics == diagnostics)
    }

    /// A record of more findings than a piece holds reads back whole and in order, strings
    /// repeated across the pieces' boundaries included; a piece that says it is longer or
    /// shorter than its findings is an error, not a record.
    @Test func findingsInManyPiecesReadBackInOrder() throws {
        let count = ModuleCheckRecord.findingsPerPiece * 2 + 3
        let diagnostics = (0..<count).map { index in
            Diagnostic(
                ruleID: index % 3 == 0 ? "missing_key" : "unused_key", severity: index % 2 == 0 ? .error : .warning,
                message: "m\(index / 7)",
                location: Location(file: "/p/F\(index / 500).swift", line: 1 + index, column: 2),
                notes: index % 5 == 0
                    ? [DiagnosticNote("defined here", at: Location(file: "/p/en.strings", line: 3, column: 1))] : [],
                key: "k\(index / 2)", language: "de", languages: index % 4 == 0 ? ["de", "fr"] : ["de"])
        }
        let record = ModuleCheckRecord(
            diagnostics: diagnostics, requiredLanguages: ["de", "fr"], inputsBesideCode: 1, sourceHashes: [2, 3])
        let bytes = record.encoded()
        let decoded = try ModuleCheckRecord(decoding: bytes[...])
        #expect(decoded == record)
        #expect(decoded.encoded() == bytes)
        // Cut anywhere in the findings (every 97th byte, to stay fast): never a record.
        for end in stride(from: 0, to: bytes.count, by: 97) {
            #expect(throws: BinaryDecodingError.self) { try ModuleCheckRecord(decoding: bytes[..<end]) }
        }
        // The first piece holding one finding more than a piece does, the second none.
        var writer = BinaryWriter()
        writer.write(fixed: 1)
        writer.write(0)
        writer.write(ModuleCheckRecord.findingsPerPiece + 1)
        var piece = BinaryWriter()
        for diagnostic in diagnostics[...ModuleCheckRecord.findingsPerPiece] {
            LanguagePassRecord.write(diagnostic, to: &piece)
        }
        writer.write(bytes: piece.bytes)
        writer.write(bytes: [UInt8]())
        writer.write(0)
        #expect(throws: BinaryDecodingError.self) { try ModuleCheckRecord(decoding: writer.bytes[...]) }

        // The smallest finding is as small as the decoder assumes, and it reads back; a piece
        // claiming more findings than its bytes can hold is refused.
        let smallest = Diagnostic(
            ruleID: "", severity: .warning, message: "", location: Location(file: "", line: 1, column: 1))
        var one = BinaryWriter()
        LanguagePassRecord.write(smallest, to: &one)
        #expect(one.bytes.count == LanguagePassRecord.smallestFinding)
        let tiny = ModuleCheckRecord(diagnostics: [smallest, smallest], requiredLanguages: [])
        #expect(try ModuleCheckRecord(decoding: tiny.encoded()[...]) == tiny)
        var claiming = BinaryWriter()
        claiming.write(fixed: 0)
        claiming.write(0)
        claiming.write(3)
        claiming.write(bytes: one.bytes + one.bytes)
        claiming.write(0)
        #expect(throws: BinaryDecodingError.self) { try ModuleCheckRecord(decoding: claiming.bytes[...]) }
    }

    @Test func aModuleRecordAnswersOnlyForWhatItWasMadeFrom() throws {
        let files: [(String, String)] = [
            ("App.swift", #"let a = NSLocalizedString("x", comment: ""); let b = NSLocalizedString("y", comment: "")"#),
            ("en.lproj/Localizable.strings", #""x" = "X %@"; "y" = "Y";"#),
            ("fr.lproj/Localizable.strings", #""x" = "X %d";"#),
            ("de.lproj/Localizable.strings", #""z" = "Z";"#),
        ]
        let project = MemoryProject(files, configuration: "required_languages: [en, de, fr]")
        let store = MemoryPassStore(recordsModules: true)
        let whole = project.whole()
        #expect(project.passes(store: store) == whole && !whole.isEmpty)
        #expect(store.modules.count == 1 && store.moduleHits == 0)
        #expect(project.passes(store: store) == whole && store.moduleHits == 1 && store.hits == 0)

        let bytes = try #require(store.modules["module"]?.bytes)
        #expect(try ModuleCheckRecord(decoding: bytes[...]).encoded() == bytes)
        for end in 0..<bytes.count {
            #expect(throws: BinaryDecodingError.self) { try ModuleCheckRecord(decoding: bytes[..<end]) }
        }

        // Another table's bytes, other code, other rules: checked again.
        for changed in [
            MemoryProject(
                files.map { $0.0 == "de.lproj/Localizable.strings" ? ($0.0, #""x" = "X";"#) : $0 },
                configuration: "required_languages: [en, de, fr]"),
            MemoryProject(
                files.map { $0.0 == "App.swift" ? ($0.0, #"let a = NSLocalizedString("x", comment: "")"#) : $0 },
                configuration: "required_languages: [en, de, fr]"),
        ] {
            let hits = store.moduleHits
            #expect(changed.passes(store: store) == changed.whole() && store.moduleHits == hits)
        }
        _ = project.passes(store: store)
        let hits = store.moduleHits
        _ = project.passes(store: store, rules: RuleRegistry.all + [EntriesPerLanguageRule.self])
        #expect(store.moduleHits == hits)

        // Files changed within the racy window are checked, and no module record is made of them.
        let racy = MemoryPassStore(now: MemoryPassStore.modified + 1, recordsModules: true)
        _ = project.passes(store: racy)
        #expect(racy.modules.isEmpty)
    }

    /// A module's check gives its findings in print order, from the rules and from its
    /// record: a warm run groups them place by place and sorts runs already in order.
    @Test func aModuleCheckGivesItsFindingsInPrintOrder() {
        let project = MemoryProject(
            [
                (
                    "B.swift",
                    #"let b = NSLocalizedString("y", comment: ""); let c = NSLocalizedString("w", comment: "")"#
                ),
                ("A.swift", #"let a = NSLocalizedString("x", comment: "")"#),
                ("en.lproj/Localizable.strings", #""x" = "X %@"; "y" = "Y"; "w" = "W"; "v" = "V";"#),
                ("fr.lproj/Localizable.strings", #""x" = "X %d"; "v" = "V";"#),
                ("de.lproj/Localizable.strings", #""z" = "Z";"#),
            ], configuration: "required_languages: [en, de, fr]")
        let store = MemoryPassStore(recordsModules: true)
        let checked = project.passes(store: store, asChecked: true)
        #expect(checked.count > 4 && checked == checked.inPrintOrder())
        #expect(Set(checked.map(\.ruleID)).count > 1)
        #expect(project.passes(store: store, asChecked: true) == checked && store.moduleHits == 1)
    }

    /// Lines added above a call move its findings with it, from the module's last record
    /// without a rule run; a changed key, or a `linza:disable` comment in the file, is
    /// checked again; every answer is the whole check's.
    @Test func findingsMoveWithCodeThatOnlyMoved() throws {
        let configuration = "required_languages: [en, de, fr]"
        func project(_ code: String) -> MemoryProject {
            MemoryProject(
                [
                    ("App.swift", code),
                    ("Other.swift", #"let o = NSLocalizedString("y", comment: "")"#),
                    ("en.lproj/Localizable.strings", #""x" = "X %@"; "y" = "Y";"#),
                    ("fr.lproj/Localizable.strings", #""x" = "X %d";"#),
                    ("de.lproj/Localizable.strings", #""z" = "Z";"#),
                ], configuration: configuration)
        }
        let call = #"let a = NSLocalizedString("x", comment: ""); let b = NSLocalizedString("y", comment: "")"#
        let before = project(call)
        let store = MemoryPassStore(recordsModules: true)
        #expect(before.passes(store: store) == before.whole())

        let moved = project("// a comment\n\n    " + call)
        store.rescans = ["/project/App.swift": (before.sources[0], moved.sources[0])]
        let answer = moved.passes(store: store)
        #expect(answer == moved.whole() && answer != before.whole())
        #expect(answer.contains { $0.location.file == "/project/App.swift" && $0.location.line == 3 })
        #expect(store.movedModuleHits == 1 && store.hits == 0)
        // The carried-over record answers the next run as it is.
        let hits = store.moduleHits
        #expect(moved.passes(store: store) == moved.whole() && store.moduleHits == hits + 1)

        for changed in [
            project("\n" + call.replacingOccurrences(of: #""x""#, with: #""z""#)),
            project("// linza:disable:next dynamic_key\n\n" + call),
        ] {
            store.rescans = ["/project/App.swift": (moved.sources[0], changed.sources[0])]
            #expect(changed.passes(store: store) == changed.whole() && store.movedModuleHits == 1)
            _ = moved.passes(store: store)
        }
        // Without the scan the record was made from, nothing is carried over.
        store.rescans = [:]
        let again = project("\n\n\n" + call)
        #expect(again.passes(store: store) == again.whole() && store.movedModuleHits == 1)
    }

    /// A check that groups each call site's `missing_key` findings gives what grouping its
    /// findings gives, in print order, and records them grouped: the next run reads the
    /// grouped findings back, moved with code that moved, and a check that does not group
    /// is not answered by that record.
    @Test func groupedFindingsAreRecordedGrouped() throws {
        let configuration = "required_languages: [en, de, fr, ru]"
        func project(_ code: String) -> MemoryProject {
            MemoryProject(
                [
                    ("App.swift", code),
                    ("en.lproj/Localizable.strings", #""x" = "X %@"; "y" = "Y";"#),
                    ("fr.lproj/Localizable.strings", #""x" = "X %d";"#),
                    ("de.lproj/Localizable.strings", #""z" = "Z";"#),
                    ("ru.lproj/Localizable.strings", #""z" = "Z";"#),
                ], configuration: configuration)
        }
        let call = #"let a = NSLocalizedString("x", comment: ""); let b = NSLocalizedString("y", comment: "")"#
        let before = project(call)
        func grouped(_ project: MemoryProject) -> [Diagnostic] {
            MissingKeyGrouping.grouped(project.passes(asChecked: true), checkedLanguages: 4).sortedForOutput()
        }
        let expected = grouped(before)
        #expect(expected.count < before.whole().count && expected.contains { $0.languages.count == 3 })
        let store = MemoryPassStore(recordsModules: true)
        let checked = before.passes(store: store, asChecked: true, grouped: true)
        #expect(checked == checked.inPrintOrder() && checked.sortedForOutput() == expected)
        #expect(before.passes(store: store, grouped: true) == expected && store.moduleHits == 1)
        // Not grouped: another record.
        #expect(before.passes(store: store) == before.whole() && store.moduleHits == 1)
        _ = before.passes(store: store, grouped: true)

        let moved = project("// a comment\n\n    " + call)
        store.rescans = ["/project/App.swift": (before.sources[0], moved.sources[0])]
        let answer = moved.passes(store: store, grouped: true)
        #expect(answer == grouped(moved) && answer != expected && store.movedModuleHits == 1)
        #expect(answer.contains { $0.location.line == 3 && $0.languages.count == 3 })
    }

    @Test func theRulesThatReportAbsenceAreDeclared() {
        #expect(LanguagePasses.absenceRules == ["missing_key", "missing_language", "catalog_state"])
    }

    /// Every part of every String Catalog among the fixtures reads back as itself, and no
    /// truncation of a record decodes.
    @Test func catalogRecordsReadBackAsThemselves() throws {
        let catalogs = (FileManager.default.subpaths(atPath: ScanCacheTests.fixtures) ?? []).filter {
            $0.hasSuffix(".xcstrings")
        }
        #expect(catalogs.count >= 10)
        for path in catalogs {
            let parts = TableLoader.load(ExampleRun.tableFile(ScanCacheTests.fixtures + "/" + path))
            let record = CatalogRecord(parts: parts, languages: parts.map(\.language))
            let bytes = record.encoded()
            #expect(try CatalogRecord(decoding: bytes[...]) == record, "\(path)")
            #expect(parts.contains { !$0.entries.isEmpty }, "\(path)")
            for end in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)) {
                #expect(throws: BinaryDecodingError.self) { try CatalogRecord(decoding: bytes[..<end]) }
            }
            for index in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 500)) {
                var altered = bytes
                altered[index] ^= 0xFF
                _ = try? CatalogRecord(decoding: altered[...])
            }
        }
    }

    /// A catalog taken from its record gives the development parts it recorded, and is read
    /// whole when a language's pass asks for its part.
    @Test func aRecordedCatalogIsReadWholeOnlyWhenAnotherLanguageIsAsked() {
        let project = MemoryProject(
            [
                ("App.swift", #"let a = String(localized: "cart.items")"#),
                (
                    "Localizable.xcstrings",
                    #"""
                    { "sourceLanguage": "en", "version": "1.0", "strings": {
                        "cart.items": { "localizations": {
                            "en": { "stringUnit": { "state": "translated", "value": "Items" } },
                            "fr": { "stringUnit": { "state": "needs_review", "value": "Articles %d" } } } },
                        "cart.empty": { "localizations": { "de": { "stringUnit": { "state": "translated", "value": "Leer" } } } }
                    } }
                    """#
                ),
            ], configuration: "")
        let store = MemoryPassStore()
        store.files = project.bytes
        let reads = Counter()
        let bytes = project.bytes
        let load: @Sendable (TableFile) -> [LoadedTableFile] = {
            reads.add(); return TableLoader.load($0, bytes: bytes[$0.path]!)
        }
        func tables(_ developmentLanguage: String, load: @escaping @Sendable (TableFile) -> [LoadedTableFile])
            -> ModuleTables
        {
            let inputs = LanguagePassInputs(
                tableFiles: project.tableFiles, interfaceNames: [],
                developmentLanguage: developmentLanguage, store: store)
            return ModuleTables(
                tableFiles: project.tableFiles, developmentLanguage: developmentLanguage, load: load,
                catalogRecord: store.catalogLookup(inputs, developmentLanguage: developmentLanguage))
        }
        let first = tables("en", load: load)
        #expect(reads.count == 1 && store.catalogs.count == 1)
        let second = tables("en", load: load)
        #expect(reads.count == 1)
        #expect(second.developmentFiles == first.developmentFiles && second.languages == ["de", "en", "fr"])
        // A language without a part in the catalog needs no reading; one with a part does.
        #expect(second.files(of: "ja").files.isEmpty && reads.count == 1)
        #expect(second.files(of: "fr").files == first.files(of: "fr").files)
        #expect(reads.count == 2 && !second.files(of: "fr").files.isEmpty)
        // A module sharing the catalog with another development language has parts of its own.
        let german = tables("de", load: load)
        #expect(reads.count == 3 && german.developmentFiles.map(\.language) == ["de"] && store.catalogs.count == 2)
        // A catalog read late that cannot be read then says so in the pass that asked.
        let failing: @Sendable (TableFile) -> [LoadedTableFile] = { file in
            [
                LoadedTableFile(
                    file: file, entries: [], problems: [],
                    failure: InputFailure(location: Location(file: file.path, line: 1, column: 1), message: "gone"),
                    endLocation: Location(file: file.path, line: 1, column: 1))
            ]
        }
        let late = tables("en", load: failing)
        #expect(late.developmentFailures.isEmpty && late.files(of: "fr").failures.map(\.message) == ["gone"])
        // Replayed and checked passes alike report what a whole check does.
        _ = project.passes(store: store, withoutCode: true)
        #expect(project.passes(store: store) == project.whole() && store.hits == 2)
    }

    /// A language checked while a development file could not be read is not recorded: its
    /// findings (a missing table) would outlive the passing read error.
    @Test func noRecordIsMadeWhileADevelopmentFileCannotBeRead() {
        let project = MemoryProject(
            [
                ("App.swift", #"let a = NSLocalizedString("x", comment: "")"#),
                ("en.lproj/Localizable.strings", #""x" = "X";"#),
                ("fr.lproj/Localizable.strings", #""x" = "X";"#),
            ], configuration: "")
        let store = MemoryPassStore()
        store.files = project.bytes
        let bytes = project.bytes
        var passes = LanguagePasses(
            configuration: project.configuration, sources: project.sources,
            tableFiles: project.tableFiles, interfaceNames: [], store: (store, "module"))
        passes.load = { file in
            guard file.language != "en" else {
                let start = Location(file: file.path, line: 1, column: 1)
                return [
                    LoadedTableFile(
                        file: file, entries: [], problems: [],
                        failure: InputFailure(location: start, message: "busy"), endLocation: start)
                ]
            }
            return TableLoader.load(file, bytes: bytes[file.path]!)
        }
        #expect(passes.check().failures.map(\.message) == ["busy"])
        #expect(store.records.isEmpty)
        _ = project.passes(store: store)
        #expect(store.records.count == 1)
    }

    @Test func keysMissingInTheDevelopmentLanguageGetTheirDefinitionNote() {
        let project = MemoryProject(
            [
                (
                    "App.swift",
                    """
                    let a = NSLocalizedString("only.in.french", comment: "")
                    let b = NSLocalizedString("only.in.german.and.french", comment: "")
                    let c = String(localized: "extra.title", table: "Extra")
                    """
                ),
                ("en.lproj/Localizable.strings", #""other" = "Other";"#),
                (
                    "fr.lproj/Localizable.strings",
                    #""only.in.french" = "Seulement"; "only.in.german.and.french" = "Les deux";"#
                ),
                ("de.lproj/Localizable.strings", #""only.in.german.and.french" = "Beide";"#),
                // A table only one language has, and a language with no tables at all.
                ("de.lproj/Extra.strings", #""extra.title" = "Extra";"#),
                ("Base.lproj/Main.strings", #""abc-de-fgh.text" = "Title";"#),
            ], configuration: "required_languages: [en, de, fr, ja]\nbase_language: Base")
        let whole = project.whole()
        #expect(project.passes() == whole)
        let store = MemoryPassStore()
        _ = project.passes(store: store, withoutCode: true)
        #expect(project.passes(store: store) == whole && store.hits == 3)
        #expect(
            whole.contains {
                $0.message.contains("'only.in.french' is missing in de")
                    && $0.notes.contains { $0.message == "'only.in.french' is defined in fr here" }
            })
        #expect(
            whole.contains {
                $0.message.contains("'only.in.german.and.french' is missing in en")
                    && $0.notes.contains { $0.message == "'only.in.german.and.french' is defined in de here" }
            })
    }

    @Test func aBrokenCatalogStandsForEveryLanguageInEveryPass() {
        let project = MemoryProject(
            [
                ("App.swift", #"let a = String(localized: "promo.title", table: "Promo")"#),
                ("Promo.xcstrings", #"{ "sourceLanguage": "en", "strings": { "#),
                ("en.lproj/Localizable.strings", #""x" = "X";"#),
                ("ru.lproj/Localizable.strings", #""x" = "Икс";"#),
            ], configuration: "")
        #expect(project.passes() == project.whole())
        #expect(project.whole().filter { $0.ruleID == "strings_syntax" }.count == 1)
    }
}

/// A project whose files live in memory, checked whole or language by language.
struct MemoryProject {
    let configuration: Configuration
    let sources: [ScannedSource]
    let tableFiles: [TableFile]
    let bytes: [String: [UInt8]]

    init(_ files: [(path: String, text: String)], configuration text: String, optIn rule: String? = nil) {
        let root = "/project"
        var configuration =
            (try? ConfigurationLoader.load(text: text, file: root + "/.linza.yml"))
            ?? Configuration(baseDirectory: root)
        if let rule { configuration.optInRules.insert(rule) }
        self.configuration = configuration
        let scanner = SourceScanner(
            recognizer: CallRecognizer(
                functions: configuration.functions,
                defaultTable: configuration.defaultTable),
            collectsLiterals: true)
        var sources: [ScannedSource] = [], tableFiles: [TableFile] = [], bytes: [String: [UInt8]] = [:]
        for (path, text) in files {
            let absolute = root + "/" + path
            if SourceScanner.language(ofFile: absolute) != nil {
                sources.append(scanner.scan(Array(text.utf8), path: absolute))
            } else {
                tableFiles.append(ExampleRun.tableFile(absolute))
                bytes[absolute] = Array(text.utf8)
            }
        }
        self.sources = sources
        self.tableFiles = tableFiles.sorted { $0.path < $1.path }
        self.bytes = bytes
    }

    func whole() -> [Diagnostic] {
        RuleEngine.check(lintProject()).sortedForOutput()
    }

    /// The whole project as one view, every table loaded.
    func lintProject() -> LintProject {
        let tables = tableFiles.flatMap { TableLoader.load($0, bytes: bytes[$0.path]!) }
        return LintProject(sources: sources, tables: TableCatalog(files: tables), configuration: configuration)
    }

    /// The project checked language by language; with `store`, passes are recorded in it
    /// or replayed from it (and `withoutCode` checks as if the project had no sources).
    func passes(
        store: MemoryPassStore? = nil, withoutCode: Bool = false,
        rules: [any Rule.Type] = RuleRegistry.all, asChecked: Bool = false, grouped: Bool = false
    ) -> [Diagnostic] {
        let bytes = self.bytes
        store?.files = bytes
        var passes = LanguagePasses(
            configuration: configuration, sources: withoutCode ? [] : sources,
            tableFiles: tableFiles, interfaceNames: [],
            store: store.map { ($0, "module") })
        passes.load = { TableLoader.load($0, bytes: bytes[$0.path]!) }
        passes.rules = rules
        passes.groupsLanguages = grouped
        let diagnostics = passes.check().diagnostics
        return asChecked ? diagnostics : diagnostics.sortedForOutput()
    }
}

/// A `LanguagePassStore` in memory: records kept encoded, files' signatures made from their
/// contents (a file with other bytes has another signature), all modified at `modified`.
final class MemoryPassStore: LanguagePassStore, @unchecked Sendable {
    static let modified: Int64 = 1_000_000_000_000_000_000
    let now: Int64
    var files: [String: [UInt8]] = [:]
    private(set) var records: [String: (bytes: [UInt8], inputs: UInt64)] = [:]
    private(set) var hits = 0
    private let lock = Lock()

    /// Whether whole modules' records are kept (`ModuleCheckRecord`); without, every check
    /// runs its language passes, which is what most of these tests look at.
    let recordsModules: Bool
    private(set) var modules: [String: (bytes: [UInt8], inputs: UInt64)] = [:]
    private(set) var moduleHits = 0

    init(now: Int64 = MemoryPassStore.modified + 10 * FileSignature.racyWindow, recordsModules: Bool = false) {
        self.now = now
        self.recordsModules = recordsModules
    }

    func tableSignature(of path: String) -> FileSignature? {
        guard let bytes = lock.withLock({ files[path] }) else { return nil }
        return FileSignature(
            device: 1, inode: StableHash.fnv1a(bytes), size: Int64(bytes.count),
            modified: Self.modified, changed: Self.modified)
    }

    func passRecord(_ key: String, inputs: UInt64) -> LanguagePassRecord? {
        lock.withLock {
            guard let record = records[key], record.inputs == inputs,
                let decoded = try? LanguagePassRecord(decoding: record.bytes[...])
            else { return nil }
            hits += 1
            return decoded
        }
    }

    func storePassRecord(_ record: LanguagePassRecord, key: String, inputs: UInt64) {
        lock.withLock { records[key] = (record.encoded(), inputs) }
    }

    private(set) var catalogs: [String: (bytes: [UInt8], signature: FileSignature)] = [:]

    func catalogRecord(_ key: String, signature: FileSignature) -> CatalogRecord? {
        lock.withLock {
            guard let record = catalogs[key], record.signature == signature else { return nil }
            return try? CatalogRecord(decoding: record.bytes[...])
        }
    }

    func storeCatalogRecord(_ record: CatalogRecord, key: String, signature: FileSignature) {
        lock.withLock { catalogs[key] = (record.encoded(), signature) }
    }

    func moduleRecord(_ key: String, inputs: UInt64, keeping: (passes: [String], catalogs: [String]))
        -> ModuleCheckRecord?
    {
        lock.withLock {
            guard let record = modules[key], record.inputs == inputs,
                let decoded = try? ModuleCheckRecord(decoding: record.bytes[...])
            else { return nil }
            moduleHits += 1
            return decoded
        }
    }

    func storeModuleRecord(_ record: ModuleCheckRecord, key: String, inputs: UInt64) {
        guard recordsModules else { return }
        lock.withLock { modules[key] = (record.encoded(), inputs) }
    }

    /// The scans a test says this run made anew, before and after, by path (`rescan(of:)`).
    var rescans: [String: (before: ScannedSource, after: ScannedSource)] = [:]
    private(set) var movedModuleHits = 0

    func latestModuleRecord(_ key: String) -> StoredModuleRecord? {
        lock.withLock { modules[key].flatMap { try? StoredModuleRecord(decoding: $0.bytes[...]) } }
    }

    func rescan(of path: String) -> (before: ScannedSource, after: ScannedSource)? {
        lock.withLock { rescans[path] }
    }

    func storeMovedModuleRecord(
        _ record: ModuleCheckRecord, key: String, inputs: UInt64?, keeping: (passes: [String], catalogs: [String])
    ) {
        lock.withLock { movedModuleHits += 1 }
        if let inputs { storeModuleRecord(record, key: key, inputs: inputs) }
    }
}

/// A count kept across threads.
final class Counter: @unchecked Sendable {
    private let lock = Lock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func add() { lock.withLock { value += 1 } }
}

/// A test rule that reads the code and other languages' tables and is no presence rule:
/// one finding per language pass saying how many calls the code has.
struct CallsPerLanguageRule: Rule {
    static let description = RuleDescription(
        id: "calls_per_language", name: "Calls per language", summary: "Counts calls in each language pass",
        rationale: "A test of how language pass records cover the code.", defaultSeverity: .warning, isOptIn: false,
        triggeringExamples: [], nonTriggeringExamples: [])
    static let inputs: RuleInputs = [.sources, .languageTables]

    func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        guard case .language(let language) = project.scope else { return [] }
        let calls = project.sources.reduce(0) { $0 + $1.usages.count }
        return [
            Diagnostic(
                ruleID: Self.description.id, severity: severity, message: "\(language): \(calls) calls",
                location: Location(file: "/project/App.swift", line: 1, column: 1), language: language)
        ]
    }
}

/// A test rule that reads only each language's own tables: one finding per language pass
/// with its entry count.
struct EntriesPerLanguageRule: Rule {
    static let description = RuleDescription(
        id: "entries_per_language", name: "Entries per language", summary: "Counts a language's entries",
        rationale: "A test of what language pass records cover.", defaultSeverity: .warning, isOptIn: false,
        triggeringExamples: [], nonTriggeringExamples: [])
    static let inputs: RuleInputs = [.languageTables]

    func check(_ project: LintProject, severity: Severity) -> [Diagnostic] {
        guard case .language(let language) = project.scope else { return [] }
        let entries = project.tableNames.reduce(0) {
            $0 + (project.table(language: language, name: $1)?.entries.count ?? 0)
        }
        return [
            Diagnostic(
                ruleID: Self.description.id, severity: severity, message: "\(language): \(entries) entries",
                location: Location(file: "/project/fr.lproj/Localizable.strings", line: 1, column: 1),
                language: language)
        ]
    }
}

extension RuleExample {
    /// The example's project: its files but an XLIFF file, which `lint --xliff` checks
    /// against them and which is no table of the project.
    var projectFiles: [ExampleFile] { files.filter { !$0.path.hasSuffix(".xliff") } }
}
