/// Maps byte offsets of a UTF-8 buffer to 1-based lines and 1-based byte columns.
///
/// Built only for files that have something to report, so files without findings cost
/// no second pass. Line breaks are LF, CRLF and lone CR, as in Swift and `.strings`.
/// Inlinable: the lexers and table readers of other modules build and query it per file.
package struct LineIndex: Sendable {
    @usableFromInline let lineStarts: [Int]

    /// `contentStart` is where line 1 begins (after a BOM, which is not counted).
    @inlinable package init(_ bytes: UnsafeBufferPointer<UInt8>, contentStart: Int = 0) {
        var starts = [contentStart]
        var index = contentStart
        let count = bytes.count
        while index < count {
            // Eight bytes at a time while none of them is CR or LF (SWAR zero-byte test).
            if index + 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if !Self.hasByte(word, 0x0A) && !Self.hasByte(word, 0x0D) {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                starts.append(index)
            } else if byte == 0x0D {
                if index < count, bytes[index] == 0x0A { index += 1 }
                starts.append(index)
            }
        }
        lineStarts = starts
    }

    /// Whether any byte of `word` equals `byte`.
    @inlinable @inline(__always) static func hasByte(_ word: UInt64, _ byte: UInt8) -> Bool {
        let pattern = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (pattern &- 0x0101_0101_0101_0101) & ~pattern & 0x8080_8080_8080_8080 != 0
    }

    /// The 1-based line and column of `offset`.
    @inlinable package func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The offset of 1-based `line` and `column`, nil when the line does not exist.
    package func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        return lineStarts[line - 1] + column - 1
    }
}
