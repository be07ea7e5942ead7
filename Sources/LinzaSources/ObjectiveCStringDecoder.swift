import LinzaBase

/// Decodes an Objective-C or C string literal (`@"…"` or `"…"`) into the text the compiler
/// produces: C escapes (`\n`, `\"`, octal, `\x`, `\u`, `\U`) resolved, backslash line
/// continuations removed. Bytes from octal and `\x` escapes are taken as UTF-8.
package enum ObjectiveCStringDecoder {
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> String {
        var index = start
        if index < end, bytes[index] == ascii("@") { index += 1 }
        index += 1  // opening quote
        let bodyEnd = max(index, end - 1)
        var output: [UInt8] = []
        output.reserveCapacity(bodyEnd - index)
        while index < bodyEnd {
            let byte = bytes[index]
            guard byte == ascii("\\"), index + 1 < bodyEnd else {
                output.append(byte)
                index += 1
                continue
            }
            index += 1
            let code = bytes[index]
            index += 1
            switch code {
            case ascii("n"): output.append(0x0A)
            case ascii("t"): output.append(0x09)
            case ascii("r"): output.append(0x0D)
            case ascii("a"): output.append(0x07)
            case ascii("b"): output.append(0x08)
            case ascii("f"): output.append(0x0C)
            case ascii("v"): output.append(0x0B)
            case ascii("e"): output.append(0x1B)
            case 0x0A: break  // line continuation
            case 0x0D: if index < bodyEnd, bytes[index] == 0x0A { index += 1 }
            case ascii("0")...ascii("7"):
                var value = UInt32(code - ascii("0"))
                var digits = 1
                while digits < 3, index < bodyEnd, bytes[index] >= ascii("0"), bytes[index] <= ascii("7") {
                    value = value * 8 + UInt32(bytes[index] - ascii("0"))
                    index += 1
                    digits += 1
                }
                output.append(UInt8(truncatingIfNeeded: value))
            case ascii("x"):
                var value: UInt32 = 0
                while index < bodyEnd, let digit = hexDigitValue(bytes[index]) {
                    value = value &* 16 &+ digit
                    index += 1
                }
                output.append(UInt8(truncatingIfNeeded: value))
            case ascii("u"), ascii("U"):
                var value: UInt32 = 0
                var digits = 0
                let length = code == ascii("u") ? 4 : 8
                while digits < length, index < bodyEnd, let digit = hexDigitValue(bytes[index]) {
                    value = value &* 16 &+ digit
                    index += 1
                    digits += 1
                }
                output.append(contentsOf: UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}")!)
            default:
                output.append(code)  // \" \' \\ \? and unknown escapes stand for the character
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
