import LinzaBase

extension TextEncoding {
    /// `text` (UTF-8) in this encoding, with the byte-order mark `TextDecoding` read (every
    /// encoding has one but plain UTF-8 and the single-byte ones an XML declaration names).
    /// Writers re-encode a whole file through this and check that the unedited text comes
    /// back byte for byte before they write anything.
    package func encode(_ text: [UInt8]) -> [UInt8] {
        switch self {
        case .utf8:
            return text
        case .utf8WithBOM:
            return [0xEF, 0xBB, 0xBF] + text
        case .utf16LittleEndian, .utf16BigEndian:
            let little = self == .utf16LittleEndian
            var bytes: [UInt8] = little ? [0xFF, 0xFE] : [0xFE, 0xFF]
            bytes.reserveCapacity(2 + text.count * 2)
            for unit in String(decoding: text, as: UTF8.self).utf16 {
                let low = UInt8(unit & 0xFF), high = UInt8(unit >> 8)
                bytes += little ? [low, high] : [high, low]
            }
            return bytes
        case .utf32LittleEndian, .utf32BigEndian:
            let little = self == .utf32LittleEndian
            var bytes: [UInt8] = little ? [0xFF, 0xFE, 0x00, 0x00] : [0x00, 0x00, 0xFE, 0xFF]
            for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
                let value = scalar.value
                let units = [
                    UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24),
                ]
                bytes += little ? units : units.reversed()
            }
            return bytes
        case .isoLatin1, .windowsLatin1, .usASCII:
            let declared: XMLDeclaredEncoding =
                self == .isoLatin1 ? .isoLatin1 : self == .usASCII ? .usASCII : .windowsLatin1
            // A character the encoding lacks becomes "?", which the writers' read-back check catches.
            return String(decoding: text, as: UTF8.self).unicodeScalars.map { declared.byte(for: $0) ?? ascii("?") }
        }
    }
}
