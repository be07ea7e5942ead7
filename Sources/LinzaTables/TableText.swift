import LinzaBase

/// Where a string of a table file lies: in the file's decoded text, or (for a string with
/// escapes, whose meaning differs from its bytes) in the decoded escapes kept beside it.
/// 32 bits are enough: Linza reads files of at most 256 MiB (`FileReader.maximumSize`), whose
/// text and escapes stay well below 2 GiB even when decoded from UTF-16.
package struct TextRange: Hashable, Sendable {
    /// The first byte: in the text when below its length, else in the escapes at
    /// `start - text.count`.
    package var start: Int32
    package var count: Int32

    package init(start: Int, count: Int) {
        self.start = Int32(start)
        self.count = Int32(count)
    }
}

/// A table file's decoded text kept whole, so that its entries are ranges into it: keys are
/// hashed and compared as bytes, and strings and line numbers are made only for the entries
/// a rule reports or reads (a big app's language passes read almost none of them).
package final class TableText: Sendable {
    package let path: String
    /// The file's text as UTF-8, BOM removed: what entries' offsets point into.
    package let text: [UInt8]
    /// Strings with escapes, decoded, one after another.
    package let escapes: [UInt8]
    private let lines: LineIndex
    /// Whether a `.strings` text's entries are wrapped in `{ }` (a property-list
    /// dictionary), which the writers leave as it is.
    package let isBraced: Bool

    /// `lines`: the text's line index, when the caller has built it already.
    package init(path: String, text: [UInt8], escapes: [UInt8], lines: LineIndex? = nil, isBraced: Bool = false) {
        self.path = path
        self.text = text
        self.escapes = escapes
        self.lines = lines ?? text.withUnsafeBufferPointer { LineIndex($0) }
        self.isBraced = isBraced
    }

    /// Calls `body` with the bytes of `range`.
    @inline(__always)
    package func withBytes<Result>(_ range: TextRange, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = Int(range.start), count = Int(range.count)
        if start < text.count {
            return text.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<start + count])) }
        }
        return escapes.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[start - text.count..<start - text.count + count]))
        }
    }

    /// The string `range` holds (valid UTF-8 by construction: the text was validated when
    /// decoded, and escapes are decoded to whole scalars).
    package func string(_ range: TextRange) -> String {
        withBytes(range) { String(decoding: $0, as: UTF8.self) }
    }

    /// The place of byte `offset` of the text.
    package func location(of offset: Int) -> Location {
        let (line, column) = lines.position(of: offset)
        return Location(file: path, line: line, column: column)
    }
}
