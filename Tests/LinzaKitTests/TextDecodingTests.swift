import Testing
@testable import LinzaBase
@testable import LinzaConfiguration
@testable import LinzaKit
@testable import LinzaReporting
@testable import LinzaRules
@testable import LinzaSources
@testable import LinzaTables

@Suite struct TextDecodingTests {
    let file = TableFile(path: "/p/ru.lproj/Localizable.strings", language: "ru", name: "Localizable",
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
        let loaded = TableLoader.load(file, bytes: [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })[0]
        #expect(loaded.problems.map(\.location.line) == [2])
        #expect(loaded.problems.map(\.location.column) == [10])
    }

    @Test func latin1IsAnErrorWithAPosition() {
        let loaded = TableLoader.load(file, bytes: Array("\"a\" = \"1\";\n\"caf".utf8) + [0xE9] + Array("\" = \"x\";".utf8))[0]
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
        #expect(values([0xFF, 0xFE, 0, 0] + scalars.flatMap { v in (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } })
                == ["Меню", "🍕"])
        #expect(values([0, 0, 0xFE, 0xFF] + scalars.flatMap { v in (0..<4).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) } })
                == ["Меню", "🍕"])
    }

    /// As Apple's reader: a lone surrogate decodes to U+FFFD and an odd last byte is dropped.
    @Test func damagedUTF16IsRepairedLikeApple() {
        let loneSurrogate: [UInt8] = [0xFF, 0xFE] + Array("\"k\" = \"".utf16.flatMap { [UInt8($0), 0] }) + [0x00, 0xD8]
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
