import Foundation
import Testing

/// A headless Chromium, or nil: `LINZA_CHROMIUM`, else `chromium`, `chromium-browser` or
/// `google-chrome` on PATH, else the macOS applications.
enum Chromium {
    static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        // LINZA_CHROMIUM names the browser; set empty, it says there is none (the test skips).
        if let explicit = environment["LINZA_CHROMIUM"] { return explicit.isEmpty ? nil : explicit }
        let folders = (environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
        let candidates =
            ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
            .flatMap { name in folders.map { $0 + "/" + name } }
            + [
                "/Applications/Chromium.app/Contents/MacOS/Chromium",
                "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
            ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let skipReason: Comment = """
        Chromium not found: the HTML status page is not checked in a browser. \
        Install it (Scripts/install-dependencies.sh does: apt-get install chromium) or set LINZA_CHROMIUM.
        """

    /// Loads `file` headless, runs its scripts, and returns the DOM as it stands then and the
    /// console messages the page logged (Chromium writes them to standard error as
    /// `…:CONSOLE:…] "message", source: …` lines).
    static func load(_ file: URL) throws -> (dom: String, console: [String]) {
        let result = try ChildProcess.run(
            path!,
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr",
                "--v=0", "--dump-dom", file.absoluteString,
            ])
        #expect(result.status == 0, "chromium failed: \(result.standardError)")
        let console = result.standardError.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return (result.standardOutput, console)
    }
}

/// `linza status --format html` rendered by a real browser.
@Suite struct StatusHTMLTests {
    let fixture = LinzaBinary.repositoryRoot + "/Fixtures/Status"

    func page() throws -> (url: URL, html: String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("status-\(UUID()).html")
        let result = try LinzaBinary.run(["status", "--format", "html", "--output", url.path], in: fixture)
        #expect(result.status == 0)
        return (url, try String(contentsOf: url, encoding: .utf8))
    }

    @Test func pageIsSelfContainedAndListsMissingKeysWithTheirCallSites() throws {
        let (url, html) = try page()
        defer { try? FileManager.default.removeItem(at: url) }
        for external in ["src=", "<link", "@import", "url(", "http:", "https:"] {
            #expect(!html.contains(external), "the page must load nothing: found \(external)")
        }
        #expect(html.contains("prefers-color-scheme: dark") && html.contains("@media print"))
        // de misses settings.title (used at CartViewController.swift:8) and farewell (unused).
        // (Paths are relative to the git repository's root, or the fixture's folder outside one.)
        #expect(
            html.contains("<td><code>settings.title</code></td><td>App › Localizable</td><td>Settings</td><td><code>"))
        #expect(html.contains("App/Sources/CartViewController.swift:8</code></td>"))
        #expect(
            html.contains(
                "<td><code>farewell</code></td><td>App › Localizable</td><td>Goodbye</td>"
                    + "<td><span class=\"muted\">not used by code</span></td>"))
        // The heatmap: a cell per module and language.
        #expect(html.contains("title=\"Widget, fr: 1/2\">50 %</td>"))
    }

    @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
    func pageRendersInChromiumWithoutConsoleMessages() throws {
        let (url, _) = try page()
        defer { try? FileManager.default.removeItem(at: url) }
        let (dom, console) = try Chromium.load(url)
        #expect(console.isEmpty, "the page logged: \(console)")
        #expect(dom.contains("data-ready=\"1\""), "the page's script did not run to its end")
        #expect(dom.contains("<h1>Translation status</h1>"))
    }

    @Test(.enabled(if: Chromium.path != nil, Chromium.skipReason))
    func searchFiltersTheMissingKeys() throws {
        let (url, html) = try page()
        defer { try? FileManager.default.removeItem(at: url) }
        // Types into the search field after the page's own script ran.
        let typing = """
            <script>var field = document.getElementById("search"); field.value = "GREETING";
            field.dispatchEvent(new Event("input"));</script></body>
            """
        try html.replacing("</body>", with: typing).write(to: url, atomically: true, encoding: .utf8)
        let (dom, console) = try Chromium.load(url)
        #expect(console.isEmpty, "the page logged: \(console)")
        // Only ru misses greeting: one match (case-insensitive), ru open, fr and de hidden.
        #expect(dom.contains("<span id=\"matches\">1 match</span>"))
        #expect(dom.contains("<details class=\"language\" id=\"lang-ru\" open=\"\">"))
        #expect(
            dom.contains("<details class=\"language hidden\" open=\"\" id=\"lang-fr\">")
                || dom.contains("<details class=\"language hidden\" id=\"lang-fr\">"))
        #expect(dom.contains("<details class=\"language hidden\" id=\"lang-de\">"))
    }
}
