import Foundation
import Testing

/// `linza --reporter html` rendered by a real browser, and `--reporter markdown` as a table.
@Suite struct LintHTMLTests {
    let project: ProjectCopy

    init() throws {
        project = try ProjectCopy("SampleApp")
    }

    func page() throws -> (url: URL, html: String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID()).html")
        let result = try LinzaBinary.run(["--reporter", "html", "--output", url.path, "--quiet"], in: project.path)
        #expect(result.status == 1)
        return (url, try String(contentsOf: url, encoding: .utf8))
    }

    @Test func pageIsSelfContainedAndSharesTheStatusPageLook() throws {
        let (url, html) = try page()
        defer { try? FileManager.default.removeItem(at: url) }
        for external in ["src=", "<link", "@import", "url(", "http:", "https:", "<script"] {
            #expect(!html.contains(external), "the page must load nothing: found \(external)")
        }
        // The status page's style sheet, whole, and a row per finding (14 in the sample).
        #expect(html.contains("prefers-color-scheme: dark") && html.contains("--poor: #c4302b"))
        #expect(html.components(separatedBy: "<tr class=\"error\">").count - 1 == 7)
        #expect(html.components(separatedBy: "<tr class=\"warning\">").count - 1 == 7)
        #expect(html.contains("<td><code>App/Profile/ProfileView.swift:10:39</code></td>"))
    }

    @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
    func pageRendersInChromiumWithoutConsoleMessages() throws {
        let (url, _) = try page()
        defer { try? FileManager.default.removeItem(at: url) }
        let (dom, console) = try Chromium.load(url)
        #expect(console.isEmpty, "the page logged: \(console)")
        #expect(dom.contains("<h1>Localization findings</h1>"))
        #expect(dom.contains("7 errors and 7 warnings in 9 source files and 12 table files (3 languages)."))
    }

    /// Every finding row of the markdown report has the table's four cells: a pipe in a
    /// message cannot break a row.
    @Test func markdownRowsKeepTheirCells() throws {
        let result = try LinzaBinary.run(["--reporter", "markdown", "--quiet"], in: project.path)
        let rows = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("| ❌") || $0.hasPrefix("| ⚠️") }
        #expect(rows.count == 14)
        for row in rows {
            #expect(row.replacing("\\|", with: "").count(where: { $0 == "|" }) == 5, "\(row)")
        }
    }
}
