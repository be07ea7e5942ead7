import Foundation
@testable import LinzaBase
@testable import LinzaLint
@testable import LinzaSources
import LinzaTestSupport
import Testing

/// The scan cache of a project of a million calls (issue 37): its records take a few bytes
/// per call, and its size limit follows the project, while a file larger than the project
/// explains is still not read.
@Suite struct ScanCacheScaleTests {
    static let scanner = SourceScanner(
        recognizer: CallRecognizer(functions: BuiltInFunctions.functions(), defaultTable: "Localizable"),
        collectsLiterals: true)

    @Test func repeatedCallsTakeAFewBytesEachInARecord() throws {
        var text = "func screen() {\n"
        for index in 0..<2000 {
            text += "    _ = NSLocalizedString(\"screen.item.\(index)\", comment: \"Item \(index % 50)\")\n"
        }
        let scan = Self.scanner.scan(Array((text + "}\n").utf8), path: "/p/Screen.swift")
        #expect(scan.usages.count == 2000 && scan.literalHashes.count == 4000)
        let record = scan.encoded()
        // Each call's function, table and comment, and each literal's hash, are written once:
        // about 45 bytes a call, where writing each in full took about 87.
        #expect(record.count < 2000 * 55, "\(record.count) bytes")
        #expect(try ScannedSource(path: scan.path, decoding: record[...]) == scan)
    }

    @Test func aCacheFileLargerThanItsLimitIsReadOnlyWhenTheProjectExplainsIt() throws {
        let project = TemporaryDirectory()
        let files = (0..<5).map {
            project.write("Sources/F\($0).swift", "let a = NSLocalizedString(\"key.\($0)\", comment: \"\")\n")
        }
        let cachePath = project.path + "/cache/scan.cache"
        let later = FileSignature.now() + 60 * 1_000_000_000
        let first = ScanCache(path: cachePath, key: 1, now: later)
        for file in files { _ = first.scan(file, with: Self.scanner, fingerprint: 7) }
        #expect(first.save())
        let size = try #require(FileSignature.of(cachePath)?.size)

        // Above the least limit (lowered here from 64 MiB): the file waits for the run's inputs,
        // and inputs that do not explain its size leave it unread.
        let unexplained = ScanCache(path: cachePath, key: 1, now: later, minimumLimit: Int(size) - 1)
        unexplained.admit(inputs: [files[0]])
        _ = unexplained.scan(files[0], with: Self.scanner, fingerprint: 7)
        #expect(unexplained.hits == 0)

        // A project twice the file's size explains it.
        let large = project.write("Sources/Large.swift", String(repeating: "//\n", count: Int(size) / 3 + 1))
        let explained = ScanCache(path: cachePath, key: 1, now: later, minimumLimit: Int(size) - 1)
        explained.admit(inputs: files + [large])
        _ = explained.scan(files[0], with: Self.scanner, fingerprint: 7)
        #expect(explained.hits == 1)
    }

    @Test func theLimitFollowsTheProject() {
        #expect(ScanCacheFile.limit(forInputBytes: 0) == 64 << 20)
        #expect(ScanCacheFile.limit(forInputBytes: 40 << 20) == 80 << 20)
        #expect(ScanCacheFile.limit(forInputBytes: 10, minimum: 100) == 100)
        #expect(ScanCacheFile.limit(forInputBytes: Int64.max) > 0)
    }
}
