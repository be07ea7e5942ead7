import Foundation
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaSetup
@testable import LinzaSources
import LinzaTestSupport
@testable import LinzaWriting
import Testing

/// The scan cache: records read back as the scans they were made from, damaged files are
/// ignored, changed files are scanned again. (The randomized comparison of cached and
/// uncached runs is `CacheStalenessTests`, through `linza-bench staleness`.)
@Suite struct ScanCacheTests {
    static let fixtures = FuzzRegressionTests.root.path + "/Fixtures"
    /// The built-in call forms, as the tests' small projects use them.
    static let scanner = SourceScanner(
        recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "Localizable"))

    /// Every source file of every fixture, scanned with literals and with a configuration's
    /// own call forms where it has one (usages, templates, suppressions, problems, literals).
    static func fixtureScans() throws -> [ScannedSource] {
        var scans: [ScannedSource] = []
        let enumerator = FileManager.default.enumerator(atPath: fixtures)
        let scanner = SourceScanner(
            recognizer: CallRecognizer(
                functions: BuiltInFunctions.functions(swiftUI: true) + [
                    LocalizationFunction(name: "BPFLocalizedString", key: .position(0))
                ], defaultTable: "Localizable"), collectsLiterals: true)
        while let relative = enumerator?.nextObject() as? String {
            guard SourceScanner.language(ofFile: relative) != nil else { continue }
            let path = fixtures + "/" + relative
            guard let bytes = try? FileReader.read(path) else { continue }
            scans.append(scanner.scan(bytes, path: path))
        }
        return scans
    }

    /// A module's scans are looked up under the fingerprint of its scanner's settings: every
    /// field of a call form or accessor that can change a scan changes it, and equal settings
    /// (each module's own copy) share it; so do the scanners made from them.
    @Test func theScannersFingerprintTellsEverySettingApart() {
        let plain = Configuration(baseDirectory: "/project")
        var custom = plain
        custom.customFunctions = [LocalizationFunction(name: "tr", key: .position(0), table: .position(1))]
        let variants: [(String, (inout Configuration) -> Void)] = [
            ("default table", { $0.defaultTable = "Main" }),
            ("SwiftUI forms", { $0.swiftUI = true }),
            ("a built-in group disabled", { $0.disabledFunctions = ["NSLocalizedString"] }),
            ("the key's place", { $0.customFunctions[0].key = .label("key") }),
            ("the table's place", { $0.customFunctions[0].table = nil }),
            ("a value argument", { $0.customFunctions[0].value = .position(2) }),
            ("a comment argument", { $0.customFunctions[0].comment = .label("comment") }),
            ("a bundle argument", { $0.customFunctions[0].bundle = .label("bundle") }),
            ("the form's own table", { $0.customFunctions[0].defaultTable = "Other" }),
            ("literal keys only", { $0.customFunctions[0].literalKeyOnly = true }),
            ("interpolation forms", { $0.customFunctions[0].interpolationFormsKey = true }),
            ("languages", { $0.customFunctions[0].languages = [.swift] }),
            ("a message", { $0.customFunctions[0].form = .message }),
            ("the name", { $0.customFunctions[0].name = "t" }),
            ("an accessor", { $0.accessors = [AccessorSet(root: "L10n", naming: .swiftGen)] }),
        ]
        let base = ScanCache.fingerprint(of: custom, collectsLiterals: false)
        #expect(ScanCache.fingerprint(of: custom, collectsLiterals: false) == base)
        #expect(ScanCache.fingerprint(of: custom, collectsLiterals: true) != base)
        #expect(ScanCache.fingerprint(of: plain, collectsLiterals: false) != base)
        var seen: Set<UInt64> = [base, ScanCache.fingerprint(of: plain, collectsLiterals: false)]
        for (name, change) in variants {
            var changed = custom
            change(&changed)
            #expect(seen.insert(ScanCache.fingerprint(of: changed, collectsLiterals: false)).inserted, "\(name)")
        }
        // Scanners are kept by these settings too: each configuration gets its own forms.
        let code = Array("let a = tr(\"greeting\", \"Main\")\n".utf8)
        for _ in 0..<2 {
            #expect(Linter.scanner(for: plain, collectsLiterals: false).scan(code, path: "/p/A.swift").usages.isEmpty)
            #expect(
                Linter.scanner(for: custom, collectsLiterals: false).scan(code, path: "/p/A.swift").usages.map(
                    \.key.literal)
                    == ["greeting"])
        }
    }

    @Test func everyFixtureScanReadsBackAsItself() throws {
        let scans = try Self.fixtureScans()
        #expect(scans.count > 50)
        #expect(scans.contains { !$0.suppressions.isEmpty } && scans.contains { !$0.syntaxProblems.isEmpty })
        #expect(scans.contains { $0.usages.contains { $0.template != nil } })
        for scan in scans where scan.failure == nil {
            #expect(try ScannedSource(path: scan.path, decoding: scan.encoded()[...]) == scan, "\(scan.path)")
        }
    }

    /// `contentHash` stands for a scan's record and its path (a module's record is found by
    /// it): equal for a scan read back, different for every fixture scan and for a change
    /// of any part of one.
    @Test func aScansHashStandsForItsRecordAndItsPath() throws {
        let scans = try Self.fixtureScans().filter { $0.failure == nil }
        for scan in scans {
            #expect(try ScannedSource(path: scan.path, decoding: scan.encoded()[...]).contentHash == scan.contentHash)
        }
        #expect(Set(scans.map(\.contentHash)).count == scans.count)
        let scan = try #require(
            scans.first { !$0.usages.isEmpty && !$0.suppressions.isEmpty && !$0.literalHashes.isEmpty })
        let changes: [(inout ScannedSource) -> Void] = [
            { $0.path += "x" },
            { $0.usages[0].key = .literal("another.key") },
            { $0.usages[0].comment = ($0.usages[0].comment ?? "") + "!" },
            { $0.usages[0].location.column += 1 },
            { $0.suppressions.removeLast() },
            { $0.literalHashes[0] &+= 1 },
            { $0.declaredClasses.append("Other") },
            { $0.bundleProviders.append("Other") },
            { $0.usages.removeLast() },
        ]
        // A scan read back from its record hashes that record; changed afterwards (as the
        // bindings change scans), it forgets it and hashes as the same change made now does.
        var read = try ScannedSource(path: scan.path, decoding: scan.encoded()[...])
        var cached = scan
        _ = cached.encodedForCache()
        for change in changes {
            var changed = scan
            change(&changed)
            var changedRead = read
            change(&changedRead)
            var changedCached = cached
            change(&changedCached)
            #expect(changed.contentHash != scan.contentHash)
            #expect(changedRead.contentHash == changed.contentHash)
            #expect(changedCached.contentHash == changed.contentHash)
        }
        #expect(read.contentHash == scan.contentHash && cached.contentHash == scan.contentHash)
        let usages = read.usages
        read.usages = usages
        #expect(read.contentHash == scan.contentHash)
    }

    /// A record states at its head what is read of it outside its module's check
    /// (`RecordTraits`): a scan without any is taken from it undecoded (`isDeferred`), with
    /// its record's hash and its declarations, and decodes to the scan it was made from; a
    /// scan with any is not deferred; a record whose head lies is not decoded.
    @Test func aRecordIsDeferredOnlyWhenNothingOutsideItsModulesCheckReadsIt() throws {
        let scans = try Self.fixtureScans().filter { $0.failure == nil }
        let deferrable = scans.filter { $0.recordTraits.isDisjoint(with: .readOutsideTheCheck) }
        #expect(deferrable.count > 20 && deferrable.count < scans.count)
        #expect(deferrable.contains { !$0.usages.isEmpty && !$0.declaredClasses.isEmpty })
        for scan in scans {
            let record = scan.encoded()
            let deferred = ScannedSource(
                deferring: scan.path, record: record[...], rescan: { ScannedSource(path: "rescanned") })
            guard let deferred else {
                #expect(!scan.recordTraits.isDisjoint(with: .readOutsideTheCheck), "\(scan.path)")
                continue
            }
            #expect(scan.recordTraits.isDisjoint(with: .readOutsideTheCheck), "\(scan.path)")
            #expect(deferred.isDeferred && deferred.usages.isEmpty && deferred.literalHashes.isEmpty)
            #expect(
                deferred.declaredClasses == scan.declaredClasses && deferred.bundleProviders == scan.bundleProviders)
            #expect(deferred.contentHash == scan.contentHash)
            #expect(deferred.materialized() == scan && !deferred.materialized().isDeferred)
        }
        // A head that hides a suppression (a forged record) is refused by decoding.
        let suppressed = try #require(scans.first { !$0.suppressions.isEmpty })
        var record = suppressed.encoded()
        #expect(record[0] == UInt8(ScannedSource.RecordTraits.suppressions.rawValue))
        record[0] = 0
        #expect(throws: BinaryDecodingError.self) { try ScannedSource(path: suppressed.path, decoding: record[...]) }
        // A record that cannot be decoded after all is scanned again.
        let undecodable = ScannedSource(
            deferring: "/a.swift", record: [0, 0, 0, 9][...], rescan: { ScannedSource(path: "/b") })
        #expect(undecodable?.materialized() == ScannedSource(path: "/b"))
    }

    /// A warm `lint` leaves the records of unchanged files undecoded (their module answered
    /// by its record), decodes them for a module checked again, and binds a call naming a
    /// class of another module by that module's undecoded records: every run says what an
    /// uncached run says.
    @Test func undecodedRecordsLeaveEveryFindingAsItWas() throws {
        let project = TemporaryDirectory()
        for module in ["A", "B"] {
            project.write("\(module)/en.lproj/Localizable.strings", "\"\(module).key\" = \"K\";\n")
            project.write("\(module)/de.lproj/Localizable.strings", "\"other\" = \"O\";\n")
        }
        project.write("B/en.lproj/Localizable.strings", "\"B.key\" = \"K\";\n\"B.only\" = \"O\";\n")
        project.write("B/Anchor.swift", "final class Anchor {}\n")
        project.write("B/Code.swift", "let b = NSLocalizedString(\"B.key\", comment: \"\")\n")
        project.write(
            "B/Quiet.swift", "// linza:disable:next missing_key\nlet q = NSLocalizedString(\"B.key\", comment: \"\")\n")
        let code = "let a = NSLocalizedString(\"B.only\", bundle: Bundle(for: Anchor.self), comment: \"\")\n"
        project.write("A/Code.swift", code)
        project.write("A/More.swift", "let m = NSLocalizedString(\"A.key\", comment: \"\")\n")
        let file = project.write(
            ".linza.yml",
            "development_language: en\nrequired_languages: [en, de]\nmodules:\n"
                + "  - name: A\n    included: [A]\n  - name: B\n    included: [B]\n")
        let configuration = try ConfigurationLoader.load(file: file)
        let cachePath = project.path + "/cache/scan.cache"
        let later = FileSignature.now() + 60 * 1_000_000_000
        func lint() -> (deferred: Set<String>, cache: ScanCache) {
            let cache = ScanCache(path: cachePath, key: 1, now: later)
            let linter = Linter(configuration: configuration, scanCache: cache)
            let expected = Linter(configuration: configuration).lint().diagnostics
            #expect(linter.lint().diagnostics == expected)
            // The calls bound: `B.only` is read from B's tables, where German lacks it.
            #expect(expected.contains { $0.message.contains("B.only") && $0.location.file.hasSuffix("A/Code.swift") })
            #expect(!expected.contains { $0.location.file.hasSuffix("Quiet.swift") })
            #expect(expected.contains { $0.message.contains("A.key") && $0.location.file.hasSuffix("A/More.swift") })
            let scanned = Linter.scanModules(
                linter.discover(), names: ["A", "B"], cache: ScanCache(path: cachePath, key: 1, now: later),
                deferringRecords: true)
            #expect(cache.save())
            let deferred = scanned.joined().filter(\.isDeferred).map { $0.path.split(separator: "/").suffix(2) }
            return (Set(deferred.map { $0.joined(separator: "/") }), cache)
        }
        #expect(lint().deferred.isEmpty)
        let warm = lint()
        // Not the file with a suppression nor the one with a bundle call.
        #expect(warm.deferred == ["A/More.swift", "B/Anchor.swift", "B/Code.swift"] && warm.cache.moduleHits == 2)
        project.write("A/Code.swift", "// edited\n" + code)
        #expect(lint().cache.moduleHits == 1)
        project.write("B/Code.swift", "let b = NSLocalizedString(\"B.key\", comment: \"edited\")\n")
        #expect(lint().cache.moduleHits == 1)
    }

    @Test func aTruncatedOrAlteredRecordIsAnErrorNotACrash() throws {
        let scan = try #require(try Self.fixtureScans().max { $0.encoded().count < $1.encoded().count })
        let record = scan.encoded()
        for length in 0..<record.count {
            #expect(throws: BinaryDecodingError.self) {
                try ScannedSource(path: scan.path, decoding: record[..<length])
            }
        }
        // Any single byte changed either fails or decodes to some scan; it never traps.
        for index in record.indices {
            var altered = record
            altered[index] ^= 0xFF
            _ = try? ScannedSource(path: scan.path, decoding: altered[...])
        }
    }

    /// Records whose bytes are well formed but whose values no scan makes (a forged cache
    /// file with a valid checksum): rejected, since later steps rely on them.
    @Test func aRecordWithValuesNoScanMakesIsRejected() throws {
        let scans = try Self.fixtureScans()
        let suppressed = try #require(scans.first { !$0.suppressions.isEmpty })
        var backwards = suppressed
        backwards.suppressions[0].endLine = backwards.suppressions[0].location.line - 1
        #expect(throws: BinaryDecodingError.self) {
            try ScannedSource(path: backwards.path, decoding: backwards.encoded()[...])
        }

        let templated = try #require(scans.first { $0.usages.contains { $0.template != nil } })
        var empty = templated
        let index = try #require(empty.usages.firstIndex { $0.template != nil })
        empty.usages[index].template = KeyTemplate(segments: [])
        #expect(throws: BinaryDecodingError.self) {
            try ScannedSource(path: empty.path, decoding: empty.encoded()[...])
        }

        for (line, column) in [(0, 1), (1, 0), (Int.min, 1), (1, Int.max)] {
            var misplaced = templated
            misplaced.usages[0].location = Location(file: misplaced.path, line: line, column: column)
            #expect(throws: BinaryDecodingError.self) {
                try ScannedSource(path: misplaced.path, decoding: misplaced.encoded()[...])
            }
        }
    }

    @Test func theCacheFileAndItsNewFoldersAreTheUsersAlone() throws {
        let home = TemporaryDirectory()
        let path = home.path + "/cache/linza/0123456789abcdef/scan.cache"
        let file = home.write("A.swift", "let a = NSLocalizedString(\"key\", comment: \"\")\n")
        let cache = ScanCache(path: path, key: 1)
        _ = cache.scan(file, with: Self.scanner, fingerprint: 7)
        #expect(cache.save())
        func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
        }
        #expect(mode(path) == 0o600)
        for folder in ["/cache", "/cache/linza", "/cache/linza/0123456789abcdef"] {
            #expect(mode(home.path + folder) == 0o700, "\(folder)")
        }
    }

    @Test func aSecondRunTakesUnchangedFilesFromTheCache() throws {
        let project = TemporaryDirectory()
        let files = (0..<5).map {
            project.write("Sources/F\($0).swift", "let a = NSLocalizedString(\"key.\($0)\", comment: \"\")\n")
        }
        let cachePath = project.path + "/cache/scan.cache"
        let scanner = Self.scanner
        // Far in the future: no file is racy, so records are trusted by signature alone.
        let later = FileSignature.now() + 60 * 1_000_000_000

        let first = ScanCache(path: cachePath, key: 1, now: later)
        let scanned = files.map { first.scan($0, with: scanner, fingerprint: 7) }
        #expect((first.hits, first.misses) == (0, 5))
        #expect(first.save())

        let second = ScanCache(path: cachePath, key: 1, now: later)
        #expect(files.map { second.scan($0, with: scanner, fingerprint: 7) } == scanned)
        #expect((second.hits, second.misses) == (5, 0))

        // Another key (another Linza, an edited configuration) or other scanner settings: nothing is reused.
        let otherKey = ScanCache(path: cachePath, key: 2, now: later)
        _ = files.map { otherKey.scan($0, with: scanner, fingerprint: 7) }
        #expect(otherKey.hits == 0)
        let otherScanner = ScanCache(path: cachePath, key: 1, now: later)
        _ = files.map { otherScanner.scan($0, with: scanner, fingerprint: 8) }
        #expect(otherScanner.hits == 0)

        // An edited file is scanned again; the others come from the cache.
        project.write("Sources/F2.swift", "let a = NSLocalizedString(\"key.changed\", comment: \"\")\n")
        let third = ScanCache(path: cachePath, key: 1, now: later)
        let rescanned = files.map { third.scan($0, with: scanner, fingerprint: 7) }
        #expect((third.hits, third.misses) == (4, 1))
        #expect(rescanned[2].usages.map(\.key.literal) == ["key.changed"])
    }

    /// A module whose code and tables are as they were is answered by its record
    /// (`ModuleCheckRecord`), and keeps its language records while it is: after an edit in
    /// the other module, an edit in this one replays its unchanged languages.
    @Test func anUnchangedModuleIsAnsweredByItsRecordAndKeepsItsLanguageRecords() throws {
        let project = TemporaryDirectory()
        for module in ["A", "B"] {
            project.write("\(module)/en.lproj/Localizable.strings", "\"\(module).key\" = \"K\";\n\"gone\" = \"G\";\n")
            project.write("\(module)/de.lproj/Localizable.strings", "\"\(module).key\" = \"K\";\n")
            project.write("\(module)/fr.lproj/Localizable.strings", "\"other\" = \"O\";\n")
            project.write("\(module)/Code.swift", "let a = NSLocalizedString(\"\(module).key\", comment: \"\")\n")
        }
        let file = project.write(
            ".linza.yml",
            "development_language: en\nrequired_languages: [en, de, fr]\nmodules:\n"
                + "  - name: A\n    included: [A]\n  - name: B\n    included: [B]\n")
        let configuration = try ConfigurationLoader.load(file: file)
        let cachePath = project.path + "/cache/scan.cache"
        // Far in the future: no file is racy, so records are made and trusted by signature.
        let later = FileSignature.now() + 60 * 1_000_000_000
        func lint() -> (result: [Diagnostic], cache: ScanCache) {
            let cache = ScanCache(path: cachePath, key: 1, now: later)
            let result = Linter(configuration: configuration, scanCache: cache).lint().diagnostics
            #expect(result == Linter(configuration: configuration).lint().diagnostics)
            #expect(cache.save())
            return (result, cache)
        }
        let first = lint()
        #expect(first.cache.moduleHits == 0 && !first.result.isEmpty)
        let second = lint()
        #expect(second.cache.moduleHits == 2 && second.cache.passHits == 0)

        // A's code changed: A is checked again (its two languages replayed), B answered.
        project.write("A/Code.swift", "let a = NSLocalizedString(\"A.key\", comment: \"A\")\n")
        let third = lint()
        #expect(third.cache.moduleHits == 1 && third.cache.passHits == 2)
        // B's code changed: B's language records, unread by the run before, are still there.
        project.write("B/Code.swift", "let a = NSLocalizedString(\"gone\", comment: \"\")\n")
        let fourth = lint()
        #expect(fourth.cache.moduleHits == 1 && fourth.cache.passHits == 2)

        // A file moved, its bytes unchanged: the findings name the new path.
        try FileManager.default.moveItem(
            atPath: project.path + "/B/Code.swift", toPath: project.path + "/B/Moved.swift")
        let fifth = lint()
        #expect(fifth.cache.moduleHits == 1 && fifth.result.contains { $0.location.file.hasSuffix("B/Moved.swift") })
    }

    /// Lines added above a module's calls move its recorded findings (`ShiftedFindings`):
    /// no rule runs, the findings are a fresh check's, the moved record answers the next
    /// run, and the module's language records are kept for the next real change.
    @Test func codeThatOnlyMovedCarriesItsModulesFindingsOver() throws {
        let project = TemporaryDirectory()
        project.write("A/en.lproj/Localizable.strings", "\"key\" = \"K\";\n\"key.two\" = \"T\";\n")
        project.write("A/de.lproj/Localizable.strings", "\"other\" = \"O\";\n")
        project.write("A/fr.lproj/Localizable.strings", "\"other\" = \"O\";\n")
        // An accessor's use is a call once the module's sources are bound to the accessors:
        // the record holds the bound source's hash, not the scan's.
        let code = """
            let a = NSLocalizedString("key", comment: "")
            let t = LocalString.key_two

            """
        project.write("A/Code.swift", code)
        project.write("A/More.swift", "let b = NSLocalizedString(\"more\", comment: \"\")\n")
        let file = project.write(
            ".linza.yml",
            """
            development_language: en
            required_languages: [en, de, fr]
            accessors:
              - root: LocalString
                naming: {case: lower, replace: "[^A-Za-z0-9]", with: "_"}
                only_keys: true

            """)
        let configuration = try ConfigurationLoader.load(file: file)
        let cachePath = project.path + "/cache/scan.cache"
        let later = FileSignature.now() + 60 * 1_000_000_000
        func lint() -> (result: [Diagnostic], cache: ScanCache) {
            let cache = ScanCache(path: cachePath, key: 1, now: later)
            let result = Linter(configuration: configuration, scanCache: cache).lint().diagnostics
            #expect(result == Linter(configuration: configuration).lint().diagnostics)
            #expect(cache.save())
            return (result, cache)
        }
        let first = lint()
        #expect(first.cache.moduleHits == 0 && first.cache.movedModuleHits == 0)
        project.write("A/Code.swift", "// Moved down.\n\n" + code)
        let moved = lint()
        #expect(moved.cache.movedModuleHits == 1 && moved.cache.passHits == 0 && moved.cache.passMisses == 0)
        #expect(moved.result.contains { $0.location.file.hasSuffix("A/Code.swift") && $0.location.line == 3 })
        #expect(moved.result.contains { $0.key == "key.two" && $0.location.line == 4 })
        let again = lint()
        #expect(again.cache.moduleHits == 1 && again.cache.movedModuleHits == 0)
        // A real change: checked again, its two languages replayed from the records kept.
        project.write("A/Code.swift", "// Moved down.\n\n" + code.replacingOccurrences(of: "\"key\"", with: "\"gone\""))
        let changed = lint()
        #expect(changed.cache.movedModuleHits == 0 && changed.cache.moduleHits == 0 && changed.cache.passHits == 2)
    }

    /// An entry read from the file is written back as the file held it (`Entry.written`):
    /// the file so rewritten reads back as one written afresh from the same entries.
    @Test func entriesReadAreWrittenBackAsTheyWere() throws {
        let project = TemporaryDirectory()
        let files = (0..<5).map {
            project.write("F\($0).swift", "let a = NSLocalizedString(\"key.\($0)\", comment: \"c\")\n")
        }
        let path = project.path + "/scan.cache"
        let first = ScanCache(path: path, key: 1, now: FileSignature.now() + 60_000_000_000)
        _ = files.map { first.scan($0, with: Self.scanner, fingerprint: 7) }
        #expect(first.save())
        let read = try #require(ScanCacheFile.read(path, key: 1))
        #expect(read.count == 5 && read.values.allSatisfy { $0.written != nil })
        let afresh = read.mapValues {
            ScanCacheFile.Entry(signature: $0.signature, contentHash: $0.contentHash, record: Array($0.record)[...])
        }
        #expect(afresh.values.allSatisfy { $0.written == nil })
        for (name, entries) in [("verbatim", read), ("afresh", afresh)] {
            #expect(ScanCacheFile.write(entries, keeping: [:], to: project.path + "/\(name)", key: 1, limit: 1 << 20))
        }
        let verbatim = try #require(ScanCacheFile.read(project.path + "/verbatim", key: 1))
        let rewritten = try #require(ScanCacheFile.read(project.path + "/afresh", key: 1))
        #expect(Set(verbatim.keys) == Set(read.keys) && Set(rewritten.keys) == Set(read.keys))
        for key in read.keys {
            let (a, b) = (try #require(verbatim[key]), try #require(rewritten[key]))
            #expect(a.signature == b.signature && a.contentHash == b.contentHash && a.record == b.record)
            #expect(a.written == b.written)
        }
    }

    @Test func aRecentFileIsCheckedByItsContent() throws {
        let project = TemporaryDirectory()
        let file = project.write("A.swift", "let a = NSLocalizedString(\"key.1\", comment: \"\")\n")
        let cachePath = project.path + "/scan.cache"
        let scanner = Self.scanner
        // A clock that sees no difference between the two versions: the same signature.
        let frozen = try #require(FileSignature.of(file))
        let now = frozen.modified + 500_000_000
        let first = ScanCache(path: cachePath, key: 1, now: now, signature: { _ in frozen })
        _ = first.scan(file, with: scanner, fingerprint: 1)
        first.save()

        project.write("A.swift", "let a = NSLocalizedString(\"key.2\", comment: \"\")\n")
        let second = ScanCache(path: cachePath, key: 1, now: now, signature: { _ in frozen })
        #expect(second.scan(file, with: scanner, fingerprint: 1).usages.map(\.key.literal) == ["key.2"])
        #expect(second.misses == 1)
        second.save()

        // Unchanged, and now out of the racy window: a hit, kept without its hash from then on.
        let third = ScanCache(path: cachePath, key: 1, now: now + 10_000_000_000, signature: { _ in frozen })
        #expect(third.scan(file, with: scanner, fingerprint: 1).usages.map(\.key.literal) == ["key.2"])
        #expect(third.hits == 1)
    }

    @Test func aDamagedCacheFileIsIgnored() throws {
        let project = TemporaryDirectory()
        let files = (0..<3).map {
            project.write("F\($0).swift", "let a = NSLocalizedString(\"key.\($0)\", comment: \"\")\n")
        }
        let cachePath = project.path + "/scan.cache"
        let scanner = Self.scanner
        let later = FileSignature.now() + 60 * 1_000_000_000
        let first = ScanCache(path: cachePath, key: 1, now: later)
        let expected = files.map { first.scan($0, with: scanner, fingerprint: 1) }
        first.save()
        let bytes = try FileReader.read(cachePath)
        #expect(ScanCacheFile.read(cachePath, key: 1)?.count == 3)

        var damaged: [[UInt8]] = [[], Array("not a cache".utf8), Array(bytes.dropLast()), Array(bytes.dropFirst())]
        for index in stride(from: 0, to: bytes.count, by: 7) {
            var altered = bytes
            altered[index] ^= 0x20
            damaged.append(altered)
        }
        for content in damaged {
            try AtomicFile.write(content, to: cachePath)
            // Not a cache file (nil), or one whose only segment is cut short or damaged.
            #expect(ScanCacheFile.read(cachePath, key: 1)?.isEmpty ?? true)
            let cache = ScanCache(path: cachePath, key: 1, now: later)
            #expect(files.map { cache.scan($0, with: scanner, fingerprint: 1) } == expected)
            #expect(cache.hits == 0)
        }
    }

    /// A run that changed a few records appends them to the file it read; later runs read
    /// the newest record of each file. A damaged addition ends what is read (the records
    /// before it stand), a link there is never appended through, and the file is written
    /// anew before half of it is replaced records.
    @Test func changedRecordsAreAppendedToTheFileRead() throws {
        let project = TemporaryDirectory()
        let files = (0..<3).map {
            project.write("F\($0).swift", "let a = NSLocalizedString(\"key.\($0)\", comment: \"\")\n")
        }
        let cachePath = project.path + "/cache/scan.cache"
        let later = FileSignature.now() + 60 * 1_000_000_000
        func run() throws -> (cache: ScanCache, scans: [ScannedSource], bytes: [UInt8]) {
            let cache = ScanCache(path: cachePath, key: 1, now: later)
            let scans = files.map { cache.scan($0, with: Self.scanner, fingerprint: 1) }
            #expect(scans == files.map { Self.scanner.scanFile(at: $0) })
            #expect(cache.save())
            return (cache, scans, try FileReader.read(cachePath))
        }
        func edit(_ number: Int) {
            project.write("F2.swift", "let a = NSLocalizedString(\"key.edited.\(number)\", comment: \"\")\n")
        }
        let first = try run()
        edit(1)
        let second = try run()
        #expect((second.cache.hits, second.cache.misses) == (2, 1))
        #expect(second.bytes.count > first.bytes.count && second.bytes.starts(with: first.bytes))
        let third = try run()
        #expect((third.cache.hits, third.cache.misses) == (3, 0) && third.bytes == second.bytes)

        // The added segment damaged: the first one's records stand, the edited file's is
        // made again, and the file is written anew.
        var damaged = second.bytes
        damaged[damaged.count - 1] ^= 0x01
        try AtomicFile.write(damaged, to: cachePath)
        let fourth = try run()
        #expect((fourth.cache.hits, fourth.cache.misses) == (2, 1))
        #expect(fourth.bytes.count < second.bytes.count)

        // A link there is replaced, and the cache file it named keeps its bytes.
        let elsewhere = project.path + "/elsewhere.cache"
        try AtomicFile.write(fourth.bytes, to: elsewhere)
        try FileManager.default.removeItem(atPath: cachePath)
        try FileManager.default.createSymbolicLink(atPath: cachePath, withDestinationPath: elsewhere)
        edit(2)
        let fifth = try run()
        #expect((fifth.cache.hits, fifth.cache.misses) == (2, 1))
        #expect(try FileReader.read(elsewhere) == fourth.bytes)
        #expect(
            try FileManager.default.attributesOfItem(atPath: cachePath)[.type] as? FileAttributeType == .typeRegular)

        // Edits of one file, again and again: the file never holds more replaced records
        // than live ones and a segment.
        var sizes: [Int] = []
        for number in 3..<40 {
            edit(number)
            sizes.append(try run().bytes.count)
        }
        #expect(sizes.max()! <= 2 * fifth.bytes.count + 400)
        #expect(Set(sizes).count > 2)
    }

    @Test func projectsNotLintedForAMonthAreRemoved() throws {
        let shared = TemporaryDirectory()
        let current = CacheLocation.projectFolder(for: "/work/app", in: shared.path)
        let stale = CacheLocation.projectFolder(for: "/old/app", in: shared.path)
        let recent = CacheLocation.projectFolder(for: "/recent/app", in: shared.path)
        for folder in [stale, recent] { try AtomicFile.write([1], to: folder + "/" + CacheLocation.scanCacheName) }
        shared.write("notes/readme.txt", "not Linza's")
        let now = FileSignature.now() + Int64(CacheLocation.expiryDays + 1) * 86_400 * 1_000_000_000
        // The recent one was written "now" by the clock the tidy-up is given.
        var times = [
            timespec(tv_sec: Int(now / 1_000_000_000), tv_nsec: 0),
            timespec(tv_sec: Int(now / 1_000_000_000), tv_nsec: 0),
        ]
        _ = utimensat(AT_FDCWD, recent + "/" + CacheLocation.scanCacheName, &times, 0)

        CacheLocation.tidy(shared: shared.path, project: current, root: "/work/app", now: now)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: recent + "/" + CacheLocation.scanCacheName))
        #expect(FileManager.default.fileExists(atPath: shared.path + "/notes/readme.txt"))
        #expect(
            try String(contentsOfFile: current + "/" + CacheLocation.projectNoteName, encoding: .utf8) == "/work/app\n")
    }

    /// Other projects' folders are looked over once a day, not on every run.
    @Test func otherProjectsAreLookedOverOnceADay() throws {
        let shared = TemporaryDirectory()
        let current = CacheLocation.projectFolder(for: "/work/app", in: shared.path)
        let day = Int64(86_400) * 1_000_000_000
        let now = FileSignature.now() + Int64(CacheLocation.expiryDays + 1) * day
        func abandoned(_ root: String) throws -> String {
            let folder = CacheLocation.projectFolder(for: root, in: shared.path)
            try AtomicFile.write([1], to: folder + "/" + CacheLocation.scanCacheName)
            return folder
        }
        let first = try abandoned("/first/app")
        CacheLocation.tidy(shared: shared.path, project: current, root: "/work/app", now: now)
        #expect(!FileManager.default.fileExists(atPath: first))

        // Abandoned as long, but the folder was looked over an hour ago.
        let second = try abandoned("/second/app")
        CacheLocation.tidy(shared: shared.path, project: current, root: "/work/app", now: now + day / 24)
        #expect(FileManager.default.fileExists(atPath: second))
        // A day later it goes; so it does when the clock was set back past the last look.
        CacheLocation.tidy(shared: shared.path, project: current, root: "/work/app", now: now + day + 1)
        #expect(!FileManager.default.fileExists(atPath: second))
        let third = try abandoned("/third/app")
        CacheLocation.tidy(shared: shared.path, project: current, root: "/work/app", now: now)
        #expect(!FileManager.default.fileExists(atPath: third))
        #expect(FileManager.default.fileExists(atPath: current + "/" + CacheLocation.projectNoteName))
    }

    /// A project linted every day without edits rewrites no cache, but is not abandoned.
    @Test func aProjectLintedWithoutChangesDoesNotExpire() throws {
        let shared = TemporaryDirectory()
        let quiet = CacheLocation.projectFolder(for: "/quiet/app", in: shared.path)
        try AtomicFile.write([1], to: quiet + "/" + CacheLocation.scanCacheName)
        try AtomicFile.write("/quiet/app\n", to: quiet + "/" + CacheLocation.projectNoteName)
        let monthsAgo = timespec(tv_sec: time(nil) - 60 * 86_400, tv_nsec: 0)
        for name in [CacheLocation.scanCacheName, CacheLocation.projectNoteName] {
            var times = [monthsAgo, monthsAgo]
            _ = utimensat(AT_FDCWD, quiet + "/" + name, &times, 0)
        }
        // Linted today (nothing to rewrite), then another project's run tidies up.
        CacheLocation.tidy(shared: shared.path, project: quiet, root: "/quiet/app")
        CacheLocation.tidy(
            shared: shared.path, project: CacheLocation.projectFolder(for: "/other", in: shared.path), root: "/other")
        #expect(FileManager.default.fileExists(atPath: quiet + "/" + CacheLocation.scanCacheName))
    }

    /// Tidying never follows a link out of the cache folder, and removes what killed runs left.
    @Test func tidyingFollowsNoLinkAndRemovesLeftTemporaryFiles() throws {
        let shared = TemporaryDirectory()
        let outside = TemporaryDirectory()
        let usersFile = outside.write("project", "a file of the user's, not Linza's\n")
        let old = timespec(tv_sec: time(nil) - 60 * 86_400, tv_nsec: 0)
        var times = [old, old]
        _ = utimensat(AT_FDCWD, usersFile, &times, 0)
        _ = symlink(outside.path, shared.path + "/0123456789abcdef")

        let current = CacheLocation.projectFolder(for: "/work/app", in: shared.path)
        try AtomicFile.write([1], to: current + "/" + CacheLocation.scanCacheName)
        let leftOver = current + "/.scan.cache.linza-4242"
        let cookie = current + "/" + WatchClient.cookiePrefix + "4242-1"
        let fresh = current + "/.scan.cache.linza-4343"
        for path in [leftOver, cookie, fresh] { try AtomicFile.write([2], to: path) }
        times = [
            timespec(tv_sec: time(nil) - 2 * 3_600, tv_nsec: 0), timespec(tv_sec: time(nil) - 2 * 3_600, tv_nsec: 0),
        ]
        _ = utimensat(AT_FDCWD, leftOver, &times, 0)
        _ = utimensat(AT_FDCWD, cookie, &times, 0)

        CacheLocation.tidy(shared: shared.path, project: current, root: "/work/app")
        #expect(FileManager.default.fileExists(atPath: usersFile))
        #expect(!FileManager.default.fileExists(atPath: leftOver))
        #expect(!FileManager.default.fileExists(atPath: cookie))
        #expect(FileManager.default.fileExists(atPath: fresh))
    }
}
