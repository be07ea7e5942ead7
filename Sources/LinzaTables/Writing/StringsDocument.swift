import LinzaBase

/// A `.strings` file opened for editing: its bytes, how they are encoded, and where each
/// entry lies in the decoded text, so that writers splice entries in and out and keep every
/// other byte (encoding, BOM, line endings, comments, order) as it was.
package struct StringsDocument: EditableTable {
    /// One `key = value;` entry and the bytes that belong to it: ranges of the file's
    /// text, its key and value made as strings when read (a table of a million entries
    /// held as strings takes twice its size).
    package struct Entry: Sendable {
        /// The text and decoded escapes the ranges point into, shared by every entry.
        let strings: TableText
        let keyRange: TextRange
        let valueRange: TextRange?
        /// Just past the `;` of the entry above (-1 for the first entry): where this
        /// entry's comment block may begin is found from there when `span` is asked for.
        let previousEndOffset: Int32
        let endOffset: Int32
        let keyStart: Int32
        let valueStart: Int32

        package var key: String { strings.string(keyRange) }
        package var value: String? { valueRange.map(strings.string) }
        /// The comment lines directly above the entry (no blank line between), the entry
        /// and, when the rest of its last line holds nothing else, that rest (a trailing
        /// comment) and the line break: what deleting the entry removes.
        package var span: Range<Int> {
            let text = strings.text
            let floor = previousEndOffset < 0 ? 0 : StringsDocument.tailEnd(text, after: Int(previousEndOffset))
            return StringsDocument.blockStart(
                text, key: keyOffset, notBefore: floor)..<StringsDocument.tailEnd(text, after: end)
        }
        /// Just past the entry's `;`.
        package var end: Int { Int(endOffset) }
        /// Where the key starts (after the comment block).
        package var keyOffset: Int { Int(keyStart) }
        /// Where the value's token starts (the key's, for a `"key";` shorthand).
        package var valueOffset: Int { Int(valueStart) }
    }

    /// The file's entries in file order, each made when asked from the parser's ranges
    /// (its comment block and tail are found from the text when its `span` is), so that a document keeps
    /// no array of its own beside the entries the loader made (a writer holds every
    /// language's table at once, and each array was half the table's size again).
    package struct Entries: RandomAccessCollection, Sendable {
        /// `.strings` entries (`TableEntry.stringsSpan` is never nil), in file order.
        let parsed: [TableEntry]

        package var startIndex: Int { 0 }
        package var endIndex: Int { parsed.count }

        package subscript(index: Int) -> Entry {
            let (strings, span) = parsed[index].stringsSpan!
            return Entry(
                strings: strings, keyRange: span.key, valueRange: span.value,
                previousEndOffset: index == 0 ? -1 : parsed[index - 1].stringsSpan!.span.endOffset,
                endOffset: span.endOffset, keyStart: span.keyOffset, valueStart: span.valueOffset)
        }
    }

    /// The note for translators above entry `index`: the text of its `/* … */` or `//`
    /// comment lines, without the comment marks; nil when it has none.
    package func comment(of index: Int) -> String? {
        let entry = entries[index]
        func trimmed<S: StringProtocol>(_ text: S) -> Substring {
            let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            let start = text.firstIndex { !isSpace($0) } ?? text.endIndex
            let end = text.lastIndex { !isSpace($0) }.map(text.index(after:)) ?? start
            return Substring(text[start..<max(start, end)])
        }
        var block = trimmed(String(decoding: text[entry.span.lowerBound..<entry.keyOffset], as: UTF8.self))
        guard !block.isEmpty else { return nil }
        if block.hasPrefix("/*"), block.hasSuffix("*/"), block.count >= 4 {
            block = trimmed(block.dropFirst(2).dropLast(2))
        } else {
            let lines = block.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).map {
                line -> Substring in
                let text = trimmed(line)
                return text.hasPrefix("//") ? trimmed(text.dropFirst(2)) : text
            }
            block = Substring(lines.joined(separator: "\n"))
        }
        return block.isEmpty ? nil : String(block)
    }

    package let path: String
    /// The file as read.
    package let bytes: [UInt8]
    package let encoding: TextEncoding
    /// The file's text as UTF-8, BOM removed; entry offsets point into it.
    package let text: [UInt8]
    package let entries: Entries
    /// The file's line break (`\r\n` when most of its lines end so, else `\n`).
    package let lineEnding: [UInt8]
    /// True for a file that does not exist yet (`newFile`).
    package let isNew: Bool
    /// A new file's style, taken from the table it is created after.
    let inheritedStyle: Style?

    /// Reads `bytes` of the file at `path`. Refuses (`TableRefusal`) a file Linza would not write back exactly:
    /// one it cannot decode, one whose text does not re-encode to the same bytes (an unpaired
    /// UTF-16 surrogate), and one with a syntax problem.
    package init(path: String, bytes: [UInt8]) throws {
        self.path = path
        self.bytes = bytes
        isNew = false
        inheritedStyle = nil
        let decoded = try Self.decode(bytes, path: path)
        encoding = decoded.encoding
        text = decoded.text
        // GlotPress exports `.strings` as XML property lists, which the run time reads too:
        // not a broken table, one Linza reads but does not write.
        if text.withUnsafeBufferPointer(TableLoader.isXMLPropertyList) {
            throw TableRefusal(
                path: path,
                reason: "an XML property list: Linza checks such tables but edits only the \"key\" = \"value\"; "
                    + "form; it is left as it is")
        }
        let parsed = text.withUnsafeBufferPointer { StringsParser.spans($0) }
        if let problem = parsed.problems.first {
            let (line, column) = text.withUnsafeBufferPointer { LineIndex($0).position(of: problem.offset) }
            throw TableRefusal(
                path: path, line: line, column: column, reason: "\(problem.message); fix the table first")
        }
        if parsed.isBraced {
            throw TableRefusal(
                path: path,
                reason: "the entries are wrapped in { } (a property-list dictionary); "
                    + "Linza edits only the usual \"key\" = \"value\"; form, so this file is left as it is")
        }
        lineEnding = Self.dominantLineEnding(text)
        // No line index: the entries' strings need none, and a refusal makes its own.
        let strings = TableText(
            path: path, text: text, escapes: parsed.escapes, lines: [UInt8]().withUnsafeBufferPointer { LineIndex($0) })
        entries = Entries(parsed: parsed.entries.map { TableEntry(strings, $0) })
        try Self.checkEntryLines(entries.parsed, text: text, path: path)
    }

    /// The file at `path`, which holds exactly `text`, the UTF-8 text (without a BOM)
    /// `loaded` was loaded from: its entries are the loaded ones, not parsed and made
    /// again. A load with a problem, a `{ }`-wrapped file or entries that are not the
    /// text's ranges are read as `init(path:bytes:)` reads them, refusals included.
    package static func reading(_ path: String, text: [UInt8], loaded: LoadedTableFile) throws -> StringsDocument {
        guard loaded.problems.isEmpty, loaded.failure == nil, let first = loaded.entries.first?.stringsSpan,
            !first.text.isBraced, first.text.text.count == text.count,
            loaded.entries.allSatisfy({ $0.stringsSpan?.text === first.text })
        else { return try StringsDocument(path: path, bytes: text) }
        let decoded = try decode(text, path: path)
        let entries = Entries(parsed: loaded.entries)
        try checkEntryLines(entries.parsed, text: decoded.text, path: path)
        return StringsDocument(
            path: path, bytes: text, encoding: decoded.encoding, text: decoded.text,
            lineEnding: dominantLineEnding(decoded.text), entries: entries)
    }

    private init(
        path: String, bytes: [UInt8], encoding: TextEncoding, text: [UInt8], lineEnding: [UInt8], entries: Entries
    ) {
        self.path = path
        self.bytes = bytes
        self.encoding = encoding
        self.text = text
        self.lineEnding = lineEnding
        self.entries = entries
        isNew = false
        inheritedStyle = nil
    }

    /// Refuses a file where an entry's key starts before the end of the entry above it
    /// (its line's tail): where the writer's view of the text and the parser's part.
    private static func checkEntryLines(_ parsed: [TableEntry], text: [UInt8], path: String) throws {
        var previousEnd = 0
        for entry in parsed {
            let span = entry.stringsSpan!.span
            let keyOffset = Int(span.keyOffset)
            guard keyOffset >= previousEnd else {
                let (line, column) = text.withUnsafeBufferPointer { LineIndex($0).position(of: keyOffset) }
                throw TableRefusal(
                    path: path, line: line, column: column,
                    reason: "Linza cannot tell where this entry's "
                        + "lines begin; the file is left as it is")
            }
            previousEnd = tailEnd(text, after: Int(span.endOffset))
        }
    }

    /// A file to be created at `path`, encoded, written and styled like `template` (the
    /// development language's table): UTF-16 with a BOM stays UTF-16, comments stay comments.
    package static func newFile(at path: String, like template: StringsDocument) -> StringsDocument {
        StringsDocument(
            path: path, encoding: template.encoding, lineEnding: template.lineEnding, style: Style(template))
    }

    private init(path: String, encoding: TextEncoding, lineEnding: [UInt8], style: Style) {
        self.path = path
        bytes = []
        self.encoding = encoding
        text = []
        entries = Entries(parsed: [])
        self.lineEnding = lineEnding
        isNew = true
        inheritedStyle = style
    }

    /// Whether the text ends with a line break.
    package var endsWithLineBreak: Bool {
        text.last == 0x0A || text.last == 0x0D
    }

    package var keys: [String] { entries.map(\.key) }

    /// Each key made and dropped in turn: a table of a million entries is not held as strings.
    package func present(_ wanted: Set<String>) -> Set<String> {
        var found = Set<String>()
        for entry in entries {
            let key = entry.key
            if wanted.contains(key) { found.insert(key) }
        }
        return found
    }

    package var entrySpans: [Range<Int>] { entries.map(\.span) }

    package var values: [String: String?] {
        var result: [String: String?] = [:]
        for entry in entries { result[entry.key] = .some(entry.value) }
        return result
    }

    package func values(ofKeys keys: Set<String>) -> [String: String?] {
        var result: [String: String?] = [:]
        for entry in entries where keys.contains(entry.key) { result[entry.key] = .some(entry.value) }
        return result
    }

    private static func dominantLineEnding(_ text: [UInt8]) -> [UInt8] {
        var crlf = 0, lf = 0, cr = 0
        for index in text.indices {
            if text[index] == 0x0A {
                if index > 0, text[index - 1] == 0x0D { crlf += 1 } else { lf += 1 }
            } else if text[index] == 0x0D, index + 1 == text.count || text[index + 1] != 0x0A {
                cr += 1
            }
        }
        if crlf > lf && crlf >= cr { return [0x0D, 0x0A] }
        return cr > lf ? [0x0D] : [0x0A]
    }

    /// Whether a `//` comment ends at `index`: at a line break, or at U+2028 or U+2029,
    /// where Apple's parser ends it too.
    private static func endsCommentLine(_ text: [UInt8], at index: Int) -> Bool {
        text[index] == 0x0A || text[index] == 0x0D || startsLineOrParagraphSeparator(text, at: index)
    }

    /// Where the entry whose key starts at `key` begins: the start of the first comment of
    /// the run of comments right above it (each starting its own line, no blank line in
    /// between), else the start of the key's line when only indentation precedes the key.
    /// Comments before the key on its own line belong to it too.
    fileprivate static func blockStart(_ text: [UInt8], key: Int, notBefore floor: Int) -> Int {
        let comments = comments(text, in: floor..<key)
        var start = key
        while true {
            // A comment before the key on its line (`/* note */ "key" = …;`) is the entry's.
            var indentation = start
            while indentation > floor, text[indentation - 1] == 0x20 || text[indentation - 1] == 0x09 {
                indentation -= 1
            }
            if let comment = comments.last(where: {
                $0.upperBound == indentation && text[$0.lowerBound + 1] == ascii("*")
            }) {
                start = comment.lowerBound
                continue
            }
            guard let lineStart = ownLineStart(text, of: start, notBefore: floor) else { return start }
            // The line above must end right before this one and hold a comment ending there.
            guard lineStart > floor else { return lineStart }
            var before = lineStart
            var breaks = 0
            while before > floor,
                text[before - 1] == 0x0A || text[before - 1] == 0x0D || text[before - 1] == 0x20
                    || text[before - 1] == 0x09
            {
                if text[before - 1] == 0x0A || (text[before - 1] == 0x0D && text[before] != 0x0A) { breaks += 1 }
                before -= 1
            }
            if breaks > 1 || before <= floor { return lineStart }
            guard let comment = comments.last(where: { $0.upperBound == before })?.lowerBound,
                ownLineStart(text, of: comment, notBefore: floor) != nil
            else { return lineStart }
            start = comment
        }
    }

    /// The comments in `gap`, which holds only white space and comments (the text between
    /// two entries of a file the parser accepted), found from its start: a `/*` inside a
    /// comment opens nothing, so a comment's start cannot be found from its end.
    /// A `//` comment's range ends before the spaces at the end of its line.
    private static func comments(_ text: [UInt8], in gap: Range<Int>) -> [Range<Int>] {
        var comments: [Range<Int>] = []
        var index = gap.lowerBound
        while index + 1 < gap.upperBound {
            guard text[index] == ascii("/"), text[index + 1] == ascii("*") || text[index + 1] == ascii("/") else {
                index += 1
                continue
            }
            let start = index
            if text[index + 1] == ascii("*") {
                index += 2
                while index + 1 < gap.upperBound, !(text[index] == ascii("*") && text[index + 1] == ascii("/")) {
                    index += 1
                }
                index = min(index + 2, gap.upperBound)
                comments.append(start..<index)
            } else {
                while index < gap.upperBound, !endsCommentLine(text, at: index) { index += 1 }
                var end = index
                while end > start + 2, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
                comments.append(start..<end)
            }
        }
        return comments
    }

    /// Past the line break of the entry's last line when nothing but spaces or a comment
    /// follows its `;` there (a `/* … */` comment that starts there may run over lines: it
    /// is the entry's, not a note above the next one); else right after the `;`.
    fileprivate static func tailEnd(_ text: [UInt8], after end: Int) -> Int {
        var index = end
        while index < text.count, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
        if index + 1 < text.count, text[index] == ascii("/"), text[index + 1] == ascii("/") {
            while index < text.count, !endsCommentLine(text, at: index) { index += 1 }
        } else if index + 1 < text.count, text[index] == ascii("/"), text[index + 1] == ascii("*") {
            var close = index + 2
            while close + 1 < text.count, !(text[close] == ascii("*") && text[close + 1] == ascii("/")) {
                close += 1
            }
            index = min(close + 2, text.count)
            while index < text.count, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
        }
        if index == text.count { return index }
        if text[index] == 0x0D { return index + 1 < text.count && text[index + 1] == 0x0A ? index + 2 : index + 1 }
        if text[index] == 0x0A { return index + 1 }
        return end
    }
}
