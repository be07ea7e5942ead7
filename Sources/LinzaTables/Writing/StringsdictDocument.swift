import LinzaBase

/// A `.stringsdict` file opened for editing: where each top-level `<key>…</key><dict>…</dict>`
/// entry lies, so that a writer removes whole entries and keeps every other byte.
package struct StringsdictDocument: EditableTable {
    package struct Entry: Sendable {
        package var key: String
        /// The entry's format (`NSStringLocalizedFormatKey`), what the run time reads first.
        package var format: String?
        /// From the start of the `<key>` line (its indentation) to past the value's closing
        /// tag and the line break after it.
        package var span: Range<Int>
        /// Where its `<key>` tag starts.
        package var keyOffset: Int
    }

    package let path: String
    package let bytes: [UInt8]
    package let encoding: TextEncoding
    package let text: [UInt8]
    package let entries: [Entry]
    /// Where the root dictionary's end tag (`</dict>`) starts: entries are added before it.
    let rootEnd: Int?
    package private(set) var isNew = false

    /// The text a new `.stringsdict` file starts from: an empty dictionary, as Xcode writes one.
    static let emptyFile = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        </dict>
        </plist>

        """.utf8)

    /// A file to be created at `path`, UTF-8, holding no entry yet.
    package static func newFile(at path: String) -> StringsdictDocument {
        // The skeleton is valid: reading it cannot fail.
        var document = try! StringsdictDocument(path: path, bytes: emptyFile)
        document.isNew = true
        return document
    }

    package init(path: String, bytes: [UInt8]) throws {
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
            throw TableRefusal(
                path: path, line: line, column: column,
                reason: "invalid property list: \(error.message); fix the table first")
        }
        // The `<` of the root's end tag, found back from just past it (`</dict >` may hold spaces).
        // An empty `<dict/>` has no end tag to add before: nil.
        let text = self.text
        let close = root.end > 0 ? text[..<root.end].lastIndex(of: UInt8(ascii: "<")) : nil
        rootEnd = close.flatMap { $0 + 1 < text.count && text[$0 + 1] == UInt8(ascii: "/") ? $0 : nil }
        guard let pairs = root.pairs else {
            throw TableRefusal(path: path, reason: "the property list is not a dictionary of keys")
        }
        entries = pairs.map { key, keyOffset, value in
            let start = Self.ownLineStart(text, of: keyOffset) ?? keyOffset
            var end = value.end
            var index = end
            while index < text.count, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
            if index < text.count, text[index] == 0x0A { end = index + 1 }
            if index < text.count, text[index] == 0x0D {
                end = index + 1 < text.count && text[index + 1] == 0x0A ? index + 2 : index + 1
            }
            // Keep the key's own line break when the entry does not end its line.
            if start != keyOffset, end == value.end { end = value.end }
            return Entry(
                key: key, format: value[StringsdictReader.formatKey]?.string, span: start..<end, keyOffset: keyOffset)
        }
    }

    package var keys: [String] { entries.map(\.key) }

    package var entrySpans: [Range<Int>] { entries.map(\.span) }

    package var values: [String: String?] {
        var result: [String: String?] = [:]
        for entry in entries { result[entry.key] = .some(entry.format) }
        return result
    }

    /// The edit that adds `blocks` (whole entries as another `.stringsdict` file holds them,
    /// `<key>` line to the value's closing tag, `indentation` before each of their lines)
    /// at the end of the root dictionary, indented like this file's entries and with its
    /// line breaks; nil when the root dictionary's end cannot be found.
    package func insertion(of blocks: [[UInt8]], indentation: [UInt8]) -> TextEdit? {
        guard let end = rootEnd else { return nil }
        let lineBreak = lineEnding
        let ownIndentation = entries.first.map { Array(text[$0.span.lowerBound..<$0.keyOffset]) } ?? [0x09]
        var inserted: [UInt8] = []
        for block in blocks {
            var lines = block.split(omittingEmptySubsequences: false, whereSeparator: { $0 == 0x0A }).map { line in
                line.last == 0x0D ? line.dropLast() : line
            }
            if lines.last?.isEmpty == true { lines.removeLast() }
            // Re-indented only when every line is a tag line: a line inside a text (a key or a
            // string over several lines) keeps its bytes.
            let isTagLines = lines.allSatisfy { $0.drop { $0 == 0x20 || $0 == 0x09 }.first == UInt8(ascii: "<") }
            for line in lines {
                if isTagLines, line.starts(with: indentation) {
                    inserted += ownIndentation + line.dropFirst(indentation.count) + lineBreak
                } else {
                    inserted += line + lineBreak
                }
            }
        }
        // Before the line of the root's `</dict>` when it stands on its own line.
        let at = Self.ownLineStart(text, of: end) ?? end
        return .insert(at == end && at > 0 && text[at - 1] != 0x0A ? lineBreak + inserted : inserted, at: at)
    }

    /// Entry `index` as its lines, and the indentation of its `<key>` line.
    package func block(of index: Int) -> (bytes: [UInt8], indentation: [UInt8]) {
        let entry = entries[index]
        return (Array(text[entry.span]), Array(text[entry.span.lowerBound..<entry.keyOffset]))
    }

    /// The edits that remove the entries at `indices`, each whole.
    package func deletions(of indices: Set<Int>) -> [TextEdit] {
        indices.sorted().map { TextEdit(range: entries[$0].span, replacement: []) }
    }
}
