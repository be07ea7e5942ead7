import Foundation
import Testing
@testable import LinzaBase

/// JSON output: strings escaped on their bytes, and long arrays of items rendered on all
/// cores yet written exactly as one thread writes them.
@Suite struct JSONWriterTests {
    @Test func stringsAreEscapedAsJSONAsks() {
        let cases: [(String, String)] = [
            ("", #""""#),
            ("plain café 😀", #""plain café 😀""#),
            ("say \"hi\" \\ there", #""say \"hi\" \\ there""#),
            ("a\nb\rc\td", #""a\nb\rc\td""#),
            ("\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}", #""\u0000\u0001\u0008\u000c\u001f\#u{7F}""#),
            ("e\u{301} 한\"", #""e\#u{301} 한\"""#),
        ]
        for (text, expected) in cases {
            #expect(JSONValue.string(text).rendered() == expected)
            #expect(JSONValue.quote(text) == expected)
        }
        // What Foundation reads back is the text written.
        let all = cases.map(\.0)
        let json = JSONValue.array(all.map(JSONValue.string)).rendered()
        let decoded = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
        #expect(decoded == all)
    }

    /// Item counts around the sizes of a piece and of a run.
    @Test(arguments: [0, 1, 2, 63, 64, 65, 2047, 2048, 2049, 5000])
    func itemsRenderAsAnArrayOfTheSameValues(_ count: Int) {
        let item: @Sendable (Int) -> JSONValue = { index in
            .object([
                ("index", .number(index)),
                ("text", .string("finding \"\(index)\"\n")),
                ("nested", .items(count: index % 3) { .string("n\($0)") }),
            ])
        }
        let whole = JSONValue.object([("findings", .array((0..<count).map(item)))]).rendered(indent: "  ")
        let streamed = JSONValue.object([("findings", .items(count: count, item: item))]).rendered(indent: "  ")
        #expect(streamed == whole)
    }

    @Test func manyItemsRenderOnSeveralThreads() throws {
        try #require(ProcessInfoCores.active >= 2, "needs two cores")
        // The pool's helpers are shared with every other test running at the same time, so
        // one attempt may find them all busy; rendering on one thread never gets two.
        var most = 0
        for _ in 0..<20 where most < 2 {
            let threads = Lock()
            nonisolated(unsafe) var seen = Set<ObjectIdentifier>()
            _ = JSONValue.items(count: 256) { index in
                if index % 64 == 0 {
                    usleep(2_000)
                    threads.withLock { _ = seen.insert(ObjectIdentifier(Thread.current)) }
                }
                return .number(index)
            }.rendered()
            most = max(most, threads.withLock { seen.count })
        }
        #expect(most >= 2)
    }
}
