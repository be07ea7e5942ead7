import Testing

@testable import LinzaTables

@Suite struct ExchangeUnitAddressTests {
    @Test func idsAreXcodesAndReadBack() throws {
        let cases: [(TableFormat, ExchangeUnitAddress, String)] = [
            (.strings, .init(key: "a.b|==|c"), "a.b|==|c"),
            (
                .stringsdict, .init(key: "%ld color(s)", steps: [.formatKey]),
                "/%ld color(s):dict/NSStringLocalizedFormatKey:dict/:string"
            ),
            (
                .stringsdict, .init(key: "%1$d/%2$d item(s)", steps: [.variable("items"), .plural("one")]),
                "/%1$d/%2$d item(s):dict/items:dict/one:dict/:string"
            ),
            (
                .stringsdict, .init(key: "a:dict/b", steps: [.variable("v"), .plural("other")]),
                "/a:dict/b:dict/v:dict/other:dict/:string"
            ),
            (.xcstrings, .init(key: "%@ via %@"), "%@ via %@"),
            (.xcstrings, .init(key: "interpolation_key", steps: [.plural("one")]), "interpolation_key|==|plural.one"),
            (.xcstrings, .init(key: "k", steps: [.device("ipad")]), "k|==|device.ipad"),
            (.xcstrings, .init(key: "k", steps: [.device("iphone"), .plural("few")]), "k|==|device.iphone.plural.few"),
            (
                .xcstrings, .init(key: "one_substitution", steps: [.substitution("strings"), .plural("other")]),
                "one_substitution|==|substitutions.strings.plural.other"
            ),
            (
                .xcstrings, .init(key: "k", steps: [.substitution("a.b"), .plural("one")]),
                "k|==|substitutions.a.b.plural.one"
            ),
        ]
        for (format, address, id) in cases {
            #expect(address.id(format: format) == id)
            #expect(ExchangeUnitAddress(id: id, format: format) == address, "\(id)")
        }
    }

    @Test func idsNoFormatWritesAreNotAddresses() {
        #expect(ExchangeUnitAddress(id: "plain", format: .stringsdict) == nil)
        #expect(ExchangeUnitAddress(id: "/k:dict/:string", format: .stringsdict) == nil)
        #expect(ExchangeUnitAddress(id: "k|==|gender.male", format: .xcstrings) == nil)
        #expect(ExchangeUnitAddress(id: "k|==|plural.", format: .xcstrings) == nil)
        // A dot that ends the path names no step (found by the xliff fuzz target).
        #expect(ExchangeUnitAddress(id: "tap.hint|==|device.mac.", format: .xcstrings) == nil)
        #expect(ExchangeUnitAddress(id: "k|==|plural.one.", format: .xcstrings) == nil)
        #expect(ExchangeUnitAddress(id: "k|==|substitutions.n.plural.one.", format: .xcstrings) == nil)
        #expect(ExchangeUnitAddress(key: "k", steps: [.device("mac")]).id(format: .stringsdict) == nil)
        #expect(ExchangeUnitAddress(key: "k", steps: [.plural("one")]).id(format: .strings) == nil)
    }
}
