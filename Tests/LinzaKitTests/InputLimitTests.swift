import Foundation
import LinzaKit
import LinzaTestSupport
import Testing

/// docs/SECURITY.md's "Limits inside files": each reader takes input nested exactly as deep
/// as its limit and refuses one level more with a syntax error at the element that crosses
/// it; the XML property-list reader expands no entity a DOCTYPE declares. The limits are
/// written out here, not read from the readers, so that a changed limit fails until the
/// document says the new one.
@Suite struct InputLimitTests {
    /// `depth` nested openers, then their closers.
    func nested(_ depth: Int, _ open: String, _ close: String, prefix: String = "", suffix: String = "") -> [UInt8] {
        Array((prefix + String(repeating: open, count: depth) + String(repeating: close, count: depth) + suffix).utf8)
    }

    /// A file of exactly 256 MiB is read; one byte more is refused before a byte is read
    /// (`HostileInputTests.aFileLargerThan256MiBIsRefused` has the diagnostic). Sparse files:
    /// no disk space, and the read takes a fraction of a second.
    @Test func filesAreReadUpTo256MiB() throws {
        let folder = TemporaryDirectory()
        let path = folder.write("limit.strings", "")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 256 << 20)
        #expect(try FileReader.read(path).count == 256 << 20)
        try handle.truncate(atOffset: 256 << 20 + 1)
        try handle.close()
        let error = #expect(throws: FileReadError.self) { try FileReader.read(path) }
        #expect(error?.reason == "is larger than 256 MiB, the most Linza reads")
    }

    @Test func jsonNestsTo512Levels() throws {
        _ = try nested(512, "[", "]").withUnsafeBufferPointer { try JSONParser.parse($0) }
        let error = #expect(throws: JSONSyntaxError.self) {
            try nested(513, "[", "]").withUnsafeBufferPointer { try JSONParser.parse($0) }
        }
        #expect(error?.message == "nesting deeper than 512 levels")
        #expect(error?.offset == 512, "at the 513th '['")
    }

    @Test func xmlPropertyListsNestTo512Levels() throws {
        let prefix = "<plist version=\"1.0\">"
        func plist(_ depth: Int) -> [UInt8] { nested(depth, "<array>", "</array>", prefix: prefix, suffix: "</plist>") }
        _ = try plist(512).withUnsafeBufferPointer { try PropertyListXMLParser.parse($0) }
        let error = #expect(throws: PlistSyntaxError.self) {
            try plist(513).withUnsafeBufferPointer { try PropertyListXMLParser.parse($0) }
        }
        #expect(error?.message == "nesting deeper than 512 levels")
        #expect(error?.offset == prefix.utf8.count + 512 * "<array>".utf8.count, "at the 513th <array>")
    }

    @Test func projectFilesNestTo256Levels() throws {
        _ = try OldStylePropertyList.parse(nested(256, "(", ")"))
        let error = #expect(throws: PropertyListSyntaxError.self) {
            try OldStylePropertyList.parse(nested(257, "(", ")"))
        }
        #expect(error?.message == "nested too deeply")
        #expect(error?.offset == 256, "at the 257th '('")
    }

    @Test func stringsFilesNestTo512Levels() {
        func problems(_ depth: Int) -> [String] {
            let text = "\"a\" = " + String(decoding: nested(depth, "(", ")"), as: UTF8.self) + ";\n"
            return Array(text.utf8).withUnsafeBufferPointer { StringsParser.parse($0) }.problems.map(\.message)
        }
        #expect(!problems(512).contains { $0.contains("nested deeper") }, "\(problems(512))")
        #expect(problems(513).contains("arrays or dictionaries nested deeper than 512 levels"), "\(problems(513))")
    }

    @Test func xliffNestsTo256Elements() {
        func failure(_ inner: Int) -> XLIFFReadError? {
            do {
                _ = try XLIFFReader.read(
                    nested(inner, "<g>", "</g>", prefix: "<xliff version=\"1.2\">\n", suffix: "</xliff>"),
                    path: "x.xliff")
                return nil
            } catch {
                return error
            }
        }
        #expect(failure(255).map { !$0.message.contains("nested deeper") } ?? true, "the root and 255 inside")
        let error = failure(256)
        #expect(error?.message == "invalid XML: elements nested deeper than 256")
        #expect(
            error?.line == 2 && error?.column == 1 + 255 * 3,
            "at the 257th element (the 256th <g>): \(String(describing: error))")
    }

    /// An entity the DOCTYPE declares (internal or external) is never expanded: using it is
    /// an error at the reference; only XML's five and numeric references are decoded.
    @Test func xmlPropertyListsExpandNoDeclaredEntity() throws {
        let doctype = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist [
              <!ENTITY file SYSTEM "file:///etc/passwd">
              <!ENTITY remote SYSTEM "http://127.0.0.1:9/entity">
              <!ENTITY lol "lol">
            ]>
            <plist version="1.0"><dict><key>a</key><string>
            """
        for entity in ["file", "remote", "lol", "nbsp"] {
            let text = Array((doctype + "x&\(entity);</string></dict></plist>").utf8)
            let error = #expect(throws: PlistSyntaxError.self) {
                try text.withUnsafeBufferPointer { try PropertyListXMLParser.parse($0) }
            }
            #expect(error?.message == "unknown reference &\(entity);")
            #expect(error?.offset == doctype.utf8.count + 1, "at the '&'")
        }
        let predefined = Array((doctype + "&lt;&gt;&amp;&quot;&apos;&#65;&#x42;</string></dict></plist>").utf8)
        let root = try predefined.withUnsafeBufferPointer { try PropertyListXMLParser.parse($0) }
        #expect(root["a"]?.string == "<>&\"'AB")
        // A reference to no character (a surrogate) is an error too.
        let surrogate = Array((doctype + "&#xD800;</string></dict></plist>").utf8)
        #expect(throws: PlistSyntaxError.self) {
            try surrogate.withUnsafeBufferPointer { try PropertyListXMLParser.parse($0) }
        }
    }
}
