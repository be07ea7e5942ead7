/// The encodings Linza accepts for table files.
public enum TextEncoding: String, Sendable, Hashable {
    case utf8
    case utf8WithBOM = "utf8-bom"
    case utf16LittleEndian = "utf16le"
    case utf16BigEndian = "utf16be"
}

/// A table file whose bytes are not text Linza (or Apple's parser) can read.
public struct TextDecodingFailure: Error, Hashable, Sendable {
    /// 1-based line and column (in UTF-8 bytes of the text decoded so far).
    public var line: Int
    public var column: Int
    public var reason: String
}

/// Turns a table file's bytes into UTF-8: UTF-8 with or without BOM as is, UTF-16 with a
/// BOM transcoded. Anything else is a failure with a position, never an empty table.
public enum TextDecoding {
    /// The text as UTF-8 bytes (BOM removed) and the encoding it was stored in.
    public static func utf8(from bytes: [UInt8]) -> Result<(text: [UInt8], encoding: TextEncoding), TextDecodingFailure> {
        if bytes.starts(with: [0xFF, 0xFE]) { return transcodeUTF16(bytes, bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return transcodeUTF16(bytes, bigEndian: true) }
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let text = hasBOM ? Array(bytes.dropFirst(3)) : bytes
        return text.withUnsafeBufferPointer { buffer in
            if !hasBOM, let zero = buffer.prefix(512).firstIndex(of: 0) {
                let (line, column) = LineIndex(buffer).position(of: zero)
                return .failure(TextDecodingFailure(
                    line: line, column: column,
                    reason: "the file looks like UTF-16 without a byte-order mark; save it as UTF-8, or as UTF-16 with a BOM"))
            }
            if let invalid = UTF8Validation.firstInvalidOffset(buffer) {
                let (line, column) = LineIndex(buffer).position(of: invalid)
                let byte = String(buffer[invalid], radix: 16, uppercase: true)
                return .failure(TextDecodingFailure(
                    line: line, column: column,
                    reason: "the file is not valid UTF-8 (byte 0x\(byte)); save it as UTF-8, or as UTF-16 with a BOM"))
            }
            return .success((text, hasBOM ? .utf8WithBOM : .utf8))
        }
    }

    private static func transcodeUTF16(_ bytes: [UInt8], bigEndian: Bool)
        -> Result<(text: [UInt8], encoding: TextEncoding), TextDecodingFailure>
    {
        let unitCount = (bytes.count - 2) / 2
        var units: [UInt16] = []
        units.reserveCapacity(unitCount)
        for index in 0..<unitCount {
            let first = UInt16(bytes[2 + 2 * index]), second = UInt16(bytes[3 + 2 * index])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
        }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) {
            text.append($0)
        }
        if failed || bytes.count % 2 != 0 {
            let (line, column) = text.withUnsafeBufferPointer { buffer in
                LineIndex(buffer).position(of: buffer.count)
            }
            let problem = failed ? "an unpaired UTF-16 surrogate" : "an odd number of bytes"
            return .failure(TextDecodingFailure(line: line, column: column,
                                                reason: "the UTF-16 file has \(problem)"))
        }
        return .success((text, bigEndian ? .utf16BigEndian : .utf16LittleEndian))
    }
}
