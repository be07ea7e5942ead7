import LinzaBase

/// A new entry for a `.strings` file.
package struct NewStringsEntry: Hashable, Sendable {
    package var key: String
    package var value: String
    /// The note for translators; nil or empty writes genstrings' "No comment provided by
    /// engineer." where the file's entries have comments.
    package var comment: String?
    /// In a String Catalog, the localization this adds to an existing entry; nil for a new
    /// entry (or any entry of a file that holds one language).
    package var language: String?
    /// Write `comment` above the entry even in a file whose entries have none (an entry moved
    /// from another table keeps its note for translators).
    package var keepsComment = false
    /// In a String Catalog, a new entry kept by hand (`extractionState: manual`), as a key is
    /// that only calls Xcode's extraction does not read use: left automatic, Xcode's next
    /// build would find no call of it and mark it stale.
    package var isManual = false

    package init(
        key: String, value: String, comment: String? = nil, language: String? = nil, keepsComment: Bool = false,
        isManual: Bool = false
    ) {
        self.key = key
        self.value = value
        self.comment = comment
        self.language = language
        self.keepsComment = keepsComment
        self.isManual = isManual
    }
}

extension StringsDocument {
    /// The edits that remove the entries at `indices`, each with its comment block, trailing
    /// comment, line break and one of the blank lines around it; neighbours' removals merged.
    package func deletions(of indices: Set<Int>) -> [TextEdit] {
        var ranges: [Range<Int>] = []
        for range in indices.sorted().map({ deletion(of: $0).range }) {
            if let last = ranges.last, range.lowerBound <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        return ranges.map { TextEdit(range: $0, replacement: []) }
    }

    /// The edit that removes entry `index`: its comment block, the entry, its trailing
    /// comment and line break, and one of the blank lines around it, so that the entries
    /// left keep the file's spacing.
    package func deletion(of index: Int) -> TextEdit {
        var range = entries[index].span
        // An entry that shares its line with another takes the spaces between them, so that
        // neither is left with spaces at a line's start or end: the ones after it when more
        // follows on its line, else the ones before it.
        var end = range.upperBound
        while end < text.count, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
        if range.upperBound < text.count, !isLineStart(range.upperBound), end < text.count, text[end] != 0x0A,
            text[end] != 0x0D
        {
            range = range.lowerBound..<end
        } else if range.lowerBound > 0, !isLineStart(range.lowerBound) {
            var start = range.lowerBound
            while start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
            // The entry before it keeps the line break that ends their line.
            var end = range.upperBound
            if isLineStart(end) {
                end -= 1
                if text[end] == 0x0A, end > range.lowerBound, text[end - 1] == 0x0D { end -= 1 }
            }
            range = (isLineStart(start) ? range.lowerBound : start)..<end
            return TextEdit(range: range, replacement: [])
        }
        // An entry between two blank lines takes one of them along (the one before it, but
        // for the first entry the one after, so a header comment stays apart; so does an
        // entry that starts the file, so that the file does not start blank); an entry that
        // ends a group keeps the blank line that separates the groups, and the last entry of
        // the file takes the blank line before it, leaving none at the end.
        let blankBefore = blankLine(endingAt: range.lowerBound)
        let blankAfter = isLineStart(range.upperBound) ? blankLine(startingAt: range.upperBound) : nil
        if let blankBefore, blankAfter != nil || range.upperBound == text.count, index > 0 || blankAfter == nil {
            range = blankBefore.lowerBound..<range.upperBound
        } else if blankBefore != nil || range.lowerBound == 0, let blankAfter {
            range = range.lowerBound..<blankAfter.upperBound
        }
        // The last entry of a file without a final line break: the line break before it goes
        // too, so the file still ends without one.
        if range.upperBound == text.count, !endsWithLineBreak, range.lowerBound > 0, isLineStart(range.lowerBound) {
            var start = range.lowerBound - 1
            if text[start] == 0x0A, start > 0, text[start - 1] == 0x0D { start -= 1 }
            range = start..<range.upperBound
        }
        return TextEdit(range: range, replacement: [])
    }

    /// The edits that add `newEntries`, each placed where the file's order says: in sorted
    /// position when the file is sorted, else after the key named by `after` (when the file
    /// has it), else at the end. New entries copy the file's style: comments above entries
    /// or not, blank lines between entries or not, the spacing around `=`.
    /// Entries at `removed` are being deleted in the same plan: nothing is placed after them.
    package func insertions(
        _ newEntries: [NewStringsEntry], removing removed: Set<Int> = [],
        after: (String) -> String? = { _ in nil }
    ) -> [TextEdit] {
        let style = inheritedStyle ?? Style(self)
        let order = SortOrder.detect(entries.map(\.key))
        let kept = entries.indices.filter { !removed.contains($0) }
        // Where the file will end once the removed entries are gone, when they end it.
        let removedTail = deletions(of: removed).last { $0.range.upperBound == text.count }?.range
        var edits: [TextEdit] = []
        var intoEmptyFile = 0
        var atEntrylessEnd = 0
        // Entries inserted at one place keep the file's order among themselves too.
        let newEntries =
            order.map { order in newEntries.sorted { order.areInIncreasingOrder($0.key, $1.key) } } ?? newEntries
        // The last kept entry of each key, made the first time a new entry names one to follow.
        var lastKept: [String: Int]?
        for entry in newEntries {
            let anchor: Int?
            if let order {
                // After the last entry that sorts before the new key (nil: before the first).
                // The kept entries are in that order, so those before the key are a prefix
                // of them: found by halves, not by a walk per new entry.
                var low = 0, high = kept.count
                while low < high {
                    let middle = (low + high) / 2
                    if order.areInIncreasingOrder(entries[kept[middle]].key, entry.key) {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                anchor = low > 0 ? kept[low - 1] : nil
                if anchor == nil, let first = kept.first {
                    edits.append(.insert(style.render(entry) + style.separator, at: entries[first].span.lowerBound))
                    continue
                }
            } else if let previous = after(entry.key),
                let index = {
                    if lastKept == nil {
                        lastKept = Dictionary(kept.map { (entries[$0].key, $0) }) { _, later in later }
                    }
                    return lastKept?[previous]
                }()
            {
                anchor = index
            } else {
                anchor = kept.last
            }
            if let anchor, let removedTail, removedTail.contains(entries[anchor].span.upperBound),
                entries[anchor].span.upperBound != removedTail.lowerBound
            {
                // The anchor becomes the last entry, and the removal takes the line break after it
                // (the file has none at its end): the new entry follows right after it, and
                // the file still ends without a line break.
                edits.append(
                    .insert(
                        lineEnding + style.separator + style.renderWithoutLineBreak(entry), at: removedTail.lowerBound))
                continue
            }
            if anchor == nil, text.isEmpty {
                // A new or empty file: the file's blank lines between entries, if it has them.
                edits.append(.insert((intoEmptyFile > 0 ? style.separator : []) + style.render(entry), at: 0))
                intoEmptyFile += 1
                continue
            }
            var edit = insertion(of: entry, after: anchor, style: style)
            if anchor == nil, endsWithLineBreak {
                // No entry to follow (a file of blank lines or comments only): at its end,
                // the file's blank lines between the new entries.
                if atEntrylessEnd > 0 { edit.replacement = style.separator + edit.replacement }
                atEntrylessEnd += 1
            }
            edits.append(edit)
        }
        if intoEmptyFile > 0, isNew, style.endsWithBlankLine { edits.append(.insert(lineEnding, at: 0)) }
        return edits
    }

    /// `entry` after entry `anchor` (or at the end of an empty file).
    private func insertion(of entry: NewStringsEntry, after anchor: Int?, style: Style) -> TextEdit {
        guard let anchor else {
            // An empty file, or one of comments only: at the end, on a line of its own, and
            // a file that does not end in a line break still does not.
            if text.isEmpty || endsWithLineBreak { return .insert(style.render(entry), at: text.count) }
            return .insert(lineEnding + style.renderWithoutLineBreak(entry), at: text.count)
        }
        let end = entries[anchor].span.upperBound
        if isLineStart(end) || end == text.count && endsWithLineBreak {
            return .insert(style.separator + style.render(entry), at: end)
        }
        // The anchor's line does not end in a line break (the end of the file, or another
        // entry or a comment over lines after it): start a new line, and leave what followed
        // on the anchor's line after the new entry, so that it stays off a line of its own
        // (at a line's start, a comment would become the next entry's note).
        return .insert(lineEnding + style.separator + style.renderWithoutLineBreak(entry), at: end)
    }

    private func isLineStart(_ offset: Int) -> Bool {
        offset > 0 && (text[offset - 1] == 0x0A || text[offset - 1] == 0x0D)
    }

    /// The blank line (spaces and tabs, then a line break) that ends at `offset`, if any.
    private func blankLine(endingAt offset: Int) -> Range<Int>? {
        guard isLineStart(offset) else { return nil }
        var start = offset - 1
        if text[start] == 0x0A, start > 0, text[start - 1] == 0x0D { start -= 1 }
        while start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || text[start - 1] == 0x0A || text[start - 1] == 0x0D, start > 0 else { return nil }
        return start..<offset
    }

    /// The blank line that starts at `offset`, if any.
    private func blankLine(startingAt offset: Int) -> Range<Int>? {
        var index = offset
        while index < text.count, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
        guard index < text.count, text[index] == 0x0A || text[index] == 0x0D else { return nil }
        if text[index] == 0x0D, index + 1 < text.count, text[index + 1] == 0x0A { index += 1 }
        return offset..<(index + 1)
    }
}

/// How a file writes its entries, read off its existing ones.
struct Style {
    var lineEnding: [UInt8]
    /// Whether most entries have a comment above them.
    var commentsEntries: Bool
    /// Whether an entry whose call gives a comment gets it even when `commentsEntries` is
    /// false (a file with no entries to follow).
    var writesGivenComments = false
    /// A blank line between entries when most entries are separated by one.
    var separator: [UInt8]
    /// The bytes between a key's closing quote and its value's opening quote (` = `).
    var assignment: [UInt8]
    /// Whether the file ends with a blank line after its last entry, as genstrings and
    /// Xcode's importer end a file: a new file made like it does too.
    var endsWithBlankLine: Bool

    init(_ document: StringsDocument) {
        lineEnding = document.lineEnding
        let entries = document.entries
        var commented = 0, separated = 0
        var assignments: [[UInt8]: Int] = [:]
        // Each entry's span found once (entries find them when asked).
        var previousSpanEnd: Int?
        for entry in entries {
            let span = entry.span
            let start = document.text[span].drop(while: { $0 == 0x20 || $0 == 0x09 })
            if start.starts(with: Array("/*".utf8)) || start.starts(with: Array("//".utf8)) { commented += 1 }
            if let previousSpanEnd, Self.startsWithBlankLine(document.text, from: previousSpanEnd, to: span.lowerBound)
            {
                separated += 1
            }
            previousSpanEnd = span.upperBound
            if let assignment = Self.assignment(document.text, entry: entry) {
                assignments[assignment, default: 0] += 1
            }
        }
        commentsEntries = commented * 2 > entries.count
        // A file without entries has no style to copy: its entries get the comments their
        // calls give and a blank line between them, as genstrings writes (KeePassium's empty
        // en.lproj table got 684 entries without their calls' comments).
        writesGivenComments = entries.isEmpty
        separator =
            entries.isEmpty || (entries.count > 1 && separated * 2 >= entries.count - 1) ? document.lineEnding : []
        assignment = assignments.max { $0.value < $1.value }?.key ?? Array(" = ".utf8)
        endsWithBlankLine =
            entries.last.map {
                Self.startsWithBlankLine(document.text, from: $0.span.upperBound, to: document.text.count)
            }
            == true
    }

    /// The entry's lines, line break included.
    func render(_ entry: NewStringsEntry) -> [UInt8] {
        renderWithoutLineBreak(entry) + lineEnding
    }

    func renderWithoutLineBreak(_ entry: NewStringsEntry) -> [UInt8] {
        var bytes: [UInt8] = []
        if commentsEntries || (entry.keepsComment || writesGivenComments) && entry.comment?.isEmpty == false {
            let comment = entry.comment.flatMap { $0.isEmpty ? nil : $0 } ?? "No comment provided by engineer."
            // A comment cannot hold its own end: `*/` is broken up.
            bytes += Array("/* \(comment.replacing("*/", with: "* /")) */".utf8) + lineEnding
        }
        bytes += Self.quoted(entry.key) + assignment + Self.quoted(entry.value) + [UInt8(ascii: ";")]
        return bytes
    }

    /// A `.strings` string literal: quotes, backslashes and control characters escaped the
    /// way Apple's parser reads them back.
    static func quoted(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += Array("\\\"".utf8)
            case UInt8(ascii: "\\"): bytes += Array("\\\\".utf8)
            case 0x0A: bytes += Array("\\n".utf8)
            case 0x0D: bytes += Array("\\r".utf8)
            case 0x09: bytes += Array("\\t".utf8)
            default: bytes.append(byte)
            }
        }
        return bytes + [UInt8(ascii: "\"")]
    }

    /// What separates an entry's key from its value, when both are quoted.
    private static func assignment(_ text: [UInt8], entry: StringsDocument.Entry) -> [UInt8]? {
        // From the key's opening quote (a comment above it may hold quotes too).
        guard text[entry.keyOffset] == UInt8(ascii: "\"") else { return nil }
        var index = entry.keyOffset + 1
        while index < entry.end, text[index] != UInt8(ascii: "\"") {
            index += text[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < entry.end else { return nil }
        let afterKey = index + 1
        guard let valueStart = text[afterKey..<entry.end].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let between = Array(text[afterKey..<valueStart])
        return between.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: "=") })
            && between.count(where: { $0 == UInt8(ascii: "=") }) == 1 ? between : nil
    }

    private static func startsWithBlankLine(_ text: [UInt8], from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
        return index < end && (text[index] == 0x0A || text[index] == 0x0D)
    }
}

/// An order a file's keys are sorted in, if any: byte order, or case-insensitive.
struct SortOrder {
    let areInIncreasingOrder: (String, String) -> Bool

    /// The order the keys follow; nil for fewer than three keys or unsorted ones.
    static func detect(_ keys: [String]) -> SortOrder? {
        guard keys.count >= 3 else { return nil }
        let orders = [
            SortOrder { $0.utf8.lexicographicallyPrecedes($1.utf8) },
            SortOrder { $0.lowercased().utf8.lexicographicallyPrecedes($1.lowercased().utf8) },
        ]
        return orders.first { order in
            zip(keys, keys.dropFirst()).allSatisfy { !order.areInIncreasingOrder($1, $0) }
        }
    }
}

extension StringsDocument {
    /// A `.strings` file of `entries` in their order as genstrings (and Xcode's importer)
    /// writes one: for each, its comment (genstrings' "No comment provided by engineer."
    /// without one), the entry, an empty line; UTF-8, `\n` line breaks.
    package static func genstringsText(_ entries: [NewStringsEntry]) -> [UInt8] {
        var bytes: [UInt8] = []
        for entry in entries {
            let comment = entry.comment.flatMap { $0.isEmpty ? nil : $0 } ?? "No comment provided by engineer."
            bytes += Array("/* \(comment.replacing("*/", with: "* /")) */\n".utf8)
            bytes += Style.quoted(entry.key) + Array(" = ".utf8) + Style.quoted(entry.value) + Array(";\n\n".utf8)
        }
        return bytes
    }
}
