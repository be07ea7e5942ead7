import Foundation
import Testing

@testable import LinzaTables

@Suite struct XLIFFReaderTests {
    /// A file as Xcode 11.2.1 writes it (loca-studio's de.xliff, trimmed to one unit per kind).
    static let xcodeFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
          <file original="MyApp/en.lproj/InfoPlist.strings" datatype="plaintext" source-language="en" target-language="de">
            <header>
              <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="11.2.1" build-num="11B500"/>
            </header>
            <body>
              <trans-unit id="CFBundleName" xml:space="preserve">
                <source>MyApp</source>
                <note>Bundle name</note>
              </trans-unit>
            </body>
          </file>
          <file original="MyApp/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
            <header>
              <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="11.2.1" build-num="11B500"/>
            </header>
            <body>
              <trans-unit id="Settings &gt; A &amp; B&#10;line" translate="no" xml:space="preserve">
                <source>Settings &gt; A &amp; B
        line</source>
                <target state="needs-review-l10n">Einstellungen &gt; A &amp; B
        Zeile</target>
                <note/>
              </trans-unit>
            </body>
          </file>
          <file original="Empty.xcstrings" source-language="en" target-language="de" datatype="plaintext">
            <header>
              <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="16.4" build-num="16F6"/>
            </header>
            <body>
            </body>
          </file>
        </xliff>

        """

    @Test func readsWhatXcodeWritesAndWritesItBackByteForByte() throws {
        let bytes = Array(Self.xcodeFile.utf8)
        let document = try XLIFFReader.read(bytes, path: "de.xliff")
        #expect(document.files.count == 3)
        let first = document.files[0]
        #expect(first.original == "MyApp/en.lproj/InfoPlist.strings")
        #expect(first.datatypeFirst)
        #expect(first.tool == XLIFFTool(version: "11.2.1", buildNumber: "11B500"))
        #expect(first.units == [XLIFFUnit(id: "CFBundleName", source: "MyApp", note: "Bundle name")])
        let unit = document.files[1].units[0]
        #expect(unit.id == "Settings > A & B\nline")
        #expect(unit.source == "Settings > A & B\nline")
        #expect(unit.target == "Einstellungen > A & B\nZeile")
        #expect(unit.knownState == .needsReviewL10n)
        #expect(unit.note == "")
        #expect(!unit.isTranslatable)
        #expect(unit.line == 19 && unit.column == 7)
        #expect(document.files[2].units.isEmpty)
        #expect(XLIFFWriter.bytes(of: document) == bytes)
    }

    /// An App Shortcut's phrases as Xcode 26.3 exports them (Kitsune's en.xliff), and as
    /// Linza writes a translated set of two.
    @Test func readsAndWritesStringSets() throws {
        let file = """
            <?xml version="1.0" encoding="UTF-8"?>
            \(XLIFFWriter.rootTag)
              <file original="App/AppShortcuts.xcstrings" source-language="en" target-language="de" datatype="plaintext">
                <header>
                  <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="26.3" build-num="17C529"/>
                </header>
                <body>
                  <trans-unit id="Search on ${applicationName}" xml:space="preserve">
                    <source>
                      <mrk mtype="x-set" mid="0">Search on ${applicationName}</mrk>
                    </source>
                    <target state="translated">
                      <mrk mtype="x-set" mid="0">Suche in ${applicationName}</mrk>
                      <mrk mtype="x-set" mid="1">${applicationName} &amp; mehr</mrk>
                    </target>
                    <note/>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """
        let bytes = Array(file.utf8)
        let document = try XLIFFReader.read(bytes, path: "de.xliff")
        let unit = try #require(document.files.first?.units.first)
        #expect(unit.sourceSet == ["Search on ${applicationName}"])
        #expect(unit.targetSet == ["Suche in ${applicationName}", "${applicationName} & mehr"])
        #expect(unit.target == "Suche in ${applicationName}\n${applicationName} & mehr")
        #expect(XLIFFWriter.bytes(of: document) == bytes)
        for mixed in [
            "<mrk mtype=\"x-set\" mid=\"0\">A</mrk> B", "<mrk mtype=\"x-set\" mid=\"0\">A</mrk><g id=\"1\">B</g>",
        ] {
            let broken = file.replacingOccurrences(
                of: "<mrk mtype=\"x-set\" mid=\"0\">Search on ${applicationName}</mrk>", with: mixed)
            #expect(throws: XLIFFReadError.self) { try XLIFFReader.read(Array(broken.utf8), path: "de.xliff") }
        }
    }

    @Test func readsEntitiesCharacterReferencesCDATAAndGroups() throws {
        let text = """
            <?xml version="1.0"?><!-- a comment --><xliff version='1.2'><file original="a" source-language="en">
            <body><group id="g"><trans-unit id="&#x41;&#66;&quot;&apos;"><source><![CDATA[<b> & ]]>&lt;i&gt;</source>
            <target>x\r\ny</target><note>one</note><note>two</note></trans-unit></group></body></file></xliff>
            """
        let unit = try #require(XLIFFReader.read(Array(text.utf8), path: "x.xliff").files.first?.units.first)
        #expect(unit.id == "AB\"'")
        #expect(unit.source == "<b> & <i>")
        #expect(unit.target == "x\ny")
        #expect(unit.note == "one\ntwo")
        #expect(!unit.preservesSpace)
        #expect(unit.state == nil)
    }

    @Test func literalLineBreaksInAttributesReadAsSpaces() throws {
        let text =
            "<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\"><body>"
            + "<trans-unit id=\"a\nb\"><source>s</source></trans-unit></body></file></xliff>"
        let unit = try #require(XLIFFReader.read(Array(text.utf8), path: "x.xliff").files.first?.units.first)
        #expect(unit.id == "a b")
    }

    func failure(_ text: String) -> XLIFFReadError? {
        do {
            _ = try XLIFFReader.read(Array(text.utf8), path: "bad.xliff")
            return nil
        } catch {
            return error
        }
    }

    @Test func malformedAndHostileInputIsAPositionedError() throws {
        let unit = "<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\"><body>"
        let cases: [(String, Int, Int, String)] = [
            ("", 1, 1, "holds no XML element"),
            ("<xliff version=\"1.2\">\n  <file", 2, 3, "not closed"),
            ("<xliff version=\"2.0\"></xliff>", 1, 1, "XLIFF version 2.0"),
            ("<plist version=\"1.0\"/>", 1, 1, "not an XLIFF file"),
            (
                "<!DOCTYPE x [<!ENTITY a \"aaaa\">]>\n<xliff version=\"1.2\">&a;</xliff>", 1, 1,
                "reads no declared or external entities"
            ),
            ("<xliff version=\"1.2\">\n&a;</xliff>", 2, 1, "unknown entity &a;"),
            ("<xliff version=\"1.2\">&#0;</xliff>", 1, 22, "not a character"),
            // Raw too (found by the xliff fuzz target: read, it was written back as `&#0;`).
            ("<xliff version=\"1.2\">\n a\u{0}</xliff>", 2, 3, "NUL character"),
            ("<xliff version=\"1.2\">& b</xliff>", 1, 22, "starts no entity"),
            ("<xliff version=\"1.2\"></file>", 1, 22, "does not close <xliff>"),
            ("<xliff version=\"1.2\" version=\"1.2\"/>", 1, 22, "appears twice"),
            (unit + "<trans-unit><source>s</source></trans-unit></body></file></xliff>", 1, 68, "has no id"),
            (unit + "<trans-unit id=\"k\"></trans-unit></body></file></xliff>", 1, 68, "has no <source>"),
            (
                unit + "<trans-unit id=\"k\"><source>a <g id=\"1\">b</g></source></trans-unit></body></file></xliff>",
                1, 97, "inline markup"
            ),
            ("<xliff version=\"1.2\"><file source-language=\"en\"/></xliff>", 1, 22, "no original"),
        ]
        for (text, line, column, message) in cases {
            let error = try #require(failure(text), "\(text)")
            #expect(error.line == line && error.column == column, "\(text): \(error)")
            #expect(error.message.contains(message), "\(text): \(error.message)")
        }
        #expect(failure("<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\"/></xliff>") == nil)
    }

    @Test func deepNestingAndTruncationNeverCrash() {
        let deep = "<xliff version=\"1.2\">" + String(repeating: "<a>", count: 100_000)
        #expect(failure(deep)?.message.contains("nested deeper") == true)
        let whole = Array(Self.xcodeFile.utf8)
        for length in stride(from: 0, to: whole.count, by: 7) {
            _ = try? XLIFFReader.read(Array(whole[..<length]), path: "cut.xliff")
        }
        #expect(failure(String(decoding: [0xFF, 0xFE, 0x3C, 0xD8], as: UTF8.self)) != nil)
    }
}
