import Foundation
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
import LinzaTestSupport
@testable import LinzaWriting
import Testing

/// The commands besides `lint` that read the scan cache: `status` (scan records, catalog
/// records and its own language records, `StatusRecord`) and the writers (scan records, read
/// only, never for a source they edit: `Linter.scansMatch`, `WritePlan.planned`).
@Suite struct CacheUsersTests {
    /// A project of two languages and a few calls.
    static func project() -> (directory: TemporaryDirectory, configuration: Configuration) {
        let directory = TemporaryDirectory()
        directory.write("en.lproj/Localizable.strings", "\"old.key\" = \"Old\";\n\"other\" = \"Other\";\n")
        directory.write("de.lproj/Localizable.strings", "\"old.key\" = \"Alt\";\n")
        directory.write("fr.lproj/Localizable.strings", "\"other\" = \"Autre\";\n")
        directory.write("App/A.swift", "let a = NSLocalizedString(\"old.key\", comment: \"\")\n")
        directory.write("App/B.swift", "let b = NSLocalizedString(\"other\", comment: \"\")\n")
        let file = directory.write(".linza.yml", "development_language: en\nrequired_languages: [en, de, fr]\n")
        return (directory, try! ConfigurationLoader.load(file: file))
    }

    /// A cache whose clock is a minute after `file` was written and whose signatures never
    /// change: every record is trusted, however the files change (a file system whose clock
    /// lies, docs/CACHE.md "Limits").
    static func blindCache(_ path: String, frozen: FileSignature) -> ScanCache {
        ScanCache(path: path, key: 1, now: frozen.modified + 60_000_000_000, signature: { _ in frozen })
    }

    static func statusJSON(_ linter: Linter) -> String {
        StatusJSON.render(linter.status(projectRoot: linter.configuration.baseDirectory).report)
    }

    @Test func statusCountsUnchangedLanguagesFromTheirRecords() throws {
        let (directory, configuration) = Self.project()
        let cachePath = directory.path + "/cache/scan.cache"
        // Far in the future: no file is racy, so records are made and trusted by signature.
        let later = FileSignature.now() + 60_000_000_000
        let uncached = Self.statusJSON(Linter(configuration: configuration))

        let first = ScanCache(path: cachePath, key: 1, now: later)
        #expect(Self.statusJSON(Linter(configuration: configuration, scanCache: first)) == uncached)
        #expect((first.passHits, first.passMisses) == (0, 2))
        #expect(first.save())

        let second = ScanCache(path: cachePath, key: 1, now: later)
        #expect(Self.statusJSON(Linter(configuration: configuration, scanCache: second)) == uncached)
        #expect((second.passHits, second.passMisses) == (2, 0))
        #expect(second.hits == 2)
        second.save()

        // An edited German table is counted again; French comes from its record.
        directory.write("de.lproj/Localizable.strings", "\"old.key\" = \"Alt\";\n\"other\" = \"Andere\";\n")
        let third = ScanCache(path: cachePath, key: 1, now: later)
        let edited = Self.statusJSON(Linter(configuration: configuration, scanCache: third))
        #expect(edited == Self.statusJSON(Linter(configuration: configuration)) && edited != uncached)
        #expect((third.passHits, third.passMisses) == (1, 1))
        third.save()

        // A development table edited: every language is counted again, against its new keys.
        directory.write(
            "en.lproj/Localizable.strings", "\"old.key\" = \"Old\";\n\"other\" = \"Other\";\n\"new\" = \"N\";\n")
        let fourth = ScanCache(path: cachePath, key: 1, now: later)
        #expect(
            Self.statusJSON(Linter(configuration: configuration, scanCache: fourth))
                == Self.statusJSON(Linter(configuration: configuration)))
        #expect((fourth.passHits, fourth.passMisses) == (0, 2))
    }

    @Test func aStatusRecordReadsBackOnlyForTheTablesItWasMadeFor() throws {
        let record = StatusRecord(tables: [
            ("Localizable", [.translated, .missing, .stale]), ("Other", []),
            ("Plurals", [.empty, .needsReview, .untranslated]),
        ])
        let bytes = record.encoded()
        let names = ["Localizable", "Other", "Plurals"]
        #expect(try StatusRecord(decoding: bytes, names: names, counts: [3, 0, 3]) == record)
        // Another list of tables, or other key counts: not this record.
        #expect(throws: BinaryDecodingError.self) {
            try StatusRecord(decoding: bytes, names: ["Localizable", "Other"], counts: [3, 0])
        }
        #expect(throws: BinaryDecodingError.self) {
            try StatusRecord(decoding: bytes, names: names, counts: [3, 1, 3])
        }
        #expect(throws: BinaryDecodingError.self) {
            try StatusRecord(decoding: bytes, names: ["Localizable", "Others", "Plurals"], counts: [3, 0, 3])
        }
        // No truncation decodes, and no bucket number beyond the buckets.
        for count in 0..<bytes.count {
            #expect(throws: BinaryDecodingError.self) {
                try StatusRecord(decoding: Array(bytes[..<count]), names: names, counts: [3, 0, 3])
            }
        }
        var altered = bytes
        altered[altered.firstIndex(of: 1)!] = 200
        #expect(throws: BinaryDecodingError.self) {
            try StatusRecord(decoding: altered, names: names, counts: [3, 0, 3])
        }
    }

    @Test func writersTakeTheSourcesTheyReadFromTheCache() throws {
        let (directory, configuration) = Self.project()
        let cachePath = directory.path + "/cache/scan.cache"
        let later = FileSignature.now() + 60_000_000_000
        let lint = ScanCache(path: cachePath, key: 1, now: later)
        _ = Linter(configuration: configuration, scanCache: lint).lint()
        #expect(lint.save())

        let reading = ScanCache(path: cachePath, key: 1, now: later)
        let (modules, failures) = Linter(configuration: configuration, scanCache: reading).load()
        #expect(failures.isEmpty && (reading.hits, reading.misses) == (2, 0))
        let (fresh, _) = Linter(configuration: configuration).load()
        #expect(modules.map(\.sources) == fresh.map(\.sources))
        #expect(modules.map(\.tables) == fresh.map(\.tables))
    }

    @Test func aWriterNeverEditsASourceFromAStaleRecord() throws {
        let (directory, configuration) = Self.project()
        let cachePath = directory.path + "/cache/scan.cache"
        let source = directory.path + "/App/A.swift"
        let frozen = try #require(FileSignature.of(source))
        let first = Self.blindCache(cachePath, frozen: frozen)
        _ = Linter(configuration: configuration, scanCache: first).lint()
        #expect(first.save())

        // The call moves down two lines; the blind cache still answers with its old place.
        directory.write("App/A.swift", "// moved\n\nlet a = NSLocalizedString(\"old.key\", comment: \"\")\n")
        let rename = RenamePlanner.Rename(old: "old.key", new: "new.key")
        let make = { (modules: [Linter.LoadedModule]) in
            RenamePlanner(options: RenamePlanner.Options()).plan([rename], modules: modules)
        }
        let blind = Linter(configuration: configuration, scanCache: Self.blindCache(cachePath, frozen: frozen))
        let stale = make(blind.load().modules)
        // From the record alone, the plan would refuse: no literal where the record says.
        #expect(stale.sources.isEmpty && stale.conflicts.map(\.location.file) == [source])
        #expect(!blind.scansMatch([(source, try FileReader.read(source))]))

        let planned = WritePlan.planned(
            with: Linter(configuration: configuration, scanCache: Self.blindCache(cachePath, frozen: frozen)),
            load: { $0.load().modules }, make)
        let uncached = make(Linter(configuration: configuration).load().modules)
        #expect(planned.conflicts.isEmpty && planned.sources.count == 1)
        #expect(planned.diff(relativeTo: directory.path) == uncached.diff(relativeTo: directory.path))
        #expect(planned.diff(relativeTo: directory.path).contains("+let a = NSLocalizedString(\"new.key\""))
    }

    @Test func aSourceScansAsTheCachesAnswerOnlyWhenItsBytesDo() throws {
        let (directory, configuration) = Self.project()
        let source = directory.path + "/App/A.swift"
        let cache = ScanCache(path: directory.path + "/scan.cache", key: 1, now: FileSignature.now() + 60_000_000_000)
        let linter = Linter(configuration: configuration, scanCache: cache)
        _ = linter.load()
        let bytes = try FileReader.read(source)
        #expect(linter.scansMatch([(source, bytes)]))
        // A comment changes no call: the same scan. Another key, or the call moved: not.
        #expect(linter.scansMatch([(source, bytes + Array("// note\n".utf8))]))
        #expect(!linter.scansMatch([(source, Array("let a = NSLocalizedString(\"new\", comment: \"\")\n".utf8))]))
        #expect(!linter.scansMatch([(source, Array("\n".utf8) + bytes)]))
        // A file the cache did not answer for, or no cache: nothing to compare.
        #expect(linter.scansMatch([(directory.path + "/App/Unknown.swift", [])]))
        #expect(Linter(configuration: configuration).scansMatch([(source, [])]))
    }
}
