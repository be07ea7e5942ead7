import LinzaBase

/// A `.stringsdict` file opened for editing: where each top-level `<key>…</key><dict>…</dict>`
/// entry lies, so that a writer removes whole entries and keeps every other byte.
public struct StringsdictDocument: EditableTable {
    public struct Entry: Sendable {
        public var key: String
        /// The entry's format (`NSStringLocalizedFormatKey`), what the run time reads first.
        public var format: String?
        /// From the start of the `<key>` line (its indentation) to past the value's closing
        /// tag and the line break after it.
        public var span: Range<Int>
        /// Where its `<key>` tag starts.
        public var keyOffset: Int
    }

    public let path: String
    public let bytes: [UInt8]
    public let encoding: TextEncoding
    public let text: [UInt8]
    public let entries: [Entry]
    public var isNew: Bool { false }

    public init(path: String, bytes: [UInt8]) throws {
        self.path = path
        self.bytes = bytes
        let decoded = try Self.decode(bytes, path: path)
        encoding = decoded.encoding
        text = decoded.text
        let root: PlistNode
        do {
            root = try text.withUnsafeBufferPointer { try PropertyListXMLParser.parse($0) }
        } catch let error as PlistSyntaxError {
            let (line, column) = text.withUnsafeBufferPointer { LineIndex($0).position(of: error.offset) }
            throw TableRefusal(path: path, line: line, column: column,
                               reason: "invalid property list: \(error.message); fix the table first")
        }
        guard let pairs = root.pairs else {
            throw TableRefusal(path: path, reason: "the property list is not a dictionary of keys")
        }
        let text = self.text
        entries = pairs.map { key, keyOffset, value in
            let start = Self.ownLineStart(text, of: keyOffset) ?? keyOffset
            var end = value.end
            var index = end
            while index < text.count, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
            if index < text.count, text[index] == 0x0A { end = index + 1 }
            if index < text.count, text[index] == 0x0D { end = index + 1 < text.count && text[index + 1] == 0x0A ? index + 2 : index + 1 }
            // Keep the key's own line break when the entry does not end its line.
            if start != keyOffset, end == value.end { end = value.end }
            return Entry(key: key, format: value[StringsdictReader.formatKey]?.string, span: start..<end, keyOffset: keyOffset)
        }
    }

    public var keys: [String] { entries.map(\.key) }

    public var entrySpans: [Range<Int>] { entries.map(\.span) }

    public var values: [String: String?] {
        var result: [String: String?] = [:]
        for entry in entries { result[entry.key] = .some(entry.format) }
        return result
    }

    /// The edits that remove the entries at `indices`, each whole.
    public func deletions(of indices: Set<Int>) -> [TextEdit] {
        indices.sorted().map { TextEdit(range: entries[$0].span, replacement: []) }
    }
}
