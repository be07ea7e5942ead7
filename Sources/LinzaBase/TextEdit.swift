/// A replacement of a byte range of a text: the unit every writing command plans in, so
/// that untouched bytes stay exactly as they were.
package struct TextEdit: Hashable, Sendable {
    package var range: Range<Int>
    package var replacement: [UInt8]

    package init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    /// An insertion at `offset`.
    package static func insert(_ bytes: [UInt8], at offset: Int) -> TextEdit {
        TextEdit(range: offset..<offset, replacement: bytes)
    }

    /// `text` with `edits` applied. Edits must not overlap; insertions at one offset keep
    /// their order.
    package static func apply(_ edits: [TextEdit], to text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        // Exactly the result's size: a whole-file replacement must not reserve the file twice.
        result.reserveCapacity(text.count + edits.reduce(0) { $0 + $1.replacement.count - $1.range.count })
        var position = 0
        for edit in sorted(edits) {
            precondition(edit.range.lowerBound >= position, "overlapping text edits")
            result += text[position..<edit.range.lowerBound]
            result += edit.replacement
            position = edit.range.upperBound
        }
        result += text[position...]
        return result
    }

    /// Whether two of `edits` overlap, which `apply` does not allow: edits made from a file
    /// anyone can write (a prune archive) are checked with this first.
    package static func overlap(_ edits: [TextEdit]) -> Bool {
        var position = 0
        for edit in sorted(edits) {
            if edit.range.lowerBound < position { return true }
            position = edit.range.upperBound
        }
        return false
    }

    /// By start, insertions before a replacement at the same offset, otherwise stable.
    static func sorted(_ edits: [TextEdit]) -> [TextEdit] {
        edits.enumerated().sorted { left, right in
            let (a, b) = (left.element.range, right.element.range)
            if a.lowerBound != b.lowerBound { return a.lowerBound < b.lowerBound }
            if a.isEmpty != b.isEmpty { return a.isEmpty }
            return left.offset < right.offset
        }.map(\.element)
    }
}
