import Foundation
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
import LinzaTestSupport
import Testing

/// The keys of a module's tables the accessor map is made of, kept in the cache
/// (`AccessorKeys`, `ScanCache.accessorKeys`): read back as themselves, and used only while
/// every table file of the module is the one the record was made from.
@Suite struct AccessorKeysTests {
    /// Code reading keys through `L10n` members (`greeting.hello` -> `L10n.greeting_hello`),
    /// one of them a key only German has, so the map depends on every language's table.
    static func project() -> (directory: TemporaryDirectory, configuration: Configuration) {
        let directory = TemporaryDirectory()
        directory.write("en.lproj/Localizable.strings", "\"greeting.hello\" = \"Hello\";\n")
        directory.write("de.lproj/Localizable.strings", "\"greeting.hello\" = \"Hallo\";\n\"only.german\" = \"Nur\";\n")
        directory.write(
            "App/A.swift", "let a = L10n.greeting_hello\nlet b = L10n.only_german\nlet c = L10n.greeting_bye\n")
        let file = directory.write(
            ".linza.yml",
            """
            development_language: en
            required_languages: [en, de]
            accessors:
              - root: L10n
                naming: {replace: "[.]", with: "_"}

            """)
        return (directory, try! ConfigurationLoader.load(file: file))
    }

    static func report(_ linter: Linter) -> String {
        linter.lint().diagnostics.map { "\($0.location) \($0.ruleID) \($0.message)" }.joined(separator: "\n")
    }

    @Test func aRecordReadsBackAsItselfAndNothingElseDecodes() throws {
        let keys = AccessorKeys(byTable: [
            "Localizable": ["a", "b.c", "ü"], "Other": [], "Plurals": ["x_one", "x_other"],
        ])
        let bytes = keys.encoded()
        #expect(try AccessorKeys(decoding: bytes[...]) == keys)
        // The same keys make the same bytes, whatever order the sets hold them in.
        #expect(AccessorKeys(byTable: keys.byTable.mapValues { Set($0.reversed()) }).encoded() == bytes)
        for count in 0..<bytes.count {
            #expect(throws: BinaryDecodingError.self) { try AccessorKeys(decoding: bytes[..<count]) }
        }
        #expect(throws: BinaryDecodingError.self) { try AccessorKeys(decoding: (bytes + [0])[...]) }
        // A key given twice, a table named twice.
        var twice = BinaryWriter()
        twice.write(1)
        twice.write("Localizable")
        twice.write(2)
        twice.write("a")
        twice.write("a")
        #expect(throws: BinaryDecodingError.self) { try AccessorKeys(decoding: twice.bytes[...]) }
        var named = BinaryWriter()
        named.write(2)
        for _ in 0..<2 {
            named.write("Localizable")
            named.write(0)
        }
        #expect(throws: BinaryDecodingError.self) { try AccessorKeys(decoding: named.bytes[...]) }
    }

    @Test func keysComeFromTheRecordOnlyWhileEveryTableIsUnchanged() throws {
        let (directory, configuration) = Self.project()
        let cachePath = directory.path + "/cache/scan.cache"
        // A minute from now: no file is racy, so records are made and trusted by signature.
        let later = { FileSignature.now() + 60_000_000_000 }
        func cachedRun(hits: Int, _ comment: Comment) -> String {
            let cache = ScanCache(path: cachePath, key: 1, now: later())
            let text = Self.report(Linter(configuration: configuration, scanCache: cache))
            #expect(cache.accessorKeyHits == hits, comment)
            #expect(text == Self.report(Linter(configuration: configuration)), comment)
            cache.save()
            return text
        }
        let first = cachedRun(hits: 0, "no record yet")
        // German's own key is read through its member: missing in en, where it is used.
        #expect(first.contains("'only.german' is missing in en"))
        #expect(!first.contains("greeting.bye"))
        #expect(cachedRun(hits: 1, "unchanged tables") == first)

        // A key only another language's table gains makes a member too.
        directory.write(
            "de.lproj/Localizable.strings",
            "\"greeting.hello\" = \"Hallo\";\n\"only.german\" = \"Nur\";\n\"greeting.bye\" = \"Tschüss\";\n")
        let german = cachedRun(hits: 0, "the German table edited")
        #expect(german.contains("'greeting.bye' is missing in en"))
        #expect(cachedRun(hits: 1, "recorded again") == german)

        // The development table edited.
        directory.write(
            "en.lproj/Localizable.strings", "\"greeting.hello\" = \"Hello\";\n\"only.german\" = \"Only\";\n")
        let english = cachedRun(hits: 0, "the English table edited")
        #expect(!english.contains("'only.german' is missing in en"))
        _ = cachedRun(hits: 1, "recorded again")

        // A new language's table: the list of files changed.
        directory.write("fr.lproj/Localizable.strings", "\"greeting.bye\" = \"Salut\";\n")
        _ = cachedRun(hits: 0, "a table added")
        _ = cachedRun(hits: 1, "recorded again")
        // A table removed.
        try FileManager.default.removeItem(atPath: directory.path + "/fr.lproj/Localizable.strings")
        _ = cachedRun(hits: 0, "a table removed")
    }

    @Test func noRecordIsMadeFromTablesWithinTheRacyWindow() throws {
        let (directory, configuration) = Self.project()
        let cachePath = directory.path + "/cache/scan.cache"
        // The run starts as the files are written: they could change again unseen.
        for _ in 0..<2 {
            let cache = ScanCache(path: cachePath, key: 1, now: FileSignature.now())
            #expect(Self.report(Linter(configuration: configuration, scanCache: cache)).contains("only.german"))
            #expect(cache.accessorKeyHits == 0)
            cache.save()
        }
        let later = ScanCache(path: cachePath, key: 1, now: FileSignature.now() + 60_000_000_000)
        _ = Self.report(Linter(configuration: configuration, scanCache: later))
        #expect(later.accessorKeyHits == 0)
    }
}
