@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
import LinzaTestSupport
@testable import LinzaWriting
import Testing

@Suite struct GlobPatternTests {
    let base = "/project"

    func matches(_ pattern: String, _ path: String) -> Bool {
        GlobPattern(pattern, base: base).matches(path)
    }

    @Test func starsAndQuestionMarks() {
        #expect(matches("App/*.swift", "/project/App/Menu.swift"))
        #expect(!matches("App/*.swift", "/project/App/Menu/Cell.swift"))
        #expect(matches("App/Men?.swift", "/project/App/Menu.swift"))
        #expect(matches("App/[MP]*.swift", "/project/App/Profile.swift"))
        #expect(!matches("App/[!MP]*.swift", "/project/App/Profile.swift"))
    }

    @Test func doubleStarSpansAnyNumberOfFolders() {
        #expect(matches("**/Generated/**", "/project/App/Generated/Strings.swift"))
        #expect(matches("**/Generated/**", "/project/Generated"))
        #expect(matches("App/**/Cell.swift", "/project/App/Cell.swift"))
        #expect(matches("App/**/Cell.swift", "/project/App/Menu/Deep/Cell.swift"))
        #expect(!matches("App/**/Cell.swift", "/project/Other/Cell.swift"))
    }

    @Test func patternWithoutSlashMatchesAtAnyDepth() {
        #expect(matches("Generated", "/project/App/Generated"))
        #expect(matches("*.generated.swift", "/project/App/Strings.generated.swift"))
        #expect(!matches("Generated", "/elsewhere/Generated"))
    }

    @Test func theBaseFolderIsLiteralEvenWithGlobCharacters() {
        let pattern = GlobPattern("Modules/*/Sources", base: "/work/Apps [old]")
        #expect(pattern.matches("/work/Apps [old]/Modules/A/Sources"))
        #expect(!pattern.matches("/work/Apps o/Modules/A/Sources"))
        #expect(GlobPattern("**/Generated/**", base: "/w/a?").matches("/w/a?/App/Generated/G.swift"))
    }

    @Test func nonASCIINames() {
        #expect(matches("App/Пицц?.swift", "/project/App/Пиццы.swift"))
    }

    /// Whole patterns against a plain recursive matcher of the same grammar (`**` any number
    /// of folders, every other component matched on its own), over random patterns and paths:
    /// the quick check of the last name and names compared as bytes change no answer.
    @Test func agreesWithARecursiveMatcher() {
        func reference(_ pattern: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
            guard let first = pattern.first else { return names.isEmpty }
            if first == "**" {
                return (0...names.count).contains { reference(pattern.dropFirst(), names.dropFirst($0)) }
            }
            guard let name = names.first, GlobPattern.matchesName(first, name) else { return false }
            return reference(pattern.dropFirst(), names.dropFirst())
        }
        let parts = ["**", "*", "a", "b", "ab", "a*", "*b", "?", "[ab]", "[!a]*", "Tests", "*.swift"]
        let names = ["a", "b", "ab", "ba", "Tests", "x.swift", "a.swift", "c"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let pattern = (0..<Int.random(in: 1...4, using: &random)).map { _ in parts.randomElement(using: &random)! }
            let path = (0..<Int.random(in: 0...5, using: &random)).map { _ in names.randomElement(using: &random)! }
            let glob = GlobPattern("/" + pattern.joined(separator: "/"), base: base)
            #expect(
                glob.matches("/" + path.joined(separator: "/")) == reference(pattern[...], path[...]),
                "\(pattern.joined(separator: "/")) against /\(path.joined(separator: "/"))")
        }
    }
}

@Suite struct FileDiscoveryTests {
    let project = TemporaryDirectory()

    init() {
        for path in [
            "App/Menu.swift", "App/Generated/Strings.swift", "App/.hidden/Secret.swift", "App/._Menu.swift",
            "App/Pods/Lib/Lib.swift", "App/Resources/en.lproj/Localizable.strings",
            "App/Resources/pt_BR.lproj/Localizable.strings", "App/Resources/qqq.lproj/Localizable.strings",
            "App/Resources/notes.strings", "Modules/Checkout/Sources/Checkout.swift",
            "Modules/Checkout/Tests/CheckoutTests.swift", ".build/checkouts/Dep/Dep.swift", "README.md",
        ] {
            project.write(path, "")
        }
    }

    func discover(_ text: String) throws -> DiscoveredFiles {
        FileDiscovery.discover(try ConfigurationLoader.load(text: text, file: project.path + "/.linza.yml"))
    }

    func relative(_ paths: [String]) -> [String] {
        paths.map { Path.relative($0, to: project.path)! }
    }

    @Test func defaultsSkipHiddenAndToolFolders() throws {
        let files = try discover("")
        #expect(
            relative(files.sources) == [
                "App/Generated/Strings.swift", "App/Menu.swift",
                "Modules/Checkout/Sources/Checkout.swift", "Modules/Checkout/Tests/CheckoutTests.swift",
            ])
        #expect(files.tables.map(\.language) == ["en", "pt-BR"])
        #expect(files.tables.map(\.displayName) == ["en.lproj/Localizable.strings", "pt_BR.lproj/Localizable.strings"])
    }

    @Test func excludedGlobsAndIncludedGlobs() throws {
        let files = try discover(
            """
            included: [App, "Modules/*/Sources"]
            excluded: ["**/Generated/**"]
            """)
        #expect(relative(files.sources) == ["App/Menu.swift", "Modules/Checkout/Sources/Checkout.swift"])
    }

    /// Plain names, as `linza init` writes them, are looked up by the path's last name first.
    @Test func excludedPlainNames() throws {
        project.write("App/Caf\u{E9}/Menu.swift", "")
        project.write("Modules/Caf\u{E9}/Menu.swift", "")
        let files = try discover(#"excluded: [Tests, Generated, "App/Caf\u00E9"]"#)
        #expect(
            relative(files.sources) == [
                "App/Menu.swift", "Modules/Caf\u{E9}/Menu.swift",
                "Modules/Checkout/Sources/Checkout.swift",
            ])
        // One pattern with a wildcard name: every path is matched against every pattern.
        let globbed = try discover(#"excluded: [Tests, "Gen*"]"#)
        #expect(relative(globbed.sources).count == 4)
    }

    @Test func resourcesNarrowTableSearch() throws {
        let files = try discover("included: [Modules]\nresources: [App/Resources]")
        #expect(files.tables.count == 2)
        #expect(
            relative(files.sources) == [
                "Modules/Checkout/Sources/Checkout.swift", "Modules/Checkout/Tests/CheckoutTests.swift",
            ])
    }
}

@Suite struct LanguageCodeTests {
    @Test func normalisation() {
        #expect(LanguageCode.normalize("en") == "en")
        #expect(LanguageCode.normalize("pt_BR") == "pt-BR")
        #expect(LanguageCode.normalize("pt-br") == "pt-BR")
        #expect(LanguageCode.normalize("zh-hans") == "zh-Hans")
        #expect(LanguageCode.normalize("zh_Hant_TW") == "zh-Hant-TW")
        #expect(LanguageCode.normalize("es-419") == "es-419")
        #expect(LanguageCode.normalize("English") == "en")
        #expect(LanguageCode.normalize("Base") == "Base")
    }

    @Test func nonLanguages() {
        #expect(LanguageCode.normalize("qqq") == nil)
        #expect(LanguageCode.normalize("Resources") == nil)
        #expect(LanguageCode.normalize("e") == nil)
        #expect(LanguageCode.normalize("en-") == nil)
    }
}

@Suite struct PathContainmentTests {
    /// `isInside` answers as `relative(_:to:) != nil` does, for ASCII and other paths.
    @Test func isInsideAgreesWithRelative() {
        let names = ["", "/", "a", "ab", "a/b", "Пицца", "e\u{301}", "\u{E9}", "a b", ".."]
        let paths = names.flatMap { first in names.map { "/" + first + "/" + $0 } } + names
        for path in paths {
            for base in paths {
                #expect(Path.isInside(path, base) == (Path.relative(path, to: base) != nil), "\(path) in \(base)")
            }
        }
        #expect(Path.isInside("/project/App/A.swift", "/project"))
        #expect(!Path.isInside("/project2/A.swift", "/project"))
        #expect(Path.isInside("/anything", "/"))
    }

    /// The byte-wise `normalize` gives what splitting into names and joining them gives.
    @Test func normalizeRemovesDotsAndEmptyNames() {
        func reference(_ path: String) -> String {
            var names: [Substring] = []
            for name in path.utf8.split(separator: UInt8(ascii: "/")).map({
                Substring(String(decoding: $0, as: UTF8.self))
            }) {
                if name == "." { continue }
                if name == ".." {
                    if !names.isEmpty { names.removeLast() }
                    continue
                }
                names.append(name)
            }
            return "/" + names.joined(separator: "/")
        }
        let names = ["", ".", "..", "a", "...", ".a", "a.", "Пицца", "e\u{301}", "\u{301}x"]
        var paths = names
        for first in names {
            for second in names {
                paths += ["/" + first + "/" + second, first + "/" + second + "/", "//" + first + "//" + second]
            }
        }
        for path in paths {
            #expect(Path.normalize(path) == reference(path), "\(path)")
        }
        #expect(Path.normalize("/a/./b/../c//d/") == "/a/c/d")
        #expect(Path.normalize("/../..") == "/")
        #expect(Path.normalize("") == "/")
        #expect(Path.normalize("/project/App") == "/project/App")
        // A slash before a combining mark separates names on disk, though it is one Character.
        #expect(Path.normalize("/a//\u{301}b/..") == "/a")
        #expect(Path.absolute("b/../c", relativeTo: "/a") == "/a/c")
        #expect(Path.absolute("/x/./y", relativeTo: "/a") == "/x/y")
    }

    @Test func parentAndLastComponentSplitAtTheLastSlash() {
        #expect(Path.parent("/a/b") == "/a" && Path.lastComponent("/a/b") == "b")
        #expect(Path.parent("/a") == "/" && Path.lastComponent("/a") == "a")
        #expect(Path.parent("a") == "." && Path.lastComponent("a") == "a")
        #expect(
            Path.parent("/Пицца/e\u{301}.lproj") == "/Пицца"
                && Path.lastComponent("/Пицца/e\u{301}.lproj") == "e\u{301}.lproj")
        #expect(Path.lastComponent("/a/") == "" && Path.parent("/a/") == "/a")
    }

    @Test func languageFoldersAreToldByTheirNameEnding() {
        #expect(Path.isInLanguageFolder("/p/de.lproj/Localizable.strings"))
        #expect(Path.isInLanguageFolder("/p/Base.lproj/Main.strings"))
        #expect(!Path.isInLanguageFolder("/p/Resources/Localizable.xcstrings"))
        #expect(!Path.isInLanguageFolder("/p/de.lproj.bak/Localizable.strings"))
        #expect(Path.isLanguageFolderName(".lproj") && !Path.isLanguageFolderName("lproj"))
    }

    /// `ancestors` lists exactly the bases a path is inside.
    @Test func ancestorsAreTheBasesAPathIsInside() {
        #expect(Path.ancestors(of: "/a/b/c") == ["/a/b/c", "/a/b", "/a", "/"])
        #expect(Path.ancestors(of: "/") == ["/"])
        let paths = ["/", "/a", "/a/b", "/ab", "/a/b/c", "/Пицца/e\u{301}", "/Пицца"]
        for path in paths {
            for base in paths {
                #expect(Path.ancestors(of: path).contains(base) == Path.isInside(path, base), "\(path) in \(base)")
            }
        }
    }

    @Test func hasComponentFindsWholeNamesOnly() {
        #expect(Path.hasComponent("/a/Settings.bundle/en.lproj/Root.strings", named: "Settings.bundle"))
        #expect(Path.hasComponent("Settings.bundle", named: "Settings.bundle"))
        #expect(!Path.hasComponent("/a/MySettings.bundle/Root.strings", named: "Settings.bundle"))
        #expect(!Path.hasComponent("/a/Settings.bundles/Root.strings", named: "Settings.bundle"))
        #expect(Path.hasComponent("/a/Пицца/b", named: "Пицца") && !Path.hasComponent("/a/Пицц/b", named: "Пицца"))
    }
}
