@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaLint
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSetup
@testable import LinzaSources
@testable import LinzaTables
@testable import LinzaWriting
import Testing

@Suite struct TextDecodingTests {
    let file = TableFile(
        path: "/p/ru.lproj/Localizable.strings", language: "ru", name: "Localizable",
        format: .strings, displayName: "ru.lproj/Localizable.strings")
    let text = "\"menu.title\" = \"Меню\";\n\"emoji\" = \"🍕\";\n"

    func values(_ bytes: [UInt8]) -> [String?] {
        let loaded = TableLoader.load(file, bytes: bytes)[0]
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        return loaded.entries.map(\.value)
    }

    @Test func everySupportedEncodingGivesTheSameEntries() {
        let expected: [String?] = ["Меню", "🍕"]
        #expect(values(Array(text.utf8)) == expected)
        #expect(values([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == expected)
        let units = Array(text.utf16)
        #expect(values([0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == expected)
        #expect(values([0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) == expected)
    }

    @Test func positionsInUTF16FilesAreLinesOfTheText() {
        let units = Array("\"a\" = \"1\";\n\"b\" = \"2\"\n\"c\" = \"3\";".utf16)
        let loaded = TableLoader.load(
            file, bytes: [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })[0]
        #expect(loaded.problems.map(\.location.line) == [2])
        #expect(loaded.problems.map(\.location.column) == [10])
    }

    @Test func latin1IsAnErrorWithAPosition() {
        let loaded = TableLoader.load(
            file, bytes: Array("\"a\" = \"1\";\n\"caf".utf8) + [0xE9] + Array("\" = \"x\";".utf8))[0]
        #expect(loaded.entries.isEmpty)
        #expect(loaded.isBroken)
        #expect(loaded.problems.first?.location == Location(file: file.path, line: 2, column: 5))
        #expect(loaded.problems.first?.message.contains("not valid UTF-8 (byte 0xE9)") == true)
    }

    @Test func utf16WithoutBOMIsNamed() {
        let loaded = TableLoader.load(file, bytes: Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })[0]
        #expect(loaded.problems.first?.message.contains("UTF-16 without a byte-order mark") == true)
    }

    @Test func utf32WithBOM() {
        let scalars = text.unicodeScalars.map(\.value)
        #expect(
            values([0xFF, 0xFE, 0, 0] + scalars.flatMap { v in (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } })
                == ["Меню", "🍕"])
        #expect(
            values(
                [0, 0, 0xFE, 0xFF] + scalars.flatMap { v in (0..<4).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) } })
                == ["Меню", "🍕"])
    }

    /// As Apple's reader: a lone surrogate decodes to U+FFFD and an odd last byte is dropped.
    @Test func damagedUTF16IsRepairedLikeApple() {
        let loneSurrogate: [UInt8] =
            [0xFF, 0xFE] + Array("\"k\" = \"".utf16.flatMap { [UInt8($0), 0] }) + [0x00, 0xD8]
            + Array("\";".utf16.flatMap { [UInt8($0), 0] })
        #expect(values(loneSurrogate) == ["\u{FFFD}"])
        #expect(values([0xFF, 0xFE] + Array("\"k\" = \"v\";".utf16.flatMap { [UInt8($0), 0] }) + [0x0A]) == ["v"])
    }

    @Test func nulInUTF8IsNotTakenForUTF16() {
        let loaded = TableLoader.load(file, bytes: Array("\"a\" = \"x\u{0}y\";\n\"b\" = \"2\";".utf8))[0]
        #expect(loaded.problems.isEmpty)
        #expect(loaded.entries.map(\.value) == ["x\u{0}y", "2"])
    }
}

/// XML property lists decoded in the encoding their declaration names, found as
/// CoreFoundation finds it.
@Suite struct DeclaredEncodingTests {
    let file = TableFile(
        path: "/p/fr.lproj/Localizable.stringsdict", language: "fr", name: "Localizable",
        format: .stringsdict, displayName: "fr.lproj/Localizable.stringsdict")

    func stringsdict(_ declaration: String, _ value: [UInt8]) -> [UInt8] {
        Array("\(declaration)\n<plist version=\"1.0\">\n<dict>\n<key>n</key>\n<dict>\n".utf8)
            + Array("<key>NSStringLocalizedFormatKey</key>\n<string>%#@c@</string>\n<key>c</key>\n<dict>\n".utf8)
            + Array("<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>\n".utf8)
            + Array("<key>NSStringFormatValueTypeKey</key><string>d</string>\n".utf8)
            + Array("<key>other</key>\n<string>%d ".utf8) + value
            + Array("</string>\n</dict>\n</dict>\n</dict>\n</plist>\n".utf8)
    }

    func texts(_ bytes: [UInt8]) -> [String] {
        let loaded = TableLoader.load(file, bytes: bytes)[0]
        #expect(loaded.problems.isEmpty, "\(loaded.problems)")
        #expect(loaded.failure == nil, "\(String(describing: loaded.failure))")
        // The plural's texts: the format key, then the one category.
        return loaded.entries.flatMap(\.texts).map(\.text).filter { $0 != "%#@c@" }
    }

    @Test func latin1AndWindows1252AreDecoded() {
        #expect(
            texts(stringsdict(#"<?xml version="1.0" encoding="ISO-8859-1"?>"#, [0x63, 0x61, 0x66, 0xE9, 0x73])) == [
                "%d cafés"
            ])
        #expect(texts(stringsdict("<?xml version='1.0' encoding='latin1'?>", [0xE9])) == ["%d é"])
        #expect(texts(stringsdict(#"<?xml version="1.0" encoding="Windows-1252"?>"#, [0x80, 0x9C])) == ["%d €œ"])
    }

    /// The run time decodes the whole file as declared, even bytes that are valid UTF-8.
    @Test func theDeclarationWinsOverValidUTF8() {
        #expect(texts(stringsdict(#"<?xml version="1.0" encoding="iso-8859-1"?>"#, Array("é".utf8))) == ["%d Ã©"])
        #expect(texts(stringsdict(#"<?xml version="1.0" encoding="UTF-8"?>"#, Array("é".utf8))) == ["%d é"])
    }

    /// A byte-order mark wins over the declaration; one not at the file's very start is not read.
    @Test func aBOMOrLeadingSpaceLeavesUTF8() {
        #expect(
            texts([0xEF, 0xBB, 0xBF] + stringsdict(#"<?xml version="1.0" encoding="ISO-8859-1"?>"#, Array("é".utf8)))
                == ["%d é"])
        #expect(
            texts(Array(" ".utf8) + stringsdict(#"<?xml version="1.0" encoding="ISO-8859-1"?>"#, Array("é".utf8))) == [
                "%d é"
            ])
        // The first `encoding=` before the first "?" or ">" counts; a later one does not.
        #expect(
            texts(stringsdict(#"<?xml version="1.0"?><!-- encoding="ISO-8859-1" -->"#, Array("é".utf8))) == ["%d é"])
    }

    @Test func positionsAreLinesOfTheFile() {
        let loaded = TableLoader.load(
            file, bytes: stringsdict(#"<?xml version="1.0" encoding="ISO-8859-1"?>"#, [0xE9]))[0]
        #expect(loaded.entries.first?.location == Location(file: file.path, line: 4, column: 1))
    }

    @Test func aByteTheEncodingLacksIsAPositionedProblem() {
        let ascii = TableLoader.load(file, bytes: stringsdict(#"<?xml version="1.0" encoding="us-ascii"?>"#, [0xE9]))[0]
        #expect(ascii.isBroken)
        #expect(ascii.problems.first?.location == Location(file: file.path, line: 13, column: 12))
        #expect(
            ascii.problems.first?.message.contains(
                "US-ASCII, which has no character for byte 0xE9; the app cannot read it") == true)
        // What the run time does with windows-1252's unassigned bytes is not known: Linza says it cannot check.
        let windows = TableLoader.load(
            file, bytes: stringsdict(#"<?xml version="1.0" encoding="windows-1252"?>"#, [0x81]))[0]
        #expect(windows.problems.isEmpty)
        #expect(windows.failure?.location == Location(file: file.path, line: 13, column: 12))
    }

    @Test func anEncodingLinzaDoesNotDecodeIsNotABrokenTable() {
        let hostile = TableLoader.load(file, bytes: stringsdict("<?xml encoding=\"a\u{1B}[31m\nb\"?>", []))[0]
        #expect(hostile.failure?.message.contains(#"encoding 'a\u{1B}[31m\nb', which"#) == true)
        let loaded = TableLoader.load(
            file, bytes: stringsdict(#"<?xml version="1.0" encoding="Shift_JIS"?>"#, [0x82, 0xA0]))[0]
        #expect(loaded.problems.isEmpty)
        #expect(loaded.entries.isEmpty)
        #expect(
            loaded.failure?.message.contains("declares the encoding 'Shift_JIS', which Linza does not read") == true)
    }

    @Test func theWritersRefuseDeclaredSingleByteFiles() {
        for declaration in [
            #"<?xml version="1.0" encoding="ISO-8859-1"?>"#, #"<?xml version="1.0" encoding="US-ASCII"?>"#,
        ] {
            #expect(throws: TableRefusal.self) {
                _ = try StringsdictDocument(path: file.path, bytes: stringsdict(declaration, [0x61]))
            }
        }
        #expect(throws: Never.self) {
            _ = try StringsdictDocument(
                path: file.path, bytes: stringsdict(#"<?xml version="1.0" encoding="UTF-8"?>"#, [0x61]))
        }
    }

    @Test func singleByteEncodingsEncodeBack() {
        let text = Array("café €".utf8)
        #expect(TextEncoding.windowsLatin1.encode(text) == [0x63, 0x61, 0x66, 0xE9, 0x20, 0x80])
        #expect(TextEncoding.isoLatin1.encode(text) == [0x63, 0x61, 0x66, 0xE9, 0x20, 0x3F])
        #expect(TextEncoding.usASCII.encode(text) == [0x63, 0x61, 0x66, 0x3F, 0x20, 0x3F])
    }
}
