import Testing
@testable import LinzaBase
@testable import LinzaTables

/// Removing whole entries from `.stringsdict` files, every other byte kept.
@Suite struct StringsdictDocumentTests {
    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)</dict>
        </plist>

        """
    }

    static func entry(_ key: String) -> String {
        """
        \t<key>\(key)</key>
        \t<dict>
        \t\t<key>NSStringLocalizedFormatKey</key>
        \t\t<string>%#@n@</string>
        \t\t<key>n</key>
        \t\t<dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>other</key><string>%d \(key)</string></dict>
        \t</dict>

        """
    }

    @Test func removesWholeEntriesAndKeepsTheRest() throws {
        let text = Self.plist(Self.entry("a") + "\t<!-- b is next -->\n" + Self.entry("b") + Self.entry("c"))
        let document = try StringsdictDocument(path: "/p/en.lproj/L.stringsdict", bytes: Array(text.utf8))
        #expect(document.keys == ["a", "b", "c"])
        #expect(document.values == ["a": "%#@n@", "b": "%#@n@", "c": "%#@n@"])
        #expect(document.applying([]) == Array(text.utf8))
        let updated = document.applying(document.deletions(of: [0, 2]))
        #expect(String(decoding: updated, as: UTF8.self) == Self.plist("\t<!-- b is next -->\n" + Self.entry("b")))
        #expect(try StringsdictDocument(path: "/p/L.stringsdict", bytes: updated).keys == ["b"])
    }

    @Test func utf16AndCRLFStayAsTheyWere() throws {
        let text = Self.plist(Self.entry("a") + Self.entry("b")).replacing("\n", with: "\r\n")
        let bytes = TextEncoding.utf16BigEndian.encode(Array(text.utf8))
        let document = try StringsdictDocument(path: "/p/L.stringsdict", bytes: bytes)
        let updated = document.applying(document.deletions(of: [1]))
        #expect(
            updated
                == TextEncoding.utf16BigEndian.encode(
                    Array(Self.plist(Self.entry("a")).replacing("\n", with: "\r\n").utf8)))
    }

    @Test func refusesABrokenPropertyList() {
        #expect(throws: TableRefusal.self) {
            try StringsdictDocument(path: "/p/L.stringsdict", bytes: Array(Self.plist("\t<key>a</key>\n").utf8))
        }
    }
}
