import Testing
@testable import LinzaBase

@Suite struct OldStylePropertyListTests {
    func parse(_ text: String) throws -> PropertyListValue {
        try OldStylePropertyList.parse(Array(text.utf8))
    }

    @Test func readsWhatXcodeWrites() throws {
        let root = try parse(
            """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tA1 /* App */ = {isa = PBXGroup; children = (B2, "C 3", ); name = "My \\"App\\"\\U00e9"; };
            \t};
            \trootObject = A1 /* Project object */;
            }
            """)
        #expect(root["rootObject"]?.string == "A1")
        let group = try #require(root["objects"]?["A1"])
        #expect(group["children"]?.array == [.string("B2"), .string("C 3")])
        #expect(group["name"]?.string == "My \"App\"é")
    }

    @Test func errorsSayWhere() {
        #expect(throws: PropertyListSyntaxError(message: "unterminated dictionary", offset: 11)) {
            try parse("{ a = (b); ")
        }
        #expect(throws: PropertyListSyntaxError(message: "expected ';'", offset: 8)) { try parse("{ a = b }") }
        #expect(throws: PropertyListSyntaxError.self) { try parse(String(repeating: "(", count: 10_000)) }
    }
}
