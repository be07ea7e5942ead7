@testable import LinzaBase
@testable import LinzaKit
@testable import LinzaSources
import Testing

/// Code that opens a table's file itself (IINA's `ISO639.strings`, read into a dictionary):
/// which forms are such reads, which table each reads, and that a cached scan keeps them.
@Suite struct TableFileReadsTests {
    func reads(_ code: String, path: String = "File.swift") -> [String?] {
        scan(code, path: path).tableFileReads.map(\.table)
    }

    @Test func swiftBundleLookupsOfATablesFile() {
        #expect(
            reads(
                #"""
                let a = Bundle.main.path(forResource: "ISO639", ofType: "strings")!
                guard let b = Bundle.main.path(forResource: "KeyBinding", ofType: "strings"),
                  let dic = NSDictionary(contentsOfFile: b) as? [String: String] else { return [:] }
                let c = Bundle(for: Player.self).url(forResource: "Plurals", withExtension: "stringsdict")
                let d = Bundle.module.url(forResource: "Filters.strings", withExtension: nil)
                let e = Bundle.main.path(forResource: "Presets", ofType: "strings", inDirectory: nil, forLocalization: "en")
                let table = NSDictionary(contentsOfFile: e!)
                """#) == ["ISO639", "KeyBinding", "Plurals", "Filters", "Presets"])
    }

    @Test func objectiveCBundleLookupsOfATablesFile() {
        #expect(
            reads(
                #"""
                NSString *a = [[NSBundle mainBundle] pathForResource:@"ISO639" ofType:@"strings"];
                NSURL *b = [[NSBundle bundleForClass:[self class]] URLForResource:@"Menu" withExtension:@"strings"];
                NSDictionary *c = [NSDictionary dictionaryWithContentsOfFile:
                    [[NSBundle mainBundle] pathForResource:@"Keys.strings" ofType:nil]];
                """#, path: "File.m") == ["ISO639", "Menu", "Keys"])
    }

    /// Finding the bundle that holds the tables reads no key: a lookup compared with nil, or
    /// one in a file that reads no file's contents.
    @Test func aLookupThatOnlyFindsTheFileIsNoRead() {
        #expect(
            reads(
                #"""
                let data = NSDictionary(contentsOfFile: other)
                if Bundle.main.path(forResource: "Localizable", ofType: "strings") != nil { return .main }
                guard app.url(forResource: "Localizable", withExtension: "strings") == nil else { return app }
                """#) == [])
        #expect(
            reads(
                #"""
                NSDictionary *d = [NSDictionary dictionaryWithContentsOfFile:other];
                if ([[NSBundle mainBundle] pathForResource:@"Localizable" ofType:@"strings"] != nil) { return; }
                """#, path: "File.m") == [])
        #expect(reads(#"let path = Bundle.main.path(forResource: "Localizable", ofType: "strings")"#) == [])
        #expect(
            reads(
                #"""
                let path = Bundle.main.path(forResource: "Localizable", ofType: "strings")!
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let table = try PropertyListSerialization.propertyList(from: data, format: nil)
                """#) == ["Localizable"])
    }

    /// A name that is not a literal may be any table's; other resources are no table's.
    @Test func aNameLinzaCannotSeeIsAnyTableAndOtherResourcesAreNone() {
        #expect(
            reads(#"let a = NSDictionary(contentsOfFile: Bundle.main.path(forResource: name, ofType: "strings")!)"#)
                == [nil])
        #expect(
            reads(
                #"""
                let a = Bundle.main.path(forResource: "en", ofType: "lproj")
                let b = Bundle.main.url(forResource: "Settings", withExtension: "plist")
                let c = Bundle.main.path(forResource: "Localizable", ofType: type)
                let d = Bundle.main.url(forResource: "strings", withExtension: "json")
                let e = Bundle.main.path(forResource: "notes.strings.txt", ofType: nil)
                let f = loader(forResource: "ISO639")  // "strings" named elsewhere
                let g = NSDictionary(contentsOfFile: f)
                """#) == [])
    }

    @Test func theReadsPlaceAndItsCachedRecord() throws {
        let named = scan(
            "let greeting = 1\nlet a = Bundle.main.path(forResource: \"ISO639\", ofType: \"strings\")\n"
                + "let names = NSDictionary(contentsOfFile: a!)\n",
            path: "Languages.swift")
        #expect(
            named.tableFileReads == [
                TableFileRead(
                    table: "ISO639", location: Location(file: "/project/Languages.swift", line: 2, column: 39))
            ])
        let unnamed = scan(#"let a = Data(contentsOf: Bundle.main.url(forResource: name, withExtension: "strings")!)"#)
        for scanned in [named, unnamed] {
            #expect(try ScannedSource(path: scanned.path, decoding: scanned.encoded()[...]) == scanned)
        }
    }
}
