/// Finds the first byte that breaks UTF-8, with an eight-bytes-at-a-time fast path for
/// ASCII (most of any source file). Inlinable, as every file read goes through it.
package enum UTF8Validation {
    /// The offset of the first invalid byte, or nil when `bytes[start...]` is valid UTF-8.
    @inlinable package static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int?
    {
        let count = bytes.count
        var index = start
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var minimum: UInt8 = 0x80, maximum: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; minimum = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; maximum = 0x9F  // no UTF-16 surrogates
            case 0xF0: length = 4; minimum = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; maximum = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= minimum, second <= maximum else { return index }
            for offset in 2..<max(length, 2) where bytes[index + offset] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }
}
