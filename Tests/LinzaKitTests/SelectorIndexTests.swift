import Testing
@testable import LinzaConfiguration

/// `SelectorIndex` answers, for every path, what asking each selector in turn answers:
/// roots that are files or folders, with and without patterns, nested, sharing a prefix
/// that is not a folder, ending in `/`, `/` itself, and roots that are equal to paths only
/// canonically (NFC against NFD, the Kelvin sign against `K`).
@Suite struct SelectorIndexTests {
    static let selectors: [PathSelector] = [
        PathSelector(root: "/p/App"),
        PathSelector(root: "/p/App/Core/Colors.swift"),
        PathSelector(root: "/p/Apple"),
        PathSelector(root: "/p/Kit/Sources", pattern: GlobPattern("Kit/Sources/**/*View.swift", base: "/p")),
        PathSelector(root: "/p/Trailing/"),
        PathSelector(root: "/p/Caf\u{E9}"),
        PathSelector(root: "/p/Caf\u{65}\u{301}2"),
        PathSelector(root: "/p/\u{212A}elvin"),
        PathSelector(root: "/p/Deep/a/b/c"),
    ]

    static let paths: [String] = [
        "/p/App", "/p/App/Main.swift", "/p/App/Sub/Deep/File.m", "/p/Apple/x.swift", "/p/Apples/x.swift",
        "/p/Ap", "/p/App/Core/Colors.swift", "/p/App/Core/Colors.swift/x", "/p/App/Core/Colors.swiftx",
        "/p/Kit/Sources/A/BView.swift", "/p/Kit/Sources/A/B.swift", "/p/Kit/Sources/View.swift",
        "/p/Kit/SourcesView.swift", "/p/Trailing/x.swift", "/p/Trailing//x.swift", "/p/Trailing",
        "/p/Caf\u{E9}/x.swift", "/p/Caf\u{65}\u{301}/x.swift", "/p/Caf\u{E9}2/x.swift", "/p/Kelvin/x.swift",
        "/p/\u{212A}elvin/x.swift", "/p/Deep/a/b/c/d.swift", "/p/Deep/a/b/x.swift", "/q/App/Main.swift",
        "relative/App.swift", "", "/",
    ]

    @Test func answersAsEverySelectorAskedInTurn() {
        for count in 0...Self.selectors.count {
            let selectors = Array(Self.selectors.prefix(count))
            let index = SelectorIndex(selectors)
            for path in Self.paths {
                #expect(
                    index.selects(path) == FileDiscovery.selects(selectors, path),
                    "\(count) selectors, \(path.debugDescription)")
            }
        }
        // `/` holds every absolute path.
        let everything = SelectorIndex([PathSelector(root: "/")])
        #expect(everything.selects("/p/App/Main.swift"))
        #expect(!everything.selects("relative.swift"))
    }

    /// Many single-file selectors, as `linza init` writes a module's files.
    @Test func manyFileSelectorsAnswerAsAskedInTurn() {
        let selectors = (0..<600).map { PathSelector(root: "/p/App/Folder\($0 % 37)/File\($0).swift") }
        let index = SelectorIndex(selectors)
        for number in stride(from: 0, to: 1200, by: 7) {
            for path in [
                "/p/App/Folder\(number % 37)/File\(number).swift", "/p/App/Folder\(number % 37)/File\(number)",
            ] {
                #expect(index.selects(path) == FileDiscovery.selects(selectors, path), "\(path)")
            }
        }
    }
}
