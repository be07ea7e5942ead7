import LinzaBase

/// The encodings Linza accepts for table files.
package enum TextEncoding: String, Sendable, Hashable {
    case utf8
    case utf8WithBOM = "utf8-bom"
    case utf16LittleEndian = "utf16le"
    case utf16BigEndian = "utf16be"
    case utf32LittleEndian = "utf32le"
    case utf32BigEndian = "utf32be"
    /// Single-byte encodings an XML property list may declare (`<?xml … encoding="…"?>`).
    case isoLatin1 = "iso-8859-1"
    case windowsLatin1 = "windows-1252"
    case usASCII = "us-ascii"

    /// Whether this is one of the single-byte encodings only an XML declaration selects.
    package var isDeclaredSingleByte: Bool { self == .isoLatin1 || self == .windowsLatin1 || self == .usASCII }
}

/// A table file whose bytes are not text Linza (or Apple's parser) can read.
package struct TextDecodingFailure: Error, Hashable, Sendable {
    /// 1-based line and column (in UTF-8 bytes of the text decoded so far).
    package var line: Int
    package var column: Int
    package var reason: String
    /// The file names an encoding Linza does not decode: the app may read it, Linza cannot check it.
    package var isUnsupportedEncoding = false
}

/// Turns a table file's bytes into UTF-8 the way Apple's property-list reader does: UTF-8
/// with or without BOM as is, UTF-16 and UTF-32 with a BOM transcoded (an unpaired
/// surrogate becomes U+FFFD, a stray last byte is dropped). Anything else is a failure with
/// a position, never an empty table. An XML property list is decoded in the encoding its
/// declaration names (`XMLDeclaredEncoding`), as the run time does.
package enum TextDecoding {
    /// The text as UTF-8 bytes (BOM removed) and the encoding it was stored in.
    package static func utf8(from bytes: [UInt8]) -> Result<
        (text: [UInt8], encoding: TextEncoding), TextDecodingFailure
    > {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return .success((transcode(bytes, .utf32LittleEndian), .utf32LittleEndian))
        }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            return .success((transcode(bytes, .utf32BigEndian), .utf32BigEndian))
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return .success((transcode(bytes, .utf16LittleEndian), .utf16LittleEndian))
        }
        if bytes.starts(with: [0xFE, 0xFF]) { return .success((transcode(bytes, .utf16BigEndian), .utf16BigEndian)) }
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        let text = hasBOM ? Array(bytes.dropFirst(3)) : bytes
        return text.withUnsafeBufferPointer { buffer in
            if !hasBOM {
                switch XMLDeclaredEncoding.of(buffer) {
                case .utf8: break
                case .other(let name):
                    var failure = TextDecodingFailure(
                        line: 1, column: 1,
                        reason:
                            "the file declares the encoding \(Messages.quoted(String(name.prefix(64)))), which Linza does not read (it reads UTF-8, "
                            + "UTF-16, UTF-32, ISO-8859-1, windows-1252 and US-ASCII); save it as UTF-8 to have it checked"
                    )
                    failure.isUnsupportedEncoding = true
                    return .failure(failure)
                case let declared: return singleByte(buffer, declared)
                }
            }
            if !hasBOM, looksLikeUTF16WithoutBOM(buffer) {
                return .failure(
                    TextDecodingFailure(
                        line: 1, column: 1,
                        reason:
                            "the file looks like UTF-16 without a byte-order mark; save it as UTF-8, or as UTF-16 with a BOM"
                    ))
            }
            if let invalid = UTF8Validation.firstInvalidOffset(buffer) {
                let (line, column) = LineIndex(buffer).position(of: invalid)
                let byte = String(buffer[invalid], radix: 16, uppercase: true)
                return .failure(
                    TextDecodingFailure(
                        line: line, column: column,
                        reason:
                            "the file is not valid UTF-8 (byte 0x\(byte)); save it as UTF-8, or as UTF-16 with a BOM"))
            }
            return .success((text, hasBOM ? .utf8WithBOM : .utf8))
        }
    }

    /// A file in a single-byte encoding its XML declaration names, as UTF-8.
    private static func singleByte(
        _ buffer: UnsafeBufferPointer<UInt8>,
        _ declared: XMLDeclaredEncoding
    ) -> Result<(text: [UInt8], encoding: TextEncoding), TextDecodingFailure> {
        var text: [UInt8] = []
        text.reserveCapacity(buffer.count + buffer.count / 8)
        for (offset, byte) in buffer.enumerated() {
            if byte < 0x80 { text.append(byte); continue }
            guard let scalar = declared.scalar(for: byte) else {
                let (line, column) = LineIndex(buffer).position(of: offset)
                let hex = String(byte, radix: 16, uppercase: true)
                // The run time cannot make US-ASCII text of such a byte; what it does with
                // windows-1252's five unassigned bytes is not known, so Linza only says it cannot check.
                var failure = TextDecodingFailure(
                    line: line, column: column,
                    reason: "the file declares the encoding \(declared.name), which has no character for byte 0x\(hex)"
                        + (declared == .usASCII ? "; the app cannot read it" : "; Linza cannot check it"))
                failure.isUnsupportedEncoding = declared != .usASCII
                return .failure(failure)
            }
            text.append(contentsOf: UTF8.encode(scalar)!)
        }
        let encoding: TextEncoding =
            switch declared {
            case .windowsLatin1: .windowsLatin1
            case .usASCII: .usASCII
            default: .isoLatin1
            }
        return .success((text, encoding))
    }

    /// UTF-16 text of mostly ASCII characters has a zero in every other byte: when the
    /// start of the file looks like that, it is UTF-16 without a BOM, not UTF-8 with NULs.
    private static func looksLikeUTF16WithoutBOM(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let sample = min(buffer.count, 512) & ~1
        guard sample >= 4 else { return false }
        var zerosAtEven = 0, zerosAtOdd = 0
        for index in 0..<sample where buffer[index] == 0 {
            if index % 2 == 0 { zerosAtEven += 1 } else { zerosAtOdd += 1 }
        }
        let half = sample / 2
        return max(zerosAtEven, zerosAtOdd) * 4 >= half * 3 && min(zerosAtEven, zerosAtOdd) == 0
    }

    /// Transcodes UTF-16 or UTF-32 after its BOM; errors are repaired with U+FFFD.
    private static func transcode(_ bytes: [UInt8], _ encoding: TextEncoding) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        switch encoding {
        case .utf16LittleEndian, .utf16BigEndian:
            let bigEndian = encoding == .utf16BigEndian
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index -> UInt16 in
                let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
                return bigEndian ? first << 8 | second : second << 8 | first
            }
            _ = Swift.transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) {
                text.append($0)
            }
        default:
            let bigEndian = encoding == .utf32BigEndian
            for index in stride(from: 4, to: bytes.count - 3, by: 4) {
                let value = (0..<4).reduce(UInt32(0)) { result, offset in
                    result << 8 | UInt32(bytes[index + (bigEndian ? offset : 3 - offset)])
                }
                text.append(contentsOf: UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}")!)
            }
        }
        return text
    }
}
