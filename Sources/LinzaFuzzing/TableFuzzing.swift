import LinzaBase
import LinzaTables

/// Table files: any bytes load without a crash, positions lie in the file, and the lazy
/// `.strings` views read exactly what the string-making parser reads.
enum TableFuzzing {
    static func run(_ data: UnsafeBufferPointer<UInt8>, format: TableFormat) {
        let path = "/fuzz/de.lproj/Localizable.\(format.rawValue)"
        let file = TableFile(
            path: path, language: format == .xcstrings ? nil : "de", name: "Localizable",
            format: format, displayName: "Localizable")
        let bytes = Array(data)
        let loaded = TableLoader.load(file, bytes: bytes)
        FuzzCheck.expect(!loaded.isEmpty || format == .xcstrings, "a \(format) file loaded as nothing")
        for table in loaded {
            for problem in table.problems { checkPosition(problem.location) }
            for entry in table.entries {
                checkPosition(entry.location)
                checkViewsAgree(entry)
                for (text, _) in entry.textContents {
                    _ = FormatSpecifier.parse(text)
                    _ = FormatSpecifier.signature(text)
                    _ = FormatSpecifier.variableReferences(in: text)
                }
            }
        }
        if format == .strings { compareWithStringParser(bytes, loaded: loaded) }
    }

    /// The JSON reader alone: a parse either fails at an offset inside the input or gives
    /// nodes whose offsets are inside it.
    static func json(_ data: UnsafeBufferPointer<UInt8>) {
        do {
            let node = try JSONParser.parse(data)
            FuzzCheck.expect(
                node.offset >= 0 && node.offset <= data.count, "node offset \(node.offset) outside the input")
            // What Linza writes (reports, baselines) reads back as the same tree.
            if let value = value(of: node) {
                let written = value.rendered()
                let reread = Array(written.utf8).withUnsafeBufferPointer { try? JSONParser.parse($0) }
                FuzzCheck.expect(
                    reread.flatMap(value(of:))?.rendered() == written, "written JSON reads back differently: \(written)"
                )
            }
        } catch let error as JSONSyntaxError {
            FuzzCheck.expect(
                error.offset >= 0 && error.offset <= data.count, "error offset \(error.offset) outside the input")
        } catch {
            FuzzCheck.expect(false, "JSONParser threw \(error)")
        }
    }

    /// The tree as the JSON writer's values; nil when it holds a number that is not an `Int`.
    private static func value(of node: JSONNode) -> JSONValue? {
        switch node.content {
        case .object(let members):
            var fields: [(String, JSONValue)] = []
            for member in members {
                guard let value = value(of: member.value) else { return nil }
                fields.append((member.key, value))
            }
            return .object(fields)
        case .array(let items):
            var values: [JSONValue] = []
            for item in items {
                guard let value = value(of: item) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .string(let text): return .string(text)
        case .number(let text): return Int(text).map { .number($0) }
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        }
    }

    private static func checkPosition(_ location: Location) {
        FuzzCheck.expect(location.line >= 1 && location.column >= 1, "position \(location.line):\(location.column)")
    }

    /// A lazy entry and the same entry with its fields made must answer every question alike.
    private static func checkViewsAgree(_ entry: TableEntry) {
        let made = entry.materialized
        let key = entry.withKeyBytes { String(decoding: $0, as: UTF8.self) }
        FuzzCheck.expect(entry.key == made.key && key == made.key, "key \(entry.key) / \(key) / \(made.key)")
        FuzzCheck.expect(entry.value == made.value, "value of \(made.key)")
        FuzzCheck.expect(entry.textContents.map(\.text) == made.textContents.map(\.text), "texts of \(made.key)")
        FuzzCheck.expect(entry.hasFormatSignInTexts == made.hasFormatSignInTexts, "format sign of \(made.key)")
        FuzzCheck.expect(entry.hasEmptyText == made.hasEmptyText, "empty text of \(made.key)")
        FuzzCheck.expect(entry.location == made.location, "location of \(made.key)")
    }

    /// The range-based parser lint uses and the string-making one the writers use agree.
    private static func compareWithStringParser(_ bytes: [UInt8], loaded: [LoadedTableFile]) {
        // A binary property list is not text at all.
        guard !bytes.starts(with: Array("bplist".utf8)),
            case .success(let decoded) = TextDecoding.utf8(from: bytes), let table = loaded.first,
            // An XML property list `.strings` goes to the XML reader instead.
            decoded.text.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) != UInt8(ascii: "<")
        else { return }
        let parsed = decoded.text.withUnsafeBufferPointer { StringsParser.parse($0) }
        FuzzCheck.expect(
            parsed.entries.count == table.entries.count,
            "\(parsed.entries.count) entries parsed as strings, \(table.entries.count) as views")
        FuzzCheck.expect(parsed.problems.count == table.problems.count, "problems differ")
        for (entry, parsedEntry) in zip(table.entries, parsed.entries) {
            FuzzCheck.expect(
                entry.key == parsedEntry.key && entry.value == parsedEntry.value,
                "entry \(parsedEntry.key) reads differently as a view")
        }
    }
}
