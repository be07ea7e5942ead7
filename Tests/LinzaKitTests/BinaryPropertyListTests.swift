import Foundation
import Testing
@testable import LinzaTables

/// The binary property-list reader against Foundation's writer (the same CoreFoundation code
/// Apple's platforms run), and against hostile files.
@Suite struct BinaryPropertyListTests {
    func load(_ data: Data, format: TableFormat = .strings) -> LoadedTableFile {
        let file = TableFile(
            path: "/p/de.lproj/T.\(format.rawValue)", language: "de", name: "T", format: format, displayName: "T")
        return TableLoader.load(file, bytes: [UInt8](data))[0]
    }

    /// Random tables, large enough for two-byte references and long strings, read as written.
    @Test(arguments: [3, 40, 600])
    func foundationsBinaryTablesReadAsWritten(size: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aé😀 \"\\\n%@ü中")
        var table: [String: String] = [:]
        for index in 0..<size {
            let length = Int.random(in: 0...40, using: &generator)
            table["key.\(index)." + String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })] =
                String(
                    (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    })
        }
        let loaded = load(try PropertyListSerialization.data(fromPropertyList: table, format: .binary, options: 0))
        #expect(loaded.problems.isEmpty)
        let read: [String: String] = Dictionary(uniqueKeysWithValues: loaded.entries.map { ($0.key, $0.value ?? "") })
        #expect(read == table)
    }

    @Test func aBinaryStringsdictReadsLikeItsXMLForm() throws {
        let plural: [String: Any] = [
            "items": [
                "NSStringLocalizedFormatKey": "%#@n@ in %#@m@",
                "n": [
                    "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                    "one": "%d item", "other": "%d items",
                ],
                "m": [
                    "NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                    "other": "%d boxes",
                ],
            ]
        ]
        let binary = load(
            try PropertyListSerialization.data(fromPropertyList: plural, format: .binary, options: 0),
            format: .stringsdict)
        let xml = load(
            try PropertyListSerialization.data(fromPropertyList: plural, format: .xml, options: 0), format: .stringsdict
        )
        #expect(binary.entries.map(\.key) == ["items"])
        #expect(binary.problems.isEmpty)
        #expect(xml.problems.isEmpty)
        let binaryTexts: Set<String> = Set(binary.entries[0].texts.map(\.text))
        let xmlTexts: Set<String> = Set(xml.entries[0].texts.map(\.text))
        #expect(binaryTexts == xmlTexts)
        let binaryRules: [String] = binary.entries[0].pluralRules.map { $0.name ?? "" }.sorted()
        let xmlRules: [String] = xml.entries[0].pluralRules.map { $0.name ?? "" }.sorted()
        #expect(binaryRules == xmlRules)
    }

    /// A file with one object table: `objects` written after the header, then the offsets
    /// (one byte each) and the trailer.
    static func file(_ objects: [[UInt8]], top: UInt8 = 0, referenceSize: UInt8 = 1) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = UInt8(bytes.count)
        bytes += offsets
        let zeros: [UInt8] = [0, 0, 0, 0, 0, 0, 0]
        bytes += [0, 0, 0, 0, 0, 0, 1, referenceSize]
        bytes += zeros + [UInt8(objects.count)]
        bytes += zeros + [top]
        bytes += zeros + [table]
        return Data(bytes)
    }

    @Test func hostileFilesFailWithAReason() {
        let cases: [(Data, String)] = [
            (Data(Array("bplist00".utf8) + [0xD1, 0x01]), "not a binary property list"),
            // A dictionary whose value is itself.
            (Self.file([[0xD1, 0x01, 0x00], [0x51, 0x61]]), "contains itself"),
            // A reference past the object table.
            (Self.file([[0xD1, 0x01, 0x07], [0x51, 0x61]]), "does not exist"),
            // A string longer than the file.
            (Self.file([[0xD1, 0x01, 0x01], [0x5F, 0x10, 0x08]]), "runs past the end"),
            // A top object that does not exist.
            (Self.file([[0x51, 0x61]], top: 5), "out of range"),
            // A key that is not a string.
            (Self.file([[0xD1, 0x01, 0x01], [0x10, 0x01]]), "key that is not a string"),
        ]
        for (data, reason) in cases {
            let loaded = load(data)
            #expect(loaded.entries.isEmpty)
            let message = loaded.problems.first?.message ?? ""
            #expect(message.contains(reason), "\(reason): \(message)")
        }
    }

    /// Thirty arrays each holding the next one twice: a tree of 2^30 nodes in a few hundred bytes.
    @Test func sharedObjectsCannotStandForAHugeTree() {
        var objects: [[UInt8]] = [[0xD1, 0x01, 0x02], [0x51, 0x61]]
        for level in 0..<30 { objects.append([0xA2, UInt8(level + 3), UInt8(level + 3)]) }
        objects.append([0x51, 0x62])
        let loaded = load(Self.file(objects))
        let message = loaded.problems.first?.message ?? ""
        #expect(message.contains("larger than the file"), "\(message)")
    }

    @Test func writersRefuseBinaryTables() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["a": "b"], format: .binary, options: 0)
        #expect(throws: TableRefusal.self) { try StringsDocument(path: "/p/T.strings", bytes: [UInt8](data)) }
        #expect(throws: TableRefusal.self) { try StringsdictDocument(path: "/p/T.stringsdict", bytes: [UInt8](data)) }
    }
}
