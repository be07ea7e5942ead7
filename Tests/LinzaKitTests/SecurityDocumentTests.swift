import Foundation
import Testing

/// docs/SECURITY.md names, next to each promise, the test that proves it: `Suite.test`, a
/// whole `Suite`, or a bare `test` of the suite named last before it. Each must exist in
/// `Tests/` as a `@Test` function of that suite, so that a renamed or removed test cannot
/// leave a promise pointing at nothing.
@Suite struct SecurityDocumentTests {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// A test the document names: its suite, and its function unless it names the suite.
    struct Citation: Hashable {
        var suite: String
        var test: String?
    }

    /// Every citation of `document`, in order.
    static func citations(in document: String) -> [Citation] {
        var citations: [Citation] = []
        var suite: String?
        // Code spans may run over a line break.
        for match in document.matches(of: /`([^`]+)`/) {
            let span = String(match.output.1)
            if let named = span.wholeMatch(of: /([A-Z]\w*Tests)(?:\.(\w+))?/) {
                suite = String(named.output.1)
                citations.append(Citation(suite: String(named.output.1), test: named.output.2.map(String.init)))
            } else if span.wholeMatch(of: /[a-z][a-z0-9]*[A-Z]\w*/) != nil, let suite {
                citations.append(Citation(suite: suite, test: span))
            }
        }
        return citations
    }

    /// Every `@Test` function in `Tests/`, with the type (suite or extension) it is declared in.
    static func tests() throws -> (suites: Set<String>, tests: Set<Citation>) {
        var suites = Set<String>(), tests = Set<Citation>()
        let folder = root.appendingPathComponent("Tests")
        for case let file as String in FileManager.default.enumerator(atPath: folder.path)!
        where file.hasSuffix(".swift") {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            var type: String?
            for (index, line) in lines.enumerated() {
                // Top-level declarations start at the first column; tests are inside them.
                // (Cheap prefix checks first: a regular expression on every line is slow.)
                if let first = line.first, first.isLetter || first == "@",
                    let declaration = line.firstMatch(
                        of: /^(?:@Suite.*? )?(?:(?:final|private|fileprivate) )?(?:struct|class|enum|extension) (\w+)/)
                {
                    type = String(declaration.output.1)
                    if line.hasPrefix("@Suite") || lines[max(index - 1, 0)].hasPrefix("@Suite") { suites.insert(type!) }
                }
                // A suite's members are indented once; functions nested in a test are not tests.
                guard line.hasPrefix("    @Test") || line.hasPrefix("    func "), let type,
                    let function = line.firstMatch(of: /^    (?:@Test.*\s)?func (\w+)\(/)
                else { continue }
                // The attribute is on this line or above it, after the previous member's end.
                for above in lines[max(index - 40, 0)...index].reversed() {
                    if above.hasPrefix("    @Test") {
                        tests.insert(Citation(suite: type, test: String(function.output.1)))
                        break
                    }
                    if above == "    }" || above.isEmpty { break }
                }
            }
        }
        return (suites, tests)
    }

    @Test func everyTestTheDocumentNamesExists() throws {
        let document = try String(contentsOf: Self.root.appendingPathComponent("docs/SECURITY.md"), encoding: .utf8)
        let citations = Self.citations(in: document)
        #expect(citations.count > 40, "the document's citations were not found: \(citations)")
        let (suites, tests) = try Self.tests()
        #expect(tests.count > 500, "the tests in Tests/ were not found")
        let missing = citations.filter { !suites.contains($0.suite) || ($0.test != nil && !tests.contains($0)) }
        #expect(
            missing.isEmpty,
            "docs/SECURITY.md names tests that do not exist: \(missing.map { [$0.suite, $0.test].compactMap { $0 }.joined(separator: ".") })"
        )
    }

    /// The reader of citations itself: a bare name belongs to the suite named before it.
    @Test func bareNamesBelongToTheSuiteNamedBeforeThem() {
        let text = "(`ATests.one`, `twoToo`; `B.c`, `BTests`, `threeToo`) `lower_case` `--flag` `fourToo`"
        #expect(
            Self.citations(in: text) == [
                Citation(suite: "ATests", test: "one"), Citation(suite: "ATests", test: "twoToo"),
                Citation(suite: "BTests", test: nil), Citation(suite: "BTests", test: "threeToo"),
                Citation(suite: "BTests", test: "fourToo"),
            ])
    }
}
