import Foundation
import Testing

/// The benchmark corpus must be the same bytes for the same seed (so figures can be
/// repeated) and must hold exactly the findings its manifest plants (so the benchmark
/// measures a complete, correct run).
@Suite struct CorpusGeneratorTests {
    static var bench: String {
        URL(fileURLWithPath: LinzaBinary.path).deletingLastPathComponent().appendingPathComponent("linza-bench").path
    }

    func generate(seed: Int, into folder: String) throws -> ChildProcess.Result {
        try ChildProcess.run(
            Self.bench,
            [
                "generate", "--lines", "60000", "--languages", "8", "--seed", "\(seed)",
                "--output", folder,
            ])
    }

    func files(in folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                result[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return result
    }

    @Test func sameSeedSameBytesAndExactlyThePlantedFindings() throws {
        let root = FileManager.default.temporaryDirectory.path + "/linza-corpus-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try generate(seed: 7, into: root + "/a").status == 0)
        #expect(try generate(seed: 7, into: root + "/b").status == 0)
        #expect(try generate(seed: 8, into: root + "/c").status == 0)
        let first = try files(in: root + "/a")
        #expect(first.count > 200)
        #expect(first == (try files(in: root + "/b")))
        #expect(first != (try files(in: root + "/c")))
        // Every format is there: UTF-8 and UTF-16 .strings, .stringsdict, a catalog, Objective-C.
        #expect(
            first.keys.contains { $0.hasSuffix(".stringsdict") } && first.keys.contains { $0.hasSuffix(".xcstrings") })
        #expect(first.keys.contains { $0.hasSuffix(".m") })
        #expect(first.values.contains { $0.starts(with: [0xFF, 0xFE]) })

        let manifest = try JSONSerialization.jsonObject(with: first["linza-corpus.json"]!) as! [String: Any]
        let lint = try LinzaBinary.run(["--reporter", "json", "--quiet"], in: root + "/a")
        #expect(lint.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(lint.standardOutput.utf8)) as! [String: Any]
        var counts: [String: Int] = [:]
        for finding in report["findings"] as! [[String: Any]] { counts[finding["rule"] as! String, default: 0] += 1 }
        #expect(
            counts == [
                "missing_key": manifest["missingKeys"] as! Int, "unused_key": manifest["unusedKeys"] as! Int,
                "dynamic_key": manifest["dynamicKeys"] as! Int,
            ])
    }
}
