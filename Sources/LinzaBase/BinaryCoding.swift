#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds a compact binary record: unsigned LEB128 integers, length-prefixed bytes and
/// strings. With `BinaryReader`, the format of Linza's cache files; there is no Foundation
/// on the engine's floors, and a cache must be cheaper to read than the files it stands for.
package struct BinaryWriter: Sendable {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    /// Room for `count` bytes in all: a cache file of tens of megabytes written without the
    /// buffer doubling (and, for a moment, being held twice) as it grows.
    package mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    package mutating func write(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    package mutating func write(_ value: Int) {
        write(UInt64(bitPattern: Int64(value)))
    }

    /// Eight bytes, little-endian: for numbers that are mostly large (inodes, times in
    /// nanoseconds), which take nine or ten bytes and as many steps in LEB128.
    package mutating func write(fixed value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Overwrites the eight bytes at `offset`, written before by `write(fixed:)`: a length
    /// known only once what it counts is written.
    package mutating func write(fixed value: UInt64, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<(offset + 8), with: $0) }
    }

    package mutating func write(_ value: Int64) {
        write(UInt64(bitPattern: value))
    }

    package mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    package mutating func write(_ text: String) {
        write(bytes: text.utf8)
    }

    /// A flag, then the text when there is one. Named apart from `write(_: String)` so that
    /// a `String` is never written where an optional one will be read.
    package mutating func writeOptional(_ text: String?) {
        write(text != nil)
        if let text { write(text) }
    }

    /// A place: its file, line and column.
    package mutating func write(_ location: Location) {
        write(location.file)
        write(location.line)
        write(location.column)
    }

    /// A length, then the bytes.
    package mutating func write<Bytes: Collection>(bytes data: Bytes) where Bytes.Element == UInt8 {
        write(data.count)
        bytes.append(contentsOf: data)
    }

    /// `write(bytes:)` of a slice, one copy (see `append(raw:)` of a slice).
    package mutating func write(bytes data: ArraySlice<UInt8>) {
        write(data.count)
        bytes.append(contentsOf: data)
    }

    /// The bytes as they are, without a length (a header, a record already encoded).
    package mutating func append<Bytes: Sequence>(raw data: Bytes) where Bytes.Element == UInt8 {
        bytes.append(contentsOf: data)
    }

    /// `append(raw:)` of a slice, one copy: called from another module, the generic one is
    /// not specialised and walks the bytes one protocol call at a time (rewriting a cache
    /// file's thousands of kept entries, 8 M instructions).
    package mutating func append(raw data: ArraySlice<UInt8>) {
        bytes.append(contentsOf: data)
    }
}

/// Why a binary record could not be read: it is truncated, or not what its writer wrote.
package struct BinaryDecodingError: Error, Sendable {
    /// Where the record stops making sense.
    package var offset: Int

    package init(offset: Int) {
        self.offset = offset
    }
}

/// Reads what `BinaryWriter` wrote, checking every length against what is left, so that a
/// truncated or foreign file is an error, never a crash or a huge allocation.
package struct BinaryReader {
    private let bytes: ArraySlice<UInt8>
    package private(set) var offset: Int

    package init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    package var isAtEnd: Bool { offset == bytes.endIndex }

    /// Where the bytes end (what is left is `endIndex - offset`).
    package var endIndex: Int { bytes.endIndex }

    package mutating func readUInt64() throws(BinaryDecodingError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.endIndex, shift < 64 else { throw BinaryDecodingError(offset: offset) }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// What `write(fixed:)` wrote.
    package mutating func readFixedUInt64() throws(BinaryDecodingError) -> UInt64 {
        guard bytes.endIndex - offset >= 8 else { throw BinaryDecodingError(offset: offset) }
        let start = offset - bytes.startIndex
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: UInt64.self) }
        offset += 8
        return UInt64(littleEndian: value)
    }

    package mutating func readInt64() throws(BinaryDecodingError) -> Int64 {
        Int64(bitPattern: try readUInt64())
    }

    package mutating func readInt() throws(BinaryDecodingError) -> Int {
        let start = offset
        guard let value = Int(exactly: try readInt64()) else { throw BinaryDecodingError(offset: start) }
        return value
    }

    /// A count of items that each take at least one byte: never more than what is left.
    package mutating func readCount() throws(BinaryDecodingError) -> Int {
        let count = try readUInt64()
        guard count <= UInt64(bytes.endIndex - offset) else { throw BinaryDecodingError(offset: offset) }
        return Int(count)
    }

    package mutating func readBool() throws(BinaryDecodingError) -> Bool {
        guard offset < bytes.endIndex, bytes[offset] <= 1 else { throw BinaryDecodingError(offset: offset) }
        offset += 1
        return bytes[offset - 1] == 1
    }

    package mutating func readBytes() throws(BinaryDecodingError) -> ArraySlice<UInt8> {
        let count = try readCount()
        offset += count
        return bytes[(offset - count)..<offset]
    }

    /// Bytes that are not valid UTF-8 are an error: the writer wrote a `String`.
    package mutating func readString() throws(BinaryDecodingError) -> String {
        let start = offset
        let data = try readBytes()
        guard
            let text = data.withUnsafeBufferPointer({ buffer in
                UTF8Validation.firstInvalidOffset(buffer, from: 0) == nil
                    ? String(decoding: buffer, as: UTF8.self) : nil
            })
        else { throw BinaryDecodingError(offset: start) }
        return text
    }

    /// `readString()`, answered by `previous` itself when the bytes are its bytes: records of
    /// many findings repeat a rule, a path or a table from one finding to the next, and a
    /// string kept is neither validated nor stored again (nor, being the same storage, slow
    /// to compare later). A new string becomes `previous`.
    package mutating func readString(reusing previous: inout String) throws(BinaryDecodingError) -> String {
        let start = offset
        let data = try readBytes()
        let same = previous.utf8.withContiguousStorageIfAvailable { kept in
            data.withUnsafeBufferPointer { read in
                kept.count == read.count
                    && (read.isEmpty || memcmp(kept.baseAddress!, read.baseAddress!, read.count) == 0)
            }
        }
        if same == true { return previous }
        offset = start
        previous = try readString()
        return previous
    }

    /// `readLocation()`, its path reused as `readString(reusing:)` does.
    package mutating func readLocation(reusingPath path: inout String) throws(BinaryDecodingError) -> Location {
        let file = try readString(reusing: &path)
        return try readLocation(file: file)
    }

    package mutating func readOptionalString() throws(BinaryDecodingError) -> String? {
        try readBool() ? try readString() : nil
    }

    /// A place written by `BinaryWriter.write(_: Location)`; a line or column outside
    /// 1...2^29 (no file Linza reads has one) is an error.
    package mutating func readLocation() throws(BinaryDecodingError) -> Location {
        try readLocation(file: try readString())
    }

    private mutating func readLocation(file: String) throws(BinaryDecodingError) -> Location {
        let line = try readInt()
        let column = try readInt()
        guard (1...(1 << 29)).contains(line), (1...(1 << 29)).contains(column) else {
            throw BinaryDecodingError(offset: offset)
        }
        return Location(file: file, line: line, column: column)
    }

    /// `count` bytes as they are (a header).
    package mutating func readRaw(_ count: Int) throws(BinaryDecodingError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.endIndex - offset else { throw BinaryDecodingError(offset: offset) }
        offset += count
        return bytes[(offset - count)..<offset]
    }
}
