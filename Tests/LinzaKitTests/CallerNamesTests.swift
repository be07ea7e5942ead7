import Testing
@testable import LinzaSources

/// The names through which other files reach a Swift file's calls, and where a file
/// spells them (`init` reads them to place a source several modules compile).
@Suite struct CallerNamesTests {
    /// The names around the first `NSLocalizedString` on each line holding one.
    private func enclosing(_ text: String) -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let positions = lines.enumerated().compactMap { index, line -> (line: Int, column: Int)? in
            guard let range = line.range(of: "NSLocalizedString") else { return nil }
            return (index + 1, line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)
        }
        return CallerNames.enclosing(positions, inSwift: Array(text.utf8))
    }

    @Test func aCallIsReachedThroughItsMemberAndTheTypesAroundIt() {
        let names = enclosing(
            """
            extension Bundle {
                var localizedNameAndVersion: String {
                    String(format: NSLocalizedString("%1$@ v%2$@", comment: ""), name, version)
                }
                static let appTitle = NSLocalizedString("App", comment: "")
            }
            struct SupportView: View {
                var body: some View {
                    Button(action: { dismiss() }) { Text(NSLocalizedString("Close", comment: "")) }
                }
                enum Row {
                    case about
                    var title: String {
                        switch self { case .about: return NSLocalizedString("About", comment: "") }
                    }
                }
                init() { _ = NSLocalizedString("Init", comment: "") }
            }
            func report() -> String {
                let closure = { NSLocalizedString("Report", comment: "") }
                return closure()
            }
            """)
        // An extension names a type declared elsewhere: only the member reaches the call.
        #expect(names[0] == ["localizedNameAndVersion"])
        // A stored property's initial value belongs to it.
        #expect(names[1] == ["appTitle"])
        // Closures and statements inside a member are the member's.
        #expect(names[2] == ["body", "SupportView"])
        #expect(names[3] == ["title", "SupportView", "Row"])
        // An initializer is reached through its type.
        #expect(names[4] == ["SupportView"])
        // A local `let` inside a function is not what callers name.
        #expect(names[5] == ["report"])
    }

    @Test func aCallAtFileLevelOutsideDeclarationsHasNoNames() {
        #expect(enclosing("print(NSLocalizedString(\"Top\", comment: \"\"))") == [[]])
    }

    @Test func mentionsAreUsesNotDeclarationsLabelsCommentsOrStrings() {
        let names: Set<String> = ["localizedNameAndVersion", "SupportView", "title", "appTitle"]
        let declaring = """
            // localizedNameAndVersion, in a comment
            let text = "SupportView"
            var localizedNameAndVersion: String { "" }
            struct SupportView {}
            func show(title: String, appTitle: Int) {}
            """
        #expect(CallerNames.mentioned(names, in: Array(declaring.utf8), path: "A.swift").isEmpty)
        let using = """
            label.text = Bundle.main.localizedNameAndVersion
            let view = SupportView()
            """
        #expect(
            CallerNames.mentioned(names, in: Array(using.utf8), path: "B.swift")
                == ["localizedNameAndVersion", "SupportView"])
        // Objective-C reaches an `@objc` member through a message send, with its selector's colon.
        let objectiveC = "NSString *t = [bundle localizedNameAndVersion]; [row title:1];"
        #expect(
            CallerNames.mentioned(names, in: Array(objectiveC.utf8), path: "C.m")
                == ["localizedNameAndVersion", "title"])
    }
}
