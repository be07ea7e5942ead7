import LinzaBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A printf-style conversion in a translation (`%@`, `%d`, `%2$.1f`, `%#@items@`) and the
/// argument it consumes, so translations can be checked against each other.
@usableFromInline package struct FormatSpecifier: Hashable, Sendable {
    /// What an argument must be. Integer widths matter: `%d` reads 32 bits, `%ld` 64.
    package enum ArgumentType: String, Hashable, Sendable {
        case object = "an object (%@)"
        case int32 = "an int (%d)"
        case int64 = "a long (%ld)"
        case double = "a double (%f)"
        case character = "a character (%c)"
        case cString = "a C string (%s)"
        case unicharString = "a unichar string (%S)"
        case pointer = "a pointer (%p)"
        /// `%#@name@`: a stringsdict variable, whose own rule says what it takes.
        case variable = "a stringsdict variable (%#@…@)"
    }

    /// The 1-based argument the conversion reads.
    package var argument: Int
    package var type: ArgumentType
    /// The specifier as written.
    package var text: String

    /// The conversions of `text`, each with the argument it reads: explicit (`%2$@`), or
    /// the next of the non-positional ones, which CoreFoundation counts on their own
    /// (`%2$d %3$d %d` reads 2, 3 and then 1). `*` widths and precisions read an int each.
    package static func parse(_ text: String) -> [FormatSpecifier] {
        // Most texts have no conversion at all; that is found on the bytes alone.
        guard text.hasFormatSign else { return [] }
        var copy = text
        return copy.withUTF8 { bytes in
            var result: [FormatSpecifier] = []
            forEachConversion(in: bytes) { argument, type, range in
                result.append(
                    FormatSpecifier(
                        argument: argument, type: type,
                        text: String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)))
            }
            return result
        }
    }

    /// Argument number to type; nil when one argument is read as two different types.
    /// Made without a `FormatSpecifier` or string per conversion: `format_mismatch` asks
    /// for every translated text with a `%`.
    package static func signature(_ text: String) -> [Int: ArgumentType]? {
        guard text.hasFormatSign else { return [:] }
        var copy = text
        return copy.withUTF8 { bytes in
            var result: [Int: ArgumentType] = [:]
            var agrees = true
            forEachConversion(in: bytes) { argument, type, _ in
                if let existing = result.updateValue(type, forKey: argument), existing != type { agrees = false }
            }
            return agrees ? result : nil
        }
    }

    /// Calls `body` with the argument, type and byte range of every conversion of UTF-8
    /// `bytes`, in order: conversions are ASCII, so no decoding is needed except to look at
    /// the character after a `% ` (see below).
    private static func forEachConversion(
        in bytes: UnsafeBufferPointer<UInt8>,
        _ body: (_ argument: Int, _ type: ArgumentType, _ range: Range<Int>) -> Void
    ) {
        var next = 1
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == ascii("%") else {
                index += 1
                continue
            }
            let start = index
            index += 1
            guard index < count else { break }
            if bytes[index] == ascii("%") {
                index += 1
                continue
            }
            // `%arg` stands for a String Catalog substitution's own value.
            if index + 2 < count, bytes[index] == ascii("a"), bytes[index + 1] == ascii("r"),
                bytes[index + 2] == ascii("g")
            {
                index += 3
                continue
            }
            // Optional explicit position `n$`.
            var position: Int?
            var lookahead = index
            var number = 0
            while lookahead < count, isDigit(bytes[lookahead]) {
                number = number &* 10 &+ Int(bytes[lookahead] - ascii("0"))
                lookahead += 1
            }
            if lookahead > index, lookahead < count, bytes[lookahead] == ascii("$") {
                position = number
                index = lookahead + 1
            } else if lookahead > index, lookahead + 1 < count, bytes[lookahead] == ascii("#"),
                bytes[lookahead + 1] == ascii("@")
            {
                position = number  // `%1#@name@`, a spelling real .stringsdict files use for `%1$#@name@`
                index = lookahead
            }
            // `%#@name@` names a stringsdict variable.
            if index + 1 < count, bytes[index] == ascii("#"), bytes[index + 1] == ascii("@") {
                var end = index + 2
                while end < count, bytes[end] != ascii("@") { end += 1 }
                guard end < count else { break }
                let argument = position ?? next
                if position == nil { next += 1 }
                body(argument, .variable, start..<(end + 1))
                index = end + 1
                continue
            }
            let spaceFlag = bytes[index] == ascii(" ")
            while index < count, isFlag(bytes[index]) { index += 1 }
            index = skipWidth(bytes, from: index, next: &next, body)
            if index < count, bytes[index] == ascii(".") {
                index = skipWidth(bytes, from: index + 1, next: &next, body)
            }
            let lengthStart = index
            while index < count, isLengthModifier(bytes[index]) { index += 1 }
            guard index < count,
                let type = type(of: bytes[index], length: UnsafeBufferPointer(rebasing: bytes[lengthStart..<index]))
            else {
                continue
            }
            // `20% off` is a percentage followed by a word, not `% o` (space flag, octal).
            if spaceFlag, bytes[index] != ascii("@"), index + 1 < count, isAlphabetic(bytes, at: index + 1) {
                continue
            }
            index += 1
            guard let type else { continue }  // %n writes, reads nothing we check
            let argument = position ?? next
            if position == nil { next += 1 }
            body(argument, type, start..<index)
        }
    }

    /// The variable names referenced with `%#@name@`.
    package static func variableReferences(in text: String) -> [String] {
        parse(text).filter { $0.type == .variable }.map { String($0.text.split(separator: "@")[1...].first ?? "") }
    }

    /// Skips a width or precision; a `*` reads the next argument as an int.
    private static func skipWidth(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, next: inout Int,
        _ body: (_ argument: Int, _ type: ArgumentType, _ range: Range<Int>) -> Void
    ) -> Int {
        var index = start
        if index < bytes.count, bytes[index] == ascii("*") {
            body(next, .int32, index..<(index + 1))
            next += 1
            return index + 1
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index
    }

    /// The argument type of a conversion character: nil if it is not one, `.some(nil)` for
    /// `%n`.
    private static func type(of conversion: UInt8, length: UnsafeBufferPointer<UInt8>) -> ArgumentType?? {
        switch conversion {
        case ascii("@"): return .some(.object)
        // CoreFoundation reads `%D`, `%U` and `%O` as `%d`, `%u` and `%o` (an int unless a
        // length says otherwise), not as C's obsolete `%ld`.
        case ascii("d"), ascii("i"), ascii("o"), ascii("u"), ascii("x"), ascii("X"), ascii("D"), ascii("U"),
            ascii("O"):
            return .some(isLong(length) ? .int64 : .int32)
        case ascii("f"), ascii("F"), ascii("e"), ascii("E"), ascii("g"), ascii("G"), ascii("a"), ascii("A"):
            return .some(.double)
        case ascii("c"), ascii("C"): return .some(.character)
        case ascii("s"): return .some(.cString)
        case ascii("S"): return .some(.unicharString)
        case ascii("p"): return .some(.pointer)
        case ascii("n"): return .some(nil)
        default: return nil
        }
    }

    /// `l`, `ll`, `q`, `z`, `t`, `j`: a 64-bit integer.
    private static func isLong(_ length: UnsafeBufferPointer<UInt8>) -> Bool {
        switch length.count {
        case 1:
            let byte = length[0]
            return byte == ascii("l") || byte == ascii("q") || byte == ascii("z") || byte == ascii("t")
                || byte == ascii("j")
        case 2: return length[0] == ascii("l") && length[1] == ascii("l")
        default: return false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= ascii("0") && byte <= ascii("9") }

    /// `- + space # 0 '`.
    private static func isFlag(_ byte: UInt8) -> Bool {
        byte == ascii("-") || byte == ascii("+") || byte == ascii(" ") || byte == ascii("#") || byte == ascii("0")
            || byte == ascii("'")
    }

    /// `h l q L z t j`.
    private static func isLengthModifier(_ byte: UInt8) -> Bool {
        byte == ascii("h") || byte == ascii("l") || byte == ascii("q") || byte == ascii("L") || byte == ascii("z")
            || byte == ascii("t") || byte == ascii("j")
    }

    /// Whether the character starting at `index` is a letter (decoding it when not ASCII).
    private static func isAlphabetic(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        return character.unicodeScalars.first?.properties.isAlphabetic == true
    }
}

extension String {
    /// Whether the text has a `%`, so it may hold format specifiers. Every translation is
    /// asked, so this is `memchr` over the bytes rather than a walk of the UTF-8 view.
    @inlinable package var hasFormatSign: Bool {
        utf8.withContiguousStorageIfAvailable(FormatSpecifier.hasFormatSign) ?? utf8.contains(UInt8(ascii: "%"))
    }
}

extension FormatSpecifier {
    /// Whether UTF-8 `bytes` hold a `%` (see `String.hasFormatSign`).
    @inlinable package static func hasFormatSign(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count > 0 && memchr(bytes.baseAddress!, Int32(UInt8(ascii: "%")), bytes.count) != nil
    }
}
